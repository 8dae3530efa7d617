import Foundation

/// Which request bodies a stub answers: exact bytes, text, JSON equal to a value, or a predicate.
///
/// ```swift
/// await stubs.on(.post, "https://api.example.com/users", body: .json(["name": "Ada"]), respond: .status(201))
/// ```
public struct BodyMatcher: Sendable, CustomStringConvertible {
    private let test: @Sendable (Data?) -> Bool
    /// What the matcher accepts, as the unmatched-request error lists it.
    public let description: String

    /// Creates a matcher from a test and its description.
    init(description: String, test: @escaping @Sendable (Data?) -> Bool) {
        self.description = description
        self.test = test
    }

    /// Whether `body` matches.
    /// - Parameter body: A request's body (`nil` when it had none).
    /// - Returns: Whether the stub answers it.
    public func matches(_ body: Data?) -> Bool { test(body) }

    /// Exactly these bytes. An empty `data` also matches a request without a body.
    /// - Parameter data: The expected body.
    /// - Returns: The matcher.
    public static func data(_ data: Data) -> BodyMatcher {
        BodyMatcher(description: "body of exactly \(data.count) bytes") { ($0 ?? Data()) == data }
    }

    /// Exactly this text, in UTF-8.
    /// - Parameter text: The expected body.
    /// - Returns: The matcher.
    public static func string(_ text: String) -> BodyMatcher {
        BodyMatcher(description: "body \"\(text)\"") { ($0 ?? Data()) == Data(text.utf8) }
    }

    /// A JSON body equal to `value`: compared as values, so key order and white space do not matter, and numbers
    /// compare by value (`1` equals `1.0`).
    /// - Parameter value: The expected JSON.
    /// - Returns: The matcher.
    public static func json(_ value: JSON) -> BodyMatcher {
        BodyMatcher(description: "JSON body \(value)") { body in
            guard let body, let decoded = try? JSONDecoder().decode(JSON.self, from: body) else { return false }
            return decoded == value
        }
    }

    /// No body, or an empty one.
    public static var empty: BodyMatcher {
        BodyMatcher(description: "no body") { $0?.isEmpty ?? true }
    }

    /// Bodies for which `predicate` returns true.
    /// - Parameters:
    ///   - description: What the predicate accepts, for error messages.
    ///   - predicate: Whether a body matches; it receives `nil` when the request had none.
    /// - Returns: The matcher.
    public static func matching(
        _ description: String = "a body accepted by a predicate", _ predicate: @escaping @Sendable (Data?) -> Bool
    ) -> BodyMatcher {
        BodyMatcher(description: description, test: predicate)
    }
}
