import Foundation
import Testing
@testable import AsyncNet

/// The local servers `scripts/test` starts. Tests fail with a clear message (not a hang) when they are absent.
enum TestServer {
    struct Missing: Error, CustomStringConvertible {
        let variable: String
        var description: String {
            "\(variable) is not set: run the tests with scripts/test, which starts the local test servers"
        }
    }

    private static func base(_ variable: String) throws -> String {
        guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else {
            throw Missing(variable: variable)
        }
        return value
    }

    /// A URL string on the local httpbin.
    static func httpbin(_ path: String) throws -> String { try base("ASYNCNET_HTTPBIN_URL") + path }

    /// A URL string on the fault-injecting server (scripts/fault_server.py).
    static func fault(_ path: String) throws -> String { try base("ASYNCNET_FAULT_URL") + path }

    /// The httpbin base URL.
    static func httpbinURL() throws -> URL {
        let string = try base("ASYNCNET_HTTPBIN_URL")
        return try #require(URL(string: string))
    }
}

/// Holds an object weakly, to prove it was released.
final class Weak<Object: AnyObject & Sendable>: Sendable {
    weak let object: Object?
    init(_ object: Object) { self.object = object }
}

/// Waits (up to `timeout`) for `condition` to become true; returns whether it did.
func eventually(timeout: Duration = .seconds(3), _ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return await condition()
}

/// httpbin's echo of a request.
struct HTTPBinEcho: Decodable, Sendable, Equatable {
    let args: [String: String]
    let headers: [String: String]
    let url: String
    let json: JSON?
    let form: [String: String]?
    let data: String?
}
