import Foundation

/// Replaces secret values with `<redacted>`, by the rules of ``SecretNames``. Pure functions.
enum Redaction {
    /// A header value as it may be shown.
    ///
    /// `Authorization` and `Proxy-Authorization` keep their scheme (`Bearer <redacted>`); `Cookie` keeps the cookie
    /// names (`a=<redacted>; b=<redacted>`); `Set-Cookie` keeps the name and the attributes
    /// (`id=<redacted>; Path=/; HttpOnly`); any other secret header becomes `<redacted>`.
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    /// - Returns: `value`, or its redacted form when the field is secret.
    static func headerValue(name: String, value: String) -> String {
        let lowered = name.lowercased()
        if lowered == "location" || lowered == "content-location" || lowered == "referer" {
            // A redirect target carries the same secrets a request URL does (`?token=...`).
            guard let target = URL(string: value) else { return value }
            return url(target)
        }
        guard SecretNames.isSecretHeader(name), !value.isEmpty else { return value }
        switch name.lowercased() {
        case "authorization", "proxy-authorization":
            guard let space = value.firstIndex(of: " ") else { return SecretNames.placeholder }
            return value[..<space] + " " + SecretNames.placeholder
        case "cookie":
            return value.split(separator: ";", omittingEmptySubsequences: false)
                .map { pairRedacted(String($0)) }
                .joined(separator: ";")
        case "set-cookie":
            guard let end = value.firstIndex(of: ";") else { return pairRedacted(value) }
            return pairRedacted(String(value[..<end])) + value[end...]
        default:
            return SecretNames.placeholder
        }
    }

    /// `name=<redacted>` for `name=value` (keeping the white space around the name), `<redacted>` without `=`.
    private static func pairRedacted(_ pair: String) -> String {
        guard let equals = pair.firstIndex(of: "=") else {
            return pair.trimmingCharacters(in: .whitespaces).isEmpty ? pair : SecretNames.placeholder
        }
        return pair[...equals] + SecretNames.placeholder
    }

    /// The URL as text, with the user-information password and the values of secret query and fragment parameters
    /// replaced by `<redacted>`. Everything else is kept exactly as written (percent-encoding included).
    /// - Parameter url: The URL.
    /// - Returns: The text to show.
    static func url(_ url: URL) -> String {
        let text = url.absoluteString
        guard let components = URLComponents(string: text) else { return text }
        // A user without a password is often a token itself ("https://TOKEN@host"): redact it too.
        let password = components.rangeOfPassword ?? components.rangeOfUser
        let ranges = [password, components.rangeOfQuery, components.rangeOfFragment]
            .compactMap { $0 }
            .sorted { $0.lowerBound < $1.lowerBound }
        var result = ""
        var cursor = text.startIndex
        for range in ranges {
            let part = String(text[range])
            result += text[cursor..<range.lowerBound]
            if range == password {
                result += part.isEmpty ? part : SecretNames.placeholder
            } else {
                result += query(part)
            }
            cursor = range.upperBound
        }
        result += text[cursor...]
        return result
    }

    /// A percent-encoded query (or fragment) with the values of secret parameters redacted.
    /// - Parameter query: The text between `?` and `#` (or after `#`).
    /// - Returns: The same text, secret values replaced.
    static func query(_ query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let rawName = item[..<equals].replacingOccurrences(of: "+", with: " ")
            let name = rawName.removingPercentEncoding ?? rawName
            let value = item[item.index(after: equals)...]
            guard SecretNames.isSecretQueryName(name), !value.isEmpty else { return String(item) }
            return item[...equals] + SecretNames.placeholder
        }.joined(separator: "&")
    }
}
