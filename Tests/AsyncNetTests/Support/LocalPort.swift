#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP port on 127.0.0.1 that nothing listens on: the kernel picks a free one for a socket bound to port 0, the
/// socket is closed without ever listening, and the port is returned. (Assuming a fixed port such as 9 is unused
/// fails on machines that run a service there.)
func unusedLocalPort() throws -> Int {
    struct SocketFailure: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call) failed with errno \(code)" }
    }
    #if canImport(Darwin)
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #else
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard fd >= 0 else { throw SocketFailure(call: "socket", code: errno) }
    defer { close(fd) }

    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    guard bound == 0 else { throw SocketFailure(call: "bind", code: errno) }

    var actual = sockaddr_in()
    var actualLength = length
    let named = withUnsafeMutablePointer(to: &actual) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
    }
    guard named == 0 else { throw SocketFailure(call: "getsockname", code: errno) }
    return Int(UInt16(bigEndian: actual.sin_port))
}
