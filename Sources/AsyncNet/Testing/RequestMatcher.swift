import Foundation

/// Which requests a stub answers (or ``StubServer/requests(matching:)`` returns): a method, a URL, and optionally
/// query items, headers and a body, all of which must match.
///
/// ```swift
/// let search = RequestMatcher(.get, .path("/search"), query: ["q": "swift"], headers: ["Accept": "application/json"])
/// await stubs.on(search, respond: .json(["results": []]))
/// #expect(await stubs.requests(matching: search).count == 1)
/// ```
public struct RequestMatcher: Sendable, CustomStringConvertible {
    /// The method required, or `nil` for any method. Methods are case-sensitive.
    public var method: HTTPMethod?
    /// The URLs accepted.
    public var url: URLMatcher
    /// Query items that must be present with exactly these values (decoded); other items may be present too.
    public var query: [String: String]
    /// Headers that must be present with exactly these values; names compare without case, others may be present.
    public var headers: HTTPHeaders
    /// The bodies accepted, or `nil` for any body.
    public var body: BodyMatcher?

    /// Creates a matcher.
    /// - Parameters:
    ///   - method: The method required; `nil` (the default) accepts any method.
    ///   - url: The URLs accepted; every URL by default.
    ///   - query: Query items that must be present with these values.
    ///   - headers: Headers that must be present with these values (names without case).
    ///   - body: The bodies accepted; any body when `nil`.
    public init(
        _ method: HTTPMethod? = nil, _ url: URLMatcher = .any, query: [String: String] = [:],
        headers: HTTPHeaders = [:], body: BodyMatcher? = nil
    ) {
        self.method = method
        self.url = url
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// Whether `request` matches every part of this matcher.
    /// - Parameter request: A recorded request.
    /// - Returns: Whether it matches.
    public func matches(_ request: RecordedRequest) -> Bool {
        if let method, method != request.method { return false }
        guard url.matches(request.url) else { return false }
        if !query.isEmpty {
            let items = request.queryItems
            for (name, value) in query where !items.contains(where: { $0.name == name && ($0.value ?? "") == value }) {
                return false
            }
        }
        for header in headers where request.headers.value(for: header.name) != header.value {
            return false
        }
        if let body, !body.matches(request.body) { return false }
        return true
    }

    /// The method (or "any method"), the URL matcher, then the query, headers and body required, if any.
    public var description: String {
        var parts = ["\(method?.rawValue ?? "any method") \(url.description)"]
        if !query.isEmpty {
            let items = query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            parts.append("query " + items.joined(separator: "&"))
        }
        if !headers.isEmpty {
            parts.append("headers " + headers.map(\.description).joined(separator: ", "))
        }
        if let body { parts.append(body.description) }
        return parts.joined(separator: ", ")
    }
}
