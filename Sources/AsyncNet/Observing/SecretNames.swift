import Foundation

/// The one place that decides which header fields and query parameters hold secrets.
///
/// ``CURLCommand`` and ``LoggingMonitor`` replace their values with `<redacted>` unless told not to. All comparisons
/// ignore case.
///
/// - Header fields: `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `X-API-Key`, `X-Auth-Token`,
///   and any field whose name contains `token`, `secret`, `password`, `api-key` or `apikey`.
/// - Query (and fragment) parameters: `token`, `access_token`, `api_key`, `apikey`, `key`, `password`, `secret`,
///   `signature`, `sig`, `client_secret`, and any name ending in one of these after `_`, `-` or `.`
///   (`refresh_token`, `X-Amz-Signature`, `db.password`).
/// - The password of a URL's user information (`https://user:<redacted>@host`).
enum SecretNames {
    /// What replaces a secret value.
    static let placeholder = "<redacted>"

    /// Header fields that are secret by name (lower-cased).
    static let headerNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token",
    ]

    /// A header field whose lower-cased name contains one of these is secret.
    static let headerNameFragments = ["token", "secret", "password", "api-key", "apikey"]

    /// Query parameters that are secret by name (lower-cased).
    static let queryNames: Set<String> = [
        "token", "access_token", "api_key", "apikey", "key", "password", "secret", "signature", "sig",
        "client_secret",
    ]

    /// Separators after which a query name's last part is compared with ``queryNames``.
    static let querySeparators: Set<Character> = ["_", "-", "."]

    /// Whether a header field's value is secret.
    /// - Parameter name: The field name, in any case.
    /// - Returns: Whether the value must be redacted.
    static func isSecretHeader(_ name: String) -> Bool {
        let name = name.lowercased()
        return headerNames.contains(name) || headerNameFragments.contains { name.contains($0) }
    }

    /// Whether a query parameter's value is secret.
    /// - Parameter name: The decoded parameter name, in any case.
    /// - Returns: Whether the value must be redacted.
    static func isSecretQueryName(_ name: String) -> Bool {
        let name = name.lowercased()
        if queryNames.contains(name) { return true }
        guard let separator = name.lastIndex(where: { querySeparators.contains($0) }) else { return false }
        return queryNames.contains(String(name[name.index(after: separator)...]))
    }
}
