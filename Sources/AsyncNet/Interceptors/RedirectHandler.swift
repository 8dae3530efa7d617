import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Decides each redirect hop.
///
/// AsyncNet follows redirects itself (URLSession on Linux drops a 307's body, loses the trailing slash of a
/// relative `Location`, and sends credentials to other hosts). For each hop it computes the next request by the
/// rules of RFC 9110 15.4 and asks the handler, which may send it, change it, or stop.
public protocol RedirectHandler: Sendable {
    /// The most hops a request may take; one more fails with ``AsyncNetError/RedirectFailureReason/tooManyRedirects(limit:)``.
    var maximumRedirects: Int { get }
    /// Whether a redirect from `https` to `http` is followed (it is refused by default).
    var allowsInsecureRedirects: Bool { get }

    /// Returns the request to send next, or nil to stop and hand the 3xx response back as the result.
    /// - Parameters:
    ///   - request: The next request as AsyncNet computed it: the method and body kept for 307 and 308, GET without
    ///     a body after 303 (and after 301 or 302 for a POST), credentials removed when it leaves the origin.
    ///   - response: The redirect response.
    /// - Returns: The request to send, or nil to stop.
    func redirect(_ request: URLRequest, for response: HTTPURLResponse) async -> URLRequest?
}

extension RedirectHandler {
    /// Ten hops.
    public var maximumRedirects: Int { 10 }
    /// `false`: `https` to `http` is refused.
    public var allowsInsecureRedirects: Bool { false }
}

/// The built-in redirect handlers.
///
/// ```swift
/// let session = Session(redirectHandler: Redirector.doNotFollow)           // every 3xx comes back to you
/// let json = try await session.request(url).redirect(using: .modify { request, _ in
///     var request = request
///     request.setValue("1", forHTTPHeaderField: "X-Redirected")
///     return request
/// }).serializing(JSON.self).value
/// ```
public struct Redirector: RedirectHandler {
    /// The most hops a request may take.
    public let maximumRedirects: Int
    /// Whether `https` to `http` is followed.
    public let allowsInsecureRedirects: Bool
    private let decide: @Sendable (URLRequest, HTTPURLResponse) async -> URLRequest?

    /// Creates a handler.
    /// - Parameters:
    ///   - maximumRedirects: The most hops; 10 by default.
    ///   - allowsInsecureRedirects: Whether `https` to `http` is followed; `false` by default.
    ///   - decide: Receives the computed next request and the 3xx; returns the request to send, or nil to stop.
    public init(
        maximumRedirects: Int = 10, allowsInsecureRedirects: Bool = false,
        decide: @escaping @Sendable (URLRequest, HTTPURLResponse) async -> URLRequest?
    ) {
        self.maximumRedirects = max(0, maximumRedirects)
        self.allowsInsecureRedirects = allowsInsecureRedirects
        self.decide = decide
    }

    /// Follows every redirect (up to ten hops), by the rules above.
    public static let follow = Redirector { request, _ in request }

    /// Follows no redirect: the 3xx response is the result.
    public static let doNotFollow = Redirector(maximumRedirects: 0) { _, _ in nil }

    /// Follows redirects through your closure, which may change the next request or return nil to stop.
    /// - Parameter change: Receives the computed next request and the 3xx.
    /// - Returns: The handler.
    public static func modify(
        _ change: @escaping @Sendable (URLRequest, HTTPURLResponse) async -> URLRequest?
    ) -> Redirector {
        Redirector(decide: change)
    }

    /// Asks the closure.
    /// - Parameters:
    ///   - request: The computed next request.
    ///   - response: The redirect response.
    /// - Returns: The closure's answer.
    public func redirect(_ request: URLRequest, for response: HTTPURLResponse) async -> URLRequest? {
        await decide(request, response)
    }
}
