import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Changes a `URLRequest` just before it is sent: `session.request(url) { $0.cachePolicy = ... }`.
public typealias RequestModifier = @Sendable (inout URLRequest) throws -> Void

/// Everything needed to build a request's `URLRequest`, kept as a value until the request starts.
struct RequestBuilder: Sendable {
    enum Source: Sendable {
        case url(any URLConvertible)
        case urlRequest(any URLRequestConvertible)
    }

    var source: Source
    var method: HTTPMethod = .get
    var headers: HTTPHeaders = HTTPHeaders()
    var encodeParameters: (@Sendable (URLRequest) throws -> URLRequest)?
    var modifier: RequestModifier?

    /// Builds the URLRequest. Every failure is an AsyncNetError, and nothing has been sent when one is thrown.
    func build(baseURL: URL?) throws(AsyncNetError) -> URLRequest {
        var request: URLRequest
        switch source {
        case .url(let convertible):
            let url: URL
            if let string = convertible as? String, string.isEmpty, let baseURL {
                // RFC 3986 5.2: an empty reference is the base itself (URL(string: "") is nil).
                url = baseURL
            } else {
                do { url = try convertible.asURL() } catch { throw AsyncNetError.wrapping(error) }
            }
            request = URLRequest(url: try url.resolvedForRequest(against: baseURL))
            request.httpMethod = method.rawValue
        case .urlRequest(let convertible):
            do { request = try convertible.asURLRequest() } catch { throw AsyncNetError.wrapping(error) }
            guard let url = request.url else {
                throw AsyncNetError.invalidURL(url: "", reason: "the URLRequest has no URL")
            }
            request.url = try url.resolvedForRequest(against: baseURL)
        }
        for header in headers {
            try RequestCheck.validate(header)
            request.setValue(header.value, forHTTPHeaderField: header.name)
        }
        if let encodeParameters {
            do { request = try encodeParameters(request) } catch { throw ParameterEncoding.wrap(error) }
        }
        if let modifier {
            do { try modifier(&request) } catch { throw AsyncNetError.requestModificationFailed(error: error) }
        }
        try RequestCheck.validate(request)
        return request
    }
}
