/// Parses header values made of comma-separated elements with `;`-separated parameters (RFC 9110 5.6), such as
/// `Accept: text/html;q=0.9, application/json` and `Content-Type: text/plain; charset="utf-8"`.
///
/// Quoted strings are honoured: a `;`, `,` or `=` inside quotes belongs to the value, and `\` escapes the next
/// character. Parameter names are lower-cased; values are unquoted.
enum HeaderValueParser {
    /// One element: its value and its parameters.
    struct Element: Equatable, Sendable {
        let value: String
        let parameters: [String: String]
    }

    /// The comma-separated elements of a header value; empty elements are skipped.
    static func elements(_ header: String) -> [Element] {
        split(header, at: ",").compactMap { part in
            let element = self.element(part)
            return element.value.isEmpty && element.parameters.isEmpty ? nil : element
        }
    }

    /// A single element (a value with parameters), such as a Content-Type.
    static func element(_ text: String) -> Element {
        let pieces = split(text, at: ";")
        let value = (pieces.first ?? "").trimmingSpaces()
        var parameters: [String: String] = [:]
        for piece in pieces.dropFirst() {
            let pair = split(piece, at: "=", limit: 1)
            guard pair.count == 2 else { continue }
            let name = pair[0].trimmingSpaces().lowercased()
            guard !name.isEmpty, parameters[name] == nil else { continue }   // the first occurrence wins
            parameters[name] = unquote(pair[1].trimmingSpaces())
        }
        return Element(value: value, parameters: parameters)
    }

    /// Splits at `separator` outside quoted strings, at most `limit` times.
    private static func split(_ text: String, at separator: Character, limit: Int = .max) -> [String] {
        var parts: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
            } else if inQuotes && character == "\\" {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if character == separator && !inQuotes && parts.count < limit {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    /// Removes the quotes of a quoted string and its escapes; any other value is returned as it is.
    private static func unquote(_ value: String) -> String {
        guard value.count >= 2, value.first == "\"", value.last == "\"" else { return value }
        var result = ""
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if !escaped && character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            result.append(character)
        }
        return result
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional white space).
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
