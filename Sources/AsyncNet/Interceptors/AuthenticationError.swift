/// Why an ``AuthenticationInterceptor`` could not authenticate a request.
public enum AuthenticationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The interceptor has no credential: set one with ``AuthenticationInterceptor/setCredential(_:)`` (for
    /// example after logging in).
    case missingCredential
    /// The credential was refreshed more often than the ``AuthenticationRefreshWindow`` allows: the server keeps
    /// refusing fresh credentials, so refreshing again would loop.
    case excessiveRefresh

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .missingCredential:
            return "the authentication interceptor has no credential to apply"
        case .excessiveRefresh:
            return "the credential was refreshed too many times within the refresh window"
        }
    }
}

/// How many refreshes an ``AuthenticationInterceptor`` allows within a time window before it stops refreshing and
/// fails with ``AuthenticationError/excessiveRefresh``.
public struct AuthenticationRefreshWindow: Sendable, Equatable {
    /// The length of the window.
    public let interval: Duration
    /// The most refreshes started within any window of that length.
    public let maximumAttempts: Int

    /// Creates a refresh window; the default allows 5 refreshes within 30 seconds.
    /// - Parameters:
    ///   - interval: The length of the window (a negative value counts as zero: no limit applies).
    ///   - maximumAttempts: The most refreshes within the window (a negative value counts as zero: never refresh).
    public init(interval: Duration = .seconds(30), maximumAttempts: Int = 5) {
        self.interval = max(.zero, interval)
        self.maximumAttempts = max(0, maximumAttempts)
    }
}
