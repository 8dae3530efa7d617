import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A credential an ``Authenticator`` applies to requests, such as an OAuth access token with its refresh token.
public protocol AuthenticationCredential: Sendable {
    /// Whether the credential should be refreshed before it is used, for example because it expires within the
    /// next minute. ``AuthenticationInterceptor`` then refreshes it before adapting a request.
    var requiresRefresh: Bool { get }
}

/// Applies and refreshes one kind of credential; ``AuthenticationInterceptor`` decides when.
///
/// ```swift
/// struct OAuth: Authenticator {
///     func apply(_ credential: Token, to urlRequest: inout URLRequest) {
///         urlRequest.setValue("Bearer \(credential.access)", forHTTPHeaderField: "Authorization")
///     }
///     func refresh(_ credential: Token, for session: Session) async throws -> Token { ... }
///     func didRequest(_ urlRequest: URLRequest, with response: HTTPURLResponse,
///                     failDueToAuthenticationError error: any Error) -> Bool { response.statusCode == 401 }
///     func isRequest(_ urlRequest: URLRequest, authenticatedWith credential: Token) -> Bool {
///         urlRequest.value(forHTTPHeaderField: "Authorization") == "Bearer \(credential.access)"
///     }
/// }
/// ```
public protocol Authenticator: Sendable {
    /// The credential this authenticator works with.
    associatedtype Credential: AuthenticationCredential

    /// Adds the credential to a request, typically as an `Authorization` header.
    /// - Parameters:
    ///   - credential: The credential.
    ///   - urlRequest: The request to change.
    func apply(_ credential: Credential, to urlRequest: inout URLRequest)

    /// Gets a fresh credential, for example by sending the refresh token to the token endpoint.
    ///
    /// Called once for every group of requests that failed together, never concurrently with itself.
    ///
    /// Do not send the refresh request through the same ``AuthenticationInterceptor`` (a Session created with it,
    /// or a request given it): its adaptation would wait for the refresh it belongs to, forever. Send it on a
    /// Session without that interceptor.
    /// - Parameters:
    ///   - credential: The credential to refresh.
    ///   - session: The Session of the request that needed the refresh.
    /// - Returns: The new credential.
    /// - Throws: Any error; every request waiting for this refresh then fails with
    ///   ``AsyncNetError/requestRetryFailed(retryError:originalError:)`` (or
    ///   ``AsyncNetError/requestAdaptationFailed(error:)`` when the refresh happened before sending) carrying it.
    func refresh(_ credential: Credential, for session: Session) async throws -> Credential

    /// Whether a failed request failed because its authentication was refused (typically a 401).
    /// - Parameters:
    ///   - urlRequest: The request that was sent.
    ///   - response: Its response.
    ///   - error: Why the request failed (a 401 fails a request when validation rejects it, e.g. `validate()`).
    /// - Returns: `true` to refresh the credential (if needed) and retry.
    func didRequest(_ urlRequest: URLRequest, with response: HTTPURLResponse,
                    failDueToAuthenticationError error: any Error) -> Bool

    /// Whether a request was sent with this credential. A request refused with an older credential is retried
    /// with the current one without another refresh.
    /// - Parameters:
    ///   - urlRequest: The request that was sent.
    ///   - credential: The current credential.
    /// - Returns: `true` when the request carries `credential`.
    func isRequest(_ urlRequest: URLRequest, authenticatedWith credential: Credential) -> Bool
}
