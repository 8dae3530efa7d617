import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AsyncNetError {
    /// A few words for a log line: `timed out after 5 s`, `connection refused`, `unacceptable status 404`.
    /// ``errorDescription`` has the full sentence.
    var summary: String {
        switch self {
        case .invalidURL: return "invalid URL"
        case .invalidRequest: return "invalid request"
        case .parameterEncodingFailed: return "parameter encoding failed"
        case .multipartEncodingFailed: return "multipart encoding failed"
        case .requestAdaptationFailed: return "adapter failed"
        case .requestModificationFailed: return "request modifier failed"
        case .requestRetryFailed(_, let original): return "retrier gave up after " + original.summary
        case .responseValidationFailed(let reason): return reason.summary
        case .responseSerializationFailed(let reason): return reason.summary
        case .sessionTaskFailed(let error): return Self.summary(of: error.code)
        case .explicitlyCancelled: return "cancelled"
        case .timedOut(let after): return "timed out after " + Self.text(after)
        case .responseTooLarge(let limit): return "response larger than \(limit) B"
        case .downloadedFileMoveFailed: return "moving the download failed"
        case .redirectFailed(.tooManyRedirects(let limit)): return "more than \(limit) redirects"
        case .redirectFailed(.invalidLocation): return "invalid redirect Location"
        case .redirectFailed(.insecureRedirect): return "https to http redirect refused"
        case .redirectFailed(.bodyCannotBeResent): return "redirect needs a streamed body again"
        case .bodyDataInGETRequest: return "body in a GET or HEAD request"
        case .sessionInvalidated: return "session invalidated"
        case .underlying(let error): return "\(type(of: error))"
        }
    }

    /// `5 s`, `1.5 s` or `250 ms`.
    /// - Parameter duration: A duration.
    /// - Returns: The text.
    static func text(_ duration: Duration) -> String {
        let milliseconds = LoggingMonitor.milliseconds(duration)
        guard milliseconds >= 1000 else { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(Double(milliseconds / 100) / 10) s"
    }

    private static func summary(of code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: return "cannot connect to host"
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .timedOut: return "URLSession timed out"
        case .networkConnectionLost: return "connection lost"
        case .notConnectedToInternet: return "not connected to the internet"
        case .secureConnectionFailed: return "TLS handshake failed"
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
             .serverCertificateHasUnknownRoot:
            return "untrusted server certificate"
        case .badServerResponse: return "bad server response"
        case .cancelled: return "URLSession task cancelled"
        case .badURL, .unsupportedURL: return "URL not supported"
        case .userAuthenticationRequired: return "authentication required"
        default: return "URLError \(code.rawValue)"
        }
    }
}

extension AsyncNetError.ResponseValidationFailureReason {
    var summary: String {
        switch self {
        case .unacceptableStatusCode(let code): return "unacceptable status \(code)"
        case .unacceptableContentType(_, let contentType): return "unacceptable Content-Type \(contentType)"
        case .missingContentType: return "missing Content-Type"
        case .custom(let error): return "rejected by a validator: \(type(of: error))"
        }
    }
}

extension AsyncNetError.ResponseSerializationFailureReason {
    var summary: String {
        switch self {
        case .inputDataNilOrZeroLength, .invalidEmptyResponse: return "empty body"
        case .decodingFailed: return "decoding failed"
        case .stringDecodingFailed, .unsupportedCharset: return "undecodable text"
        case .customSerializationFailed: return "serializer failed"
        }
    }
}
