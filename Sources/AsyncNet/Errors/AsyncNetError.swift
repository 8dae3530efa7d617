import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every error AsyncNet produces.
///
/// Each case names the stage that failed; nested reasons say why. The helpers ``responseCode``,
/// ``isExplicitlyCancelled`` and ``underlyingError`` answer the common questions without a `switch`.
public enum AsyncNetError: Error, Sendable {
    /// The value given as a URL could not be turned into an absolute `http` or `https` URL.
    case invalidURL(url: String, reason: String)
    /// The request cannot be sent as given (a method or header name that is not an HTTP token, a header value with a
    /// line break); nothing was sent.
    case invalidRequest(reason: String)
    /// Encoding the request's parameters failed; nothing was sent.
    case parameterEncodingFailed(reason: ParameterEncodingFailureReason)
    /// Building a multipart body failed; nothing was sent.
    case multipartEncodingFailed(reason: String)
    /// A ``RequestAdapter`` threw while adapting the request; nothing was sent.
    case requestAdaptationFailed(error: any Error)
    /// The request modifier given to `request(_:...)` threw; nothing was sent.
    case requestModificationFailed(error: any Error)
    /// A retrier decided not to retry and gave its own error instead of the original one.
    indirect case requestRetryFailed(retryError: any Error, originalError: AsyncNetError)
    /// A validator rejected the response.
    case responseValidationFailed(reason: ResponseValidationFailureReason)
    /// A serializer could not turn the response into the requested value.
    case responseSerializationFailed(reason: ResponseSerializationFailureReason)
    /// The URLSession task failed (connection refused, DNS failure, TLS failure, reset, ...).
    case sessionTaskFailed(URLError)
    /// The request was cancelled by the caller: `cancel()`, `cancelAllRequests()`, or a cancelled Swift `Task`.
    case explicitlyCancelled
    /// The request's total deadline passed before it finished.
    case timedOut(after: Duration)
    /// The response body grew past the limit the caller set (announced by `Content-Length`, or while arriving).
    case responseTooLarge(limit: Int)
    /// The Session was invalidated (``Session/invalidate()``): its requests end with this error, and new ones fail.
    case sessionInvalidated
    /// A finished download could not be moved to its destination.
    case downloadedFileMoveFailed(error: any Error, source: URL, destination: URL)
    /// A redirect could not be followed.
    case redirectFailed(reason: RedirectFailureReason)
    /// A `GET` or `HEAD` request was given a body; nothing was sent.
    case bodyDataInGETRequest(Data)
    /// An error from somewhere AsyncNet does not classify (for example a custom serializer's own error).
    case underlying(any Error)

    /// Why encoding parameters failed.
    public enum ParameterEncodingFailureReason: Sendable {
        /// The URLRequest had no URL to add a query to.
        case missingURL
        /// The encoder threw; the associated error is the encoder's.
        case encoderFailed(error: any Error)
        /// The value cannot be expressed by this encoder (for example a top-level scalar as a form).
        case unsupportedValue(String)
    }

    /// Why a redirect was not followed.
    public enum RedirectFailureReason: Sendable {
        /// More hops than the redirect handler allows (a loop, usually).
        case tooManyRedirects(limit: Int)
        /// The `Location` is not an http or https URL.
        case invalidLocation(String)
        /// A redirect from `https` to `http`, refused by default.
        case insecureRedirect(from: URL, to: URL)
        /// A 307 or 308 asks to send the body again, but it was given as a stream, which cannot be read twice.
        case bodyCannotBeResent(status: Int)
    }

    /// Why a validator rejected the response.
    public enum ResponseValidationFailureReason: Sendable {
        /// The status code is not in the accepted set.
        case unacceptableStatusCode(code: Int)
        /// The response's Content-Type is not one of the acceptable types.
        case unacceptableContentType(acceptableContentTypes: [String], responseContentType: String)
        /// The response carried a body but no Content-Type while the validator requires one.
        case missingContentType(acceptableContentTypes: [String])
        /// A custom validator threw this error.
        case custom(any Error)
    }

    /// Why a serializer failed.
    public enum ResponseSerializationFailureReason: Sendable {
        /// The body was empty and the requested type has no empty value.
        case inputDataNilOrZeroLength
        /// A 204/205 or HEAD response has no body, and the requested type cannot be empty.
        case invalidEmptyResponse(type: String)
        /// The decoder threw.
        case decodingFailed(error: any Error)
        /// The body is not text in the response's charset (or UTF-8 when it names none).
        case stringDecodingFailed(encoding: String.Encoding)
        /// The response declares a charset AsyncNet cannot decode, and the body is not plain ASCII.
        case unsupportedCharset(name: String)
        /// A custom serializer threw this error.
        case customSerializationFailed(error: any Error)
    }
}

extension AsyncNetError {
    /// The HTTP status code behind an `unacceptableStatusCode` validation failure, if that is what this is.
    public var responseCode: Int? {
        if case .responseValidationFailed(.unacceptableStatusCode(let code)) = self { return code }
        return nil
    }

    /// Whether the caller cancelled the request (rather than the network or the server failing).
    public var isExplicitlyCancelled: Bool {
        if case .explicitlyCancelled = self { return true }
        return false
    }

    /// Whether the request's total deadline passed.
    public var isTimedOut: Bool {
        if case .timedOut = self { return true }
        return false
    }

    /// The error AsyncNet wrapped, if any: the URLError, the decoder's error, a validator's error, ...
    public var underlyingError: (any Error)? {
        switch self {
        case .sessionTaskFailed(let error): return error
        case .requestAdaptationFailed(let error): return error
        case .requestModificationFailed(let error): return error
        case .requestRetryFailed(let retryError, _): return retryError
        case .downloadedFileMoveFailed(let error, _, _): return error
        case .underlying(let error): return error
        case .parameterEncodingFailed(.encoderFailed(let error)): return error
        case .responseValidationFailed(.custom(let error)): return error
        case .responseSerializationFailed(.decodingFailed(let error)): return error
        case .responseSerializationFailed(.customSerializationFailed(let error)): return error
        default: return nil
        }
    }

    /// Wraps any error as an `AsyncNetError`, keeping one that already is.
    /// - Parameter error: The error to wrap.
    /// - Returns: `error` itself when it is an `AsyncNetError`, `.sessionTaskFailed` for a `URLError`,
    ///   `.underlying` otherwise.
    static func wrapping(_ error: any Error) -> AsyncNetError {
        if let error = error as? AsyncNetError { return error }
        if let error = error as? URLError { return .sessionTaskFailed(error) }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain, let code = URLError.Code(rawValue: nsError.code) as URLError.Code? {
            return .sessionTaskFailed(URLError(code, userInfo: nsError.userInfo))
        }
        return .underlying(error)
    }
}
