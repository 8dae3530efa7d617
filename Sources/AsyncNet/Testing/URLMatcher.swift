import Foundation

/// Which URLs a stub answers: an exact URL, a prefix, a path on any host, or a predicate.
///
/// A string literal is ``url(_:)`` when it has a scheme and ``path(_:)`` when it starts with `/`:
///
/// ```swift
/// await stubs.on(.get, "https://api.example.com/user", respond: .json(["id": 1]))   // this URL
/// await stubs.on(.get, "/health", respond: .status(204))                             // this path, any host
/// await stubs.on(.get, .prefix("https://cdn.example.com/"), respond: .data(image))
/// await stubs.on(.matching("version 2 paths") { $0.path.hasPrefix("/v2/") }, respond: .status(410))   // any method
/// ```
public struct URLMatcher: Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    private let test: @Sendable (URL) -> Bool
    /// What the matcher accepts, as the unmatched-request error lists it.
    public let description: String

    /// Creates a matcher from a test and its description.
    /// - Parameters:
    ///   - description: What the matcher accepts, for error messages.
    ///   - test: Whether a URL matches.
    init(description: String, test: @escaping @Sendable (URL) -> Bool) {
        self.description = description
        self.test = test
    }

    /// A URL literal (`"https://api.example.com/user"`) or a path literal (`"/user"`, any host).
    /// - Parameter value: The URL or path.
    public init(stringLiteral value: String) {
        self = value.hasPrefix("/") ? .path(value) : .url(value)
    }

    /// Whether `url` matches.
    /// - Parameter url: A request's URL.
    /// - Returns: Whether the stub answers it.
    public func matches(_ url: URL) -> Bool { test(url) }

    /// Every URL.
    public static var any: URLMatcher { URLMatcher(description: "any URL") { _ in true } }

    /// This URL: the same scheme and host (without case), port (80 and 443 implied) and path. The query is
    /// compared only when `string` has one: then the request's query items must be the same, in any order. (To
    /// require some items and allow others, give no query here and pass `query:` to `StubServer.on`.)
    /// The fragment is ignored.
    /// - Parameter string: An absolute URL. One that does not parse matches nothing.
    /// - Returns: The matcher.
    public static func url(_ string: String) -> URLMatcher {
        guard let url = URL(string: string), url.scheme != nil else {
            return URLMatcher(description: "\(string) (not an absolute URL: matches nothing)") { _ in false }
        }
        return .url(url)
    }

    /// This URL; see ``url(_:)``.
    /// - Parameter url: An absolute URL.
    /// - Returns: The matcher.
    public static func url(_ url: URL) -> URLMatcher {
        let expected = Parts(url)
        return URLMatcher(description: url.absoluteString) { candidate in
            let actual = Parts(candidate)
            guard actual.origin == expected.origin, actual.path == expected.path else { return false }
            guard let query = expected.query else { return true }
            return actual.query.map { $0.sortedItems == query.sortedItems } ?? query.isEmpty
        }
    }

    /// URLs whose absolute string starts with `prefix` (compared exactly, case included).
    /// - Parameter prefix: The start of the URL, such as `https://api.example.com/v2/`.
    /// - Returns: The matcher.
    public static func prefix(_ prefix: String) -> URLMatcher {
        URLMatcher(description: "URLs starting with \(prefix)") { $0.absoluteString.hasPrefix(prefix) }
    }

    /// This path on any scheme, host and port, whatever the query.
    /// - Parameter path: The path, such as `/user` (percent-encoded or not).
    /// - Returns: The matcher.
    public static func path(_ path: String) -> URLMatcher {
        URLMatcher(description: "path \(path) on any host") { Parts.pathForms($0).contains(path) }
    }

    /// Paths that start with `prefix`, on any host, whatever the query.
    /// - Parameter prefix: The start of the path, such as `/users/`.
    /// - Returns: The matcher.
    public static func pathPrefix(_ prefix: String) -> URLMatcher {
        URLMatcher(description: "paths starting with \(prefix) on any host") { url in
            Parts.pathForms(url).contains { $0.hasPrefix(prefix) }
        }
    }

    /// URLs for which `predicate` returns true.
    /// - Parameters:
    ///   - description: What the predicate accepts, for error messages.
    ///   - predicate: Whether a URL matches.
    /// - Returns: The matcher.
    public static func matching(
        _ description: String = "URLs accepted by a predicate", _ predicate: @escaping @Sendable (URL) -> Bool
    ) -> URLMatcher {
        URLMatcher(description: description, test: predicate)
    }
}

/// The parts of a URL that matching compares.
private struct Parts {
    struct Query {
        let items: [URLQueryItem]
        var isEmpty: Bool { items.isEmpty }
        var sortedItems: [String] {
            items.map { item in item.name + (item.value.map { "=" + $0 } ?? "") }.sorted()
        }
    }

    let origin: String
    let path: String
    let query: Query?

    init(_ url: URL) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        let scheme = (components?.scheme ?? "").lowercased()
        let port = components?.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        origin = "\(scheme)://\((components?.host ?? "").lowercased()):\(port)"
        let path = components?.percentEncodedPath ?? url.path
        self.path = path.isEmpty ? "/" : path
        query = components?.percentEncodedQuery == nil ? nil : Query(items: components?.queryItems ?? [])
    }

    /// The URL's path as sent (percent-encoded) and decoded, `/` for an empty path.
    static func pathForms(_ url: URL) -> Set<String> {
        let encoded = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        let path = encoded.isEmpty ? "/" : encoded
        return [path, path.removingPercentEncoding ?? path]
    }
}
