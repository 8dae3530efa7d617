import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AsyncNetError: LocalizedError {
    /// A sentence a person can act on, naming what failed and why.
    public var errorDescription: String? {
        switch self {
        case .invalidURL(let url, let reason):
            return "The URL \"\(url)\" is not valid: \(clause(reason))."
        case .invalidRequest(let reason):
            return "The request cannot be sent: \(clause(reason)). Nothing was sent."
        case .parameterEncodingFailed(let reason):
            return "Encoding the request's parameters failed: \(clause(reason.text)). Nothing was sent."
        case .multipartEncodingFailed(let reason):
            return "Building the multipart body failed: \(clause(reason)). Nothing was sent."
        case .requestModificationFailed(let error):
            return "The request modifier failed: \(clause(error)). Nothing was sent."
        case .requestAdaptationFailed(let error):
            return "A request adapter failed: \(clause(error)). Nothing was sent."
        case .requestRetryFailed(let retryError, let originalError):
            return "The request failed (\(clause(originalError.localizedDescription))) and the retrier gave up with: "
                + "\(clause(retryError))."
        case .responseValidationFailed(let reason):
            return "The response was rejected: \(clause(reason.text))."
        case .responseSerializationFailed(let reason):
            return "The response could not be serialized: \(clause(reason.text))."
        case .sessionTaskFailed(let error):
            return "The network request failed: \(clause(error)) (URLError \(error.code.rawValue))."
        case .explicitlyCancelled:
            return "The request was cancelled."
        case .timedOut(let after):
            return "The request did not finish within its deadline of \(after)."
        case .responseTooLarge(let limit):
            return "The response body is larger than the limit of \(limit) bytes."
        case .sessionInvalidated:
            return "The Session was invalidated; it sends no more requests."
        case .downloadedFileMoveFailed(let error, let source, let destination):
            return "The downloaded file could not be moved from \(source.path) to \(destination.path): "
                + "\(clause(error))."
        case .redirectFailed(let reason):
            return "The redirect was not followed: \(clause(reason.text))."
        case .bodyDataInGETRequest(let data):
            return "A GET or HEAD request cannot carry a body (\(data.count) bytes given). Nothing was sent."
        case .underlying(let error):
            return error.localizedDescription
        }
    }
}

/// A text to embed before a period of our own: without its final period (no "..") or trailing white space.
private func clause(_ error: any Error) -> String {
    // Foundation's generic "The operation could not be completed. (Module.Type error 1.)" says less than the error's
    // own description.
    if let localized = error as? LocalizedError, let description = localized.errorDescription { return clause(description) }
    if error is URLError || (error as NSError).domain == NSURLErrorDomain { return clause(error.localizedDescription) }
    return clause(String(describing: error))
}

/// A text to embed before a period of our own: without its final period (no "..") or trailing white space.
private func clause(_ text: String) -> String {
    var text = Substring(text)
    while let last = text.last, last == "." || last == " " || last == "\n" { text = text.dropLast() }
    return String(text)
}

extension AsyncNetError: CustomStringConvertible {
    /// The same text as ``errorDescription``.
    public var description: String { errorDescription ?? "AsyncNetError" }
}

extension AsyncNetError.ParameterEncodingFailureReason {
    var text: String {
        switch self {
        case .missingURL: return "the request has no URL"
        case .encoderFailed(let error): return "the encoder threw \(error)"
        case .unsupportedValue(let detail): return detail
        }
    }
}

extension AsyncNetError.RedirectFailureReason {
    var text: String {
        switch self {
        case .tooManyRedirects(let limit): return "more than \(limit) redirects (a redirect loop?)"
        case .invalidLocation(let location): return "the Location \"\(location)\" is not an http or https URL"
        case .insecureRedirect(let from, let to):
            return "\(from.absoluteString) redirects to \(to.absoluteString), from https to http"
        case .bodyCannotBeResent(let status):
            return "a \(status) asks to send the body again, and a body given as a stream cannot be read twice"
        }
    }
}

extension AsyncNetError.ResponseValidationFailureReason {
    var text: String {
        switch self {
        case .unacceptableStatusCode(let code):
            return "status code \(code) is not acceptable"
        case .unacceptableContentType(let acceptable, let actual):
            if acceptable.isEmpty { return "Content-Type \"\(actual)\" is not acceptable (the request accepts none)" }
            return "Content-Type \"\(actual)\" is not one of \(acceptable.joined(separator: ", "))"
        case .missingContentType(let acceptable):
            return "the response has a body but no Content-Type (expected one of \(acceptable.joined(separator: ", ")))"
        case .custom(let error):
            return "a validator threw \(error)"
        }
    }
}

extension AsyncNetError.ResponseSerializationFailureReason {
    var text: String {
        switch self {
        case .inputDataNilOrZeroLength:
            return "the body is empty, and an empty body is accepted only for the empty-response status codes (204 "
                + "and 205 by default) and methods (HEAD)"
        case .invalidEmptyResponse(let type):
            return "the response has no body by definition (204, 205 or HEAD), and \(type) does not conform to "
                + "EmptyResponse"
        case .decodingFailed(let error):
            return "decoding failed: \(error)"
        case .stringDecodingFailed(let encoding):
            return "the body is not valid text in the encoding \(encoding)"
        case .unsupportedCharset(let name):
            return "the response's charset \"\(name)\" is not one AsyncNet can decode, and the body is not plain ASCII"
        case .customSerializationFailed(let error):
            return "the serializer threw \(error)"
        }
    }
}
