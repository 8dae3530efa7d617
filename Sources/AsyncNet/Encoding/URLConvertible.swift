import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A value that names a URL: `String`, `URL` or `URLComponents`.
public protocol URLConvertible: Sendable {
    /// The URL, which may be relative (it is then resolved against the Session's `baseURL`).
    /// - Returns: The URL.
    /// - Throws: ``AsyncNetError/invalidURL(url:reason:)`` when the value is not a URL at all.
    func asURL() throws -> URL
}

extension String: URLConvertible {
    /// Parses the string as a URL.
    /// - Returns: The URL, possibly relative.
    /// - Throws: ``AsyncNetError/invalidURL(url:reason:)`` when it cannot be parsed.
    public func asURL() throws -> URL {
        guard let url = URL(string: self) else {
            throw AsyncNetError.invalidURL(url: self, reason: "it cannot be parsed as a URL")
        }
        return url
    }
}

extension URL: URLConvertible {
    /// Returns the URL itself.
    /// - Returns: `self`.
    public func asURL() throws -> URL { self }
}

extension URLComponents: URLConvertible {
    /// Builds the URL from its components.
    /// - Returns: The URL.
    /// - Throws: ``AsyncNetError/invalidURL(url:reason:)`` when the components do not form a URL.
    public func asURL() throws -> URL {
        guard let url else {
            throw AsyncNetError.invalidURL(url: "\(self)", reason: "the components do not form a URL")
        }
        return url
    }
}

/// A value that builds a whole `URLRequest`, for requests described by your own types.
public protocol URLRequestConvertible: Sendable {
    /// Builds the request.
    /// - Returns: The request.
    /// - Throws: Any error; AsyncNet reports it as the request's failure, and nothing is sent.
    func asURLRequest() throws -> URLRequest
}

extension URLRequest: URLRequestConvertible {
    /// Returns the request itself.
    /// - Returns: `self`.
    public func asURLRequest() throws -> URLRequest { self }
}

extension URL {
    /// Resolves `self` against `baseURL` as a browser would, then checks that the result can be requested.
    /// - Parameter baseURL: The Session's base URL, used when `self` has no scheme.
    /// - Returns: An absolute http or https URL.
    /// - Throws: ``AsyncNetError/invalidURL(url:reason:)`` when the result is relative, has another scheme or no host.
    func resolvedForRequest(against baseURL: URL?) throws(AsyncNetError) -> URL {
        var url = self
        if url.scheme == nil, let baseURL {
            guard let resolved = URL(string: url.relativeString, relativeTo: baseURL) else {
                throw .invalidURL(url: url.relativeString, reason: "it cannot be resolved against \(baseURL)")
            }
            url = resolved.absoluteURL
        }
        guard let scheme = url.scheme?.lowercased() else {
            throw .invalidURL(url: url.absoluteString, reason: "it has no scheme and the Session has no baseURL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw .invalidURL(url: url.absoluteString, reason: "AsyncNet speaks http and https only, not \(scheme)")
        }
        guard let host = url.host, !host.isEmpty else {
            throw .invalidURL(url: url.absoluteString, reason: "it has no host")
        }
        return url
    }
}
