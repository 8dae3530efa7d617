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

    /// A fault-server URL answering exactly `status`, `contentType` (no Content-Type header when nil) and `body`.
    static func raw(status: Int, contentType: String?, body: Data) throws -> String {
        var query = "status=\(status)&b64=" + percentEncoded(body.base64EncodedString())
        if let contentType { query += "&ct=" + percentEncoded(contentType) }
        return try fault("/raw?" + query)
    }

    /// A fault-server URL answering `body` (UTF-8) as `raw(status:contentType:body:)` does.
    static func raw(status: Int, contentType: String?, text: String) throws -> String {
        try raw(status: status, contentType: contentType, body: Data(text.utf8))
    }

    /// Percent-encodes everything but letters and digits (so `+`, `/` and `=` of base64 survive a query).
    static func percentEncoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
    }

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

/// Waits (up to `timeout`) for `condition` to become true; returns whether it did. It returns as soon as the
/// condition holds, so the generous default costs nothing when things work and leaves room for Thread Sanitizer
/// on two busy cores when they are slow.
func eventually(timeout: Duration = .seconds(20), _ condition: () async -> Bool) async -> Bool {
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

extension JSON {
    /// Decodes a JSON body (for checking raw bodies in tests).
    static func decode(_ data: Data) throws -> JSON {
        try JSONDecoder().decode(JSON.self, from: data)
    }
}
