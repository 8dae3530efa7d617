import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a caller can set on a request before it runs, and how it describes itself.
extension DataRequest {
    /// Sends a Basic `Authorization` header with this user and password.
    ///
    /// The credential is sent with the first request rather than in answer to a challenge: on Linux, a challenge
    /// answered by URLSession makes it replay the original request on every redirect that follows. It goes only to
    /// the request's own origin; a redirect to another scheme, host or port does not carry it. A server that
    /// still answers 401 refused the credential: the 401 comes back to you.
    /// - Parameters:
    ///   - username: The user name.
    ///   - password: The password.
    /// - Returns: The request, for chaining.
    @discardableResult
    public nonisolated func authenticate(username: String, password: String) -> Self {
        let credential = BasicCredential(user: username, password: password)
        enqueue { $0.credential = credential }
        return self
    }

    /// Decides this request's redirects with `handler` instead of the Session's.
    /// - Parameter handler: For example `Redirector.doNotFollow` or `.modify { ... }`.
    /// - Returns: The request, for chaining.
    @discardableResult
    public nonisolated func redirect(using handler: some RedirectHandler) -> Self {
        enqueue { $0.redirectHandler = handler }
        return self
    }

    /// Limits the response body this request accepts, instead of the Session's `maxResponseSize`.
    ///
    /// A larger body fails the request with ``AsyncNetError/responseTooLarge(limit:)`` as soon as the limit is
    /// crossed: from `Content-Length` when the server announces it, otherwise while the body arrives (counting
    /// decoded bytes, so a compressed bomb is stopped too). The transfer is cancelled and nothing more is buffered.
    /// - Parameter bytes: The most bytes accepted.
    /// - Returns: The request, for chaining.
    @discardableResult
    public nonisolated func limitResponseSize(to bytes: Int) -> Self {
        enqueue { $0.responseSizeLimit = max(0, bytes) }
        return self
    }

    /// The request as a command a person can paste into a shell: method, headers (the Session configuration's
    /// included), cookies, body and URL, quoted for bash whatever their bytes.
    ///
    /// Before the request starts, it is built for the description (nothing is sent); afterwards it is the latest
    /// attempt's request as sent. `Authorization`, `Proxy-Authorization`, `Cookie`, other secret-looking headers
    /// and secret query values are replaced by `<redacted>` unless `redactingSecrets` is false.
    /// - Parameter redactingSecrets: Whether secrets are hidden; true by default.
    /// - Returns: The `curl` command, or a comment saying why there is none.
    public func cURLDescription(redactingSecrets: Bool = true) -> String {
        let request: URLRequest
        if let urlRequest {
            request = urlRequest
        } else {
            do {
                request = try builtRequest ?? buildRequest()
            } catch {
                return "# no curl command: the request cannot be built (\(error.localizedDescription))"
            }
        }
        let (prepared, cookies) = CURLCommand.prepare(request, for: session.urlSession.configuration)
        return CURLCommand.make(from: prepared, cookies: cookies, redactingSecrets: redactingSecrets)
    }

    /// Adds a monitor for this request alone (the Session's monitors see it too).
    /// - Parameter monitor: The monitor.
    /// - Returns: The request, for chaining.
    @discardableResult
    public nonisolated func monitor(with monitor: some EventMonitor) -> Self {
        enqueue { $0.requestChannels.append(MonitorChannel(monitor)) }
        return self
    }
}
