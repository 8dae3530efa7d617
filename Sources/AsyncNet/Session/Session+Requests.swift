import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Session {
    /// Creates a request for a URL. Nothing is sent until a serializer is awaited or the request is resumed.
    /// - Parameters:
    ///   - url: A `String`, `URL` or `URLComponents`; relative values resolve against ``baseURL``.
    ///   - method: The HTTP method; GET by default.
    ///   - headers: Headers for this request; they replace the Session's headers of the same name.
    ///   - timeout: A total deadline for the request, enforced by AsyncNet (``AsyncNetError/timedOut(after:)``).
    ///   - interceptor: Adapts and retries this request, after the Session's interceptor.
    ///   - requestModifier: Changes the URLRequest just before it is sent.
    /// - Returns: The request.
    public nonisolated func request(
        _ url: some URLConvertible, method: HTTPMethod = .get, headers: HTTPHeaders? = nil,
        timeout: Duration? = nil, interceptor: (any RequestInterceptor)? = nil, requestModifier: RequestModifier? = nil
    ) -> DataRequest {
        let builder = RequestBuilder(
            source: .url(url), method: method, headers: headers ?? HTTPHeaders(), modifier: requestModifier)
        return DataRequest(session: self, builder: builder, timeout: timeout, interceptor: interceptor)
    }

    /// Creates a request from a whole `URLRequest` (or your own ``URLRequestConvertible``).
    /// - Parameters:
    ///   - urlRequest: The request to send; a relative URL resolves against ``baseURL``.
    ///   - timeout: A total deadline for the request, enforced by AsyncNet.
    ///   - interceptor: Adapts and retries this request, after the Session's interceptor.
    ///   - requestModifier: Changes the URLRequest just before it is sent.
    /// - Returns: The request.
    public nonisolated func request(
        _ urlRequest: some URLRequestConvertible, timeout: Duration? = nil, interceptor: (any RequestInterceptor)? = nil,
        requestModifier: RequestModifier? = nil
    ) -> DataRequest {
        let builder = RequestBuilder(source: .urlRequest(urlRequest), modifier: requestModifier)
        return DataRequest(session: self, builder: builder, timeout: timeout, interceptor: interceptor)
    }

    /// Creates a request whose `Encodable` parameters are encoded into it.
    ///
    /// ```swift
    /// session.request(url, parameters: ["q": "swift", "page": "2"])                 // ?page=2&q=swift
    /// session.request(url, method: .post, parameters: Login(user: "a", password: "b"), encoder: .json)
    /// ```
    /// - Parameters:
    ///   - url: A `String`, `URL` or `URLComponents`; relative values resolve against ``baseURL``.
    ///   - method: The HTTP method; GET by default.
    ///   - parameters: Any `Encodable` value: a struct, a dictionary, ``JSON``.
    ///   - encoder: `.urlEncodedForm` (query for GET/HEAD/DELETE, body otherwise) by default, `.json`, or your own.
    ///   - headers: Headers for this request; they replace the Session's headers of the same name.
    ///   - timeout: A total deadline for the request, enforced by AsyncNet.
    ///   - interceptor: Adapts and retries this request, after the Session's interceptor.
    ///   - requestModifier: Changes the URLRequest just before it is sent (after the parameters are encoded).
    /// - Returns: The request. Encoding happens when it starts; a failure is
    ///   ``AsyncNetError/parameterEncodingFailed(reason:)`` and nothing is sent.
    public nonisolated func request<Parameters: Encodable & Sendable, Encoder: ParameterEncoder>(
        _ url: some URLConvertible, method: HTTPMethod = .get, parameters: Parameters,
        encoder: Encoder = URLEncodedFormParameterEncoder.default, headers: HTTPHeaders? = nil,
        timeout: Duration? = nil, interceptor: (any RequestInterceptor)? = nil, requestModifier: RequestModifier? = nil
    ) -> DataRequest {
        let builder = RequestBuilder(
            source: .url(url), method: method, headers: headers ?? HTTPHeaders(),
            encodeParameters: { try encoder.encode(parameters, into: $0) }, modifier: requestModifier)
        return DataRequest(session: self, builder: builder, timeout: timeout, interceptor: interceptor)
    }
}
