import Foundation
import Testing
@testable import AsyncNet

/// Helpers for the fault server's counting endpoints.
enum FaultServer {
    /// A path segment no other test uses, so that parallel tests count their own hits.
    static func token() -> String { UUID().uuidString }

    /// How many requests the fault server saw for `path` (without query).
    static func hits(_ path: String) async throws -> Int {
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? path
        let text = try await Session.default.request(try TestServer.fault("/hits?path=\(encoded)"))
            .validate().serializingString().value
        return try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// A `/raw` URL answering exactly this status, Content-Type and body.
    static func raw(status: Int = 200, contentType: String?, body: Data) throws -> String {
        var components = URLComponents()
        components.queryItems = [URLQueryItem(name: "status", value: "\(status)"),
                                 URLQueryItem(name: "b64", value: body.base64EncodedString())]
            + (contentType.map { [URLQueryItem(name: "ct", value: $0)] } ?? [])
        let query = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B") ?? ""
        return try TestServer.fault("/raw?\(query)")
    }
}

/// The process's peak virtual memory (VmPeak) in bytes, on Linux.
func peakVirtualMemory() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmPeak:") {
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
    }
    return nil
}
