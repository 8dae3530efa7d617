import Foundation

extension StubServer {
    /// A request that no stub matched. The request fails with it (wrapped as ``AsyncNetError/underlying(_:)``),
    /// and its description names the request and lists every stub, so that a test failure says what was missing:
    ///
    /// ```text
    /// StubServer: no stub matches GET https://api.example.com/users?page=2
    /// 2 stubs (the last added that matches answers):
    ///   stub #1: GET https://api.example.com/user
    ///   stub #2: POST path /users on any host, JSON body {"name":"Ada"}
    /// ```
    public struct UnmatchedRequest: Error, LocalizedError, CustomStringConvertible {
        /// The request.
        public let request: RecordedRequest
        /// Each stub set when the request arrived, as `stub #N: <method> <URL matcher>, <other conditions>`.
        public let stubs: [String]

        /// The request's method and URL, its headers and body size, then every stub.
        public var description: String {
            var lines = ["StubServer: no stub matches \(request.method.rawValue) \(request.url.absoluteString)"]
            if !request.headers.isEmpty {
                lines.append("  headers: " + request.headers.map(\.description).joined(separator: ", "))
            }
            if let body = request.body {
                let text = request.bodyText.map { ": " + Self.abbreviated($0) } ?? ""
                lines.append("  body: \(body.count) bytes" + text)
            }
            if stubs.isEmpty {
                lines.append("No stubs are set.")
            } else {
                lines.append("\(stubs.count) stub\(stubs.count == 1 ? "" : "s") (the last added that matches answers):")
                lines += stubs.map { "  " + $0 }
            }
            return lines.joined(separator: "\n")
        }

        /// The same text as ``description``.
        public var errorDescription: String? { description }

        private static func abbreviated(_ text: String) -> String {
            text.count <= 200 ? text : text.prefix(200) + "..."
        }
    }

    /// A stub that cannot answer as written: its body file cannot be read, its value does not encode as JSON, its
    /// sequence is empty. The request it should have answered fails with this error, before any head.
    public struct InvalidStub: Error, LocalizedError, CustomStringConvertible {
        /// What is wrong with the stub.
        public let reason: String

        /// Creates the error.
        /// - Parameter reason: What is wrong, as a clause ("its body file /x cannot be read").
        public init(reason: String) {
            self.reason = reason
        }

        /// `StubServer: the stub cannot answer: <reason>`.
        public var description: String { "StubServer: the stub cannot answer: \(reason)" }

        /// The same text as ``description``.
        public var errorDescription: String? { description }
    }
}
