/// A JSON value: null, a boolean, a number, a string, an array or an object.
///
/// `JSON` is `Sendable`, `Hashable` and `Codable`, so it decodes any response body and encodes as parameters:
///
/// ```swift
/// let json = try await session.request(url).serializing(JSON.self).value
/// let name = json["users"][0]["name"].stringValue
/// ```
///
/// Integers keep every `Int64` exactly; other numbers are `Double`.
public enum JSON: Sendable, Hashable {
    /// The JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, integer or floating point.
    case number(Number)
    /// A string.
    case string(String)
    /// An ordered list of values.
    case array([JSON])
    /// Named values. JSON objects are unordered; ``description`` prints keys sorted.
    case object([String: JSON])

    /// A JSON number that keeps integers exact.
    public enum Number: Sendable, Hashable, CustomStringConvertible {
        /// An integer that fits `Int64`, kept exactly.
        case int(Int64)
        /// Any other number.
        case double(Double)

        /// The number as a `Double` (integers above 2^53 round).
        public var doubleValue: Double {
            switch self {
            case .int(let value): return Double(value)
            case .double(let value): return value
            }
        }

        /// The number as an `Int64`, when it is an integer that fits exactly.
        public var int64Value: Int64? {
            switch self {
            case .int(let value): return value
            case .double(let value): return Int64(exactly: value)
            }
        }

        /// Numbers compare by value: `.int(1) == .double(1.0)`.
        /// - Parameters:
        ///   - lhs: A number.
        ///   - rhs: Another number.
        /// - Returns: Whether both denote the same value.
        public static func == (lhs: Number, rhs: Number) -> Bool {
            switch (lhs, rhs) {
            case (.int(let a), .int(let b)): return a == b
            case (.double(let a), .double(let b)): return a == b
            case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Int64(exactly: b) == a
            }
        }

        /// Hashes consistently with `==`: an integral double hashes like the integer.
        /// - Parameter hasher: The hasher to feed.
        public func hash(into hasher: inout Hasher) {
            if let exact = int64Value {
                hasher.combine(exact)
            } else {
                hasher.combine(doubleValue)
            }
        }

        /// The number as JSON text; non-finite doubles (which JSON cannot express) print as `null`.
        public var description: String {
            switch self {
            case .int(let value):
                return String(value)
            case .double(let value):
                // Swift prints finite doubles as valid JSON numbers ("1.0", "1e-05", "1e+16").
                return value.isFinite ? "\(value)" : "null"
            }
        }
    }
}

// MARK: - Accessors

extension JSON {
    /// The string, when this is `.string`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, when this is a number that is an integer fitting `Int` exactly.
    public var intValue: Int? {
        guard case .number(let number) = self, let exact = number.int64Value else { return nil }
        return Int(exactly: exact)
    }

    /// The integer, when this is a number that is an integer fitting `Int64` exactly.
    public var int64Value: Int64? {
        guard case .number(let number) = self else { return nil }
        return number.int64Value
    }

    /// The number as a `Double`, when this is `.number`.
    public var doubleValue: Double? {
        guard case .number(let number) = self else { return nil }
        return number.doubleValue
    }

    /// The boolean, when this is `.bool`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, when this is `.array`.
    public var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, when this is `.object`.
    public var objectValue: [String: JSON]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is `.null` (also what a missing key or index gives).
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member named `key`, or `.null` when this is not an object or has no such member.
    /// Setting a member of a non-object turns the value into an object.
    /// - Parameter key: The member's name.
    public subscript(key: String) -> JSON {
        get {
            guard case .object(let members) = self else { return .null }
            return members[key] ?? .null
        }
        set {
            var members = objectValue ?? [:]
            members[key] = newValue
            self = .object(members)
        }
    }

    /// The element at `index`, or `.null` when this is not an array or the index is out of range.
    /// Setting an element out of range does nothing.
    /// - Parameter index: The element's position.
    public subscript(index: Int) -> JSON {
        get {
            guard case .array(let elements) = self, elements.indices.contains(index) else { return .null }
            return elements[index]
        }
        set {
            guard case .array(var elements) = self, elements.indices.contains(index) else { return }
            elements[index] = newValue
            self = .array(elements)
        }
    }
}

// MARK: - Literals

extension JSON: ExpressibleByNilLiteral {
    /// Creates `.null`.
    /// - Parameter nilLiteral: `nil`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSON: ExpressibleByBooleanLiteral {
    /// Creates `.bool`.
    /// - Parameter value: The boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSON: ExpressibleByIntegerLiteral {
    /// Creates an exact integer `.number`.
    /// - Parameter value: The integer.
    public init(integerLiteral value: Int64) { self = .number(.int(value)) }
}

extension JSON: ExpressibleByFloatLiteral {
    /// Creates a floating-point `.number`.
    /// - Parameter value: The number.
    public init(floatLiteral value: Double) { self = .number(.double(value)) }
}

extension JSON: ExpressibleByStringLiteral {
    /// Creates `.string`.
    /// - Parameter value: The string.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSON: ExpressibleByArrayLiteral {
    /// Creates `.array`.
    /// - Parameter elements: The elements.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
}

extension JSON: ExpressibleByDictionaryLiteral {
    /// Creates `.object`; a repeated key keeps its last value.
    /// - Parameter elements: The members.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
