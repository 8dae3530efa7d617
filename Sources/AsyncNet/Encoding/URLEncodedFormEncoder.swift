import Foundation

/// Encodes an `Encodable` value as `application/x-www-form-urlencoded` text (`a=1&b%5Bc%5D=2`).
///
/// The top-level value must encode as a keyed container (a struct or a dictionary). Nested objects become
/// `a[b]=c`, arrays follow ``arrayEncoding``, `nil` optionals are dropped, keys are sorted by default, and names and
/// values are escaped per RFC 3986 (only unreserved characters, `?` and `/` stay as they are).
public struct URLEncodedFormEncoder: Sendable {
    /// How array elements are named.
    public enum ArrayEncoding: Sendable {
        /// `key[]=1&key[]=2` (the default; Rails, PHP).
        case brackets
        /// `key=1&key=2`.
        case noBrackets
        /// `key[0]=1&key[1]=2`.
        case indexedInBrackets
    }

    /// How booleans are written.
    public enum BoolEncoding: Sendable {
        /// `1` and `0` (the default).
        case numeric
        /// `true` and `false`.
        case literal
    }

    /// How dates are written.
    public enum DateEncoding: Sendable {
        /// As `Date` encodes itself: seconds since 2001-01-01 (the default).
        case deferredToDate
        /// Seconds since 1970-01-01.
        case secondsSince1970
        /// Milliseconds since 1970-01-01.
        case millisecondsSince1970
        /// ISO 8601 with time zone, such as `2001-02-03T04:05:06Z`.
        case iso8601
        /// With your own format style.
        case formatted(Date.ISO8601FormatStyle)
        /// With your own function.
        case custom(@Sendable (Date) throws -> String)
    }

    /// How `Data` is written.
    public enum DataEncoding: Sendable {
        /// As `Data` encodes itself: an array of bytes.
        case deferredToData
        /// Base64 (the default).
        case base64
        /// With your own function.
        case custom(@Sendable (Data) throws -> String)
    }

    /// How keys are written.
    public enum KeyEncoding: Sendable {
        /// As declared (the default).
        case useDefaultKeys
        /// `userName` becomes `user_name`.
        case convertToSnakeCase
        /// `userName` becomes `user-name`.
        case convertToKebabCase
        /// `userName` becomes `UserName`.
        case capitalized
        /// `userName` becomes `USERNAME`.
        case uppercased
        /// `userName` becomes `username`.
        case lowercased
        /// With your own function.
        case custom(@Sendable (String) -> String)
    }

    /// How spaces are written.
    public enum SpaceEncoding: Sendable {
        /// `%20` (the default).
        case percentEscaped
        /// `+`, as HTML forms do.
        case plusReplaced
    }

    /// Whether pairs are sorted by key (stable output, cache-friendly); declaration order otherwise.
    public var alphabetizeKeyValuePairs: Bool
    /// How arrays are written.
    public var arrayEncoding: ArrayEncoding
    /// How booleans are written.
    public var boolEncoding: BoolEncoding
    /// How dates are written.
    public var dateEncoding: DateEncoding
    /// How `Data` is written.
    public var dataEncoding: DataEncoding
    /// How keys are written.
    public var keyEncoding: KeyEncoding
    /// How spaces are written.
    public var spaceEncoding: SpaceEncoding

    /// Creates an encoder.
    /// - Parameters:
    ///   - alphabetizeKeyValuePairs: Sort pairs by key; `true` by default.
    ///   - arrayEncoding: `.brackets` by default.
    ///   - boolEncoding: `.numeric` by default.
    ///   - dateEncoding: `.deferredToDate` by default.
    ///   - dataEncoding: `.base64` by default.
    ///   - keyEncoding: `.useDefaultKeys` by default.
    ///   - spaceEncoding: `.percentEscaped` by default.
    public init(
        alphabetizeKeyValuePairs: Bool = true, arrayEncoding: ArrayEncoding = .brackets,
        boolEncoding: BoolEncoding = .numeric, dateEncoding: DateEncoding = .deferredToDate,
        dataEncoding: DataEncoding = .base64, keyEncoding: KeyEncoding = .useDefaultKeys,
        spaceEncoding: SpaceEncoding = .percentEscaped
    ) {
        self.alphabetizeKeyValuePairs = alphabetizeKeyValuePairs
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
        self.dateEncoding = dateEncoding
        self.dataEncoding = dataEncoding
        self.keyEncoding = keyEncoding
        self.spaceEncoding = spaceEncoding
    }

    /// Encodes a value as form text.
    /// - Parameter value: A struct, class or dictionary.
    /// - Returns: The text, such as `a=1&b=2`; empty when the value has no members.
    /// - Throws: The value's own encoding error, a date or data strategy's error, or
    ///   ``AsyncNetError/parameterEncodingFailed(reason:)`` when the value is not keyed at the top level.
    public func encode(_ value: some Encodable) throws -> String {
        let root = FormNode()
        try FormNodeEncoder(node: root, options: self).encodeValue(value)
        guard case .object = root.content else {
            if case .empty = root.content { return "" }
            throw AsyncNetError.parameterEncodingFailed(reason: .unsupportedValue(
                "a form needs named values at the top level (a struct or a dictionary), not \(type(of: value))"))
        }
        return FormSerializer(options: self).serialize(root)
    }

    /// Encodes a value as UTF-8 form data.
    /// - Parameter value: A struct, class or dictionary.
    /// - Returns: The encoded bytes.
    /// - Throws: As ``encode(_:)-(some Encodable)`` does.
    public func encodeData(_ value: some Encodable) throws -> Data {
        let text: String = try encode(value)
        return Data(text.utf8)
    }

    func encodedKey(_ key: String) -> String {
        switch keyEncoding {
        case .useDefaultKeys: return key
        case .convertToSnakeCase: return Self.splitCamelCase(key, separator: "_")
        case .convertToKebabCase: return Self.splitCamelCase(key, separator: "-")
        case .capitalized: return key.prefix(1).uppercased() + key.dropFirst()
        case .uppercased: return key.uppercased()
        case .lowercased: return key.lowercased()
        case .custom(let transform): return transform(key)
        }
    }

    /// `userID2Name` -> `user_id2_name`: a separator before each upper-case run that follows a lower-case letter or
    /// digit, and before the last capital of a run that starts a new word.
    static func splitCamelCase(_ key: String, separator: Character) -> String {
        let characters = Array(key)
        var output = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord = previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && (next?.isLowercase ?? false))
                if startsWord && previous != separator { output.append(separator) }
            }
            output.append(contentsOf: character.lowercased())
        }
        return output
    }
}
