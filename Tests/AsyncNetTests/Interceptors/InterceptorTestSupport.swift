import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

extension RetryDecision {
    /// The delay of a retry (zero for `.retry`), nil when the decision is not to retry.
    var retryDelay: Duration? {
        switch self {
        case .retry: return .zero
        case .retryAfter(let delay): return delay
        case .doNotRetry, .doNotRetryWithError: return nil
        }
    }

    /// Whether this is exactly `.retry`.
    var isImmediateRetry: Bool {
        if case .retry = self { return true }
        return false
    }

    /// Whether this is exactly `.doNotRetry`.
    var isDoNotRetry: Bool {
        if case .doNotRetry = self { return true }
        return false
    }

    /// The error of `.doNotRetryWithError`.
    var retryError: (any Error)? {
        if case .doNotRetryWithError(let error) = self { return error }
        return nil
    }
}

/// A failed attempt for retriers to judge, without the network.
/// - Parameters:
///   - method: The method sent.
///   - status: The response's status code; no response when nil.
///   - headers: The request's headers.
///   - responseHeaders: The response's headers.
///   - retryCount: Retries before this attempt.
func snapshot(_ method: HTTPMethod = .get, status: Int? = nil, headers: [String: String] = [:],
              responseHeaders: [String: String] = [:], retryCount: Int = 0) throws -> RequestSnapshot {
    let url = try #require(URL(string: "https://api.example.com/resource"))
    var request = URLRequest(url: url)
    request.httpMethod = method.rawValue
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let response = try status.map { code in
        try #require(HTTPURLResponse(url: url, statusCode: code, httpVersion: "HTTP/1.1", headerFields: responseHeaders))
    }
    return RequestSnapshot(request: request, response: response, data: nil, retryCount: retryCount)
}

/// The validation failure of a status code, as `validate()` reports it.
func statusError(_ code: Int) -> AsyncNetError {
    .responseValidationFailed(reason: .unacceptableStatusCode(code: code))
}

/// A transport failure.
func transportError(_ code: URLError.Code) -> AsyncNetError {
    .sessionTaskFailed(URLError(code))
}
