/// An HTTP method, such as `.get` or `.post`. Any token is allowed: `HTTPMethod(rawValue: "PURGE")` or `"PURGE"`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// `CONNECT`
    public static let connect: HTTPMethod = "CONNECT"
    /// `DELETE`
    public static let delete: HTTPMethod = "DELETE"
    /// `GET`
    public static let get: HTTPMethod = "GET"
    /// `HEAD`
    public static let head: HTTPMethod = "HEAD"
    /// `OPTIONS`
    public static let options: HTTPMethod = "OPTIONS"
    /// `PATCH`
    public static let patch: HTTPMethod = "PATCH"
    /// `POST`
    public static let post: HTTPMethod = "POST"
    /// `PUT`
    public static let put: HTTPMethod = "PUT"
    /// `QUERY`
    public static let query: HTTPMethod = "QUERY"
    /// `TRACE`
    public static let trace: HTTPMethod = "TRACE"

    /// The method's name as sent on the wire. Methods are case-sensitive (RFC 9110 9.1): `m-search` stays
    /// `m-search`.
    public let rawValue: String

    /// Creates a method from its name, exactly as given.
    /// - Parameter rawValue: The method's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a method from a string literal.
    /// - Parameter value: The method's name.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 9.2.2).
    public var isIdempotent: Bool {
        [HTTPMethod.get, .head, .put, .delete, .options, .trace, .query].contains(self)
    }

    /// Whether a body is meaningless for this method, so parameters go in the query (`GET`, `HEAD`, `DELETE`).
    var prefersQueryParameters: Bool { self == .get || self == .head || self == .delete }
}
