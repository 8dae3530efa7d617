import Foundation

/// One HTTP header field: a name and a value.
public struct HTTPHeader: Hashable, Sendable, CustomStringConvertible {
    /// The field name, as given (comparisons ignore case).
    public let name: String
    /// The field value.
    public let value: String

    /// Creates a header.
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `name: value`.
    public var description: String { "\(name): \(value)" }
}

/// An ordered list of HTTP headers whose names compare without regard to case.
///
/// Setting a header replaces any header of the same name (ignoring case) where it stands, so order is kept.
/// Two lists are equal when they hold the same values under the same names, names compared without case; the order
/// in which they were added does not matter.
public struct HTTPHeaders: Hashable, Sendable {
    private var headers: [HTTPHeader] = []

    /// Whether both lists hold the same values under the same names (compared without case), in any order.
    /// - Parameters:
    ///   - lhs: A list.
    ///   - rhs: Another list.
    /// - Returns: Whether they are equal.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.headers.count == rhs.headers.count && lhs.canonical == rhs.canonical
    }

    /// Hashes the canonical form: lower-cased names with their values, in no order.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(canonical)
    }

    /// Names are unique ignoring case (``update(_:)`` replaces), so this loses nothing.
    private var canonical: [String: String] {
        Dictionary(headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Creates an empty list.
    public init() {}

    /// Creates a list from headers; a later header replaces an earlier one of the same name.
    /// - Parameter headers: The headers, in order.
    public init(_ headers: [HTTPHeader]) {
        headers.forEach { update($0) }
    }

    /// Creates a list from a dictionary; the order is the dictionary's keys sorted.
    /// - Parameter dictionary: Names and values.
    public init(_ dictionary: [String: String]) {
        dictionary.keys.sorted().forEach { update(name: $0, value: dictionary[$0, default: ""]) }
    }

    /// Sets a header, replacing one of the same name (ignoring case) in place, or appending it.
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    public mutating func update(name: String, value: String) {
        update(HTTPHeader(name: name, value: value))
    }

    /// Sets a header, replacing one of the same name (ignoring case) in place, or appending it.
    /// - Parameter header: The header.
    public mutating func update(_ header: HTTPHeader) {
        if let index = index(of: header.name) {
            headers[index] = header
        } else {
            headers.append(header)
        }
    }

    /// Removes the header with this name (ignoring case), if present.
    /// - Parameter name: The field name.
    public mutating func remove(name: String) {
        if let index = index(of: name) { headers.remove(at: index) }
    }

    /// The value of the header with this name (ignoring case).
    /// - Parameter name: The field name.
    /// - Returns: The value, or `nil` when absent.
    public func value(for name: String) -> String? {
        index(of: name).map { headers[$0].value }
    }

    /// Reads or sets a header by name (ignoring case); setting `nil` removes it.
    /// - Parameter name: The field name.
    public subscript(_ name: String) -> String? {
        get { value(for: name) }
        set {
            if let newValue { update(name: name, value: newValue) } else { remove(name: name) }
        }
    }

    /// Adds every header of `other`, replacing those of the same name.
    /// - Parameter other: The headers that win.
    /// - Returns: The merged list.
    public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
        var merged = self
        other.forEach { merged.update($0) }
        return merged
    }

    /// The headers as a dictionary (names as given).
    public var dictionary: [String: String] {
        Dictionary(headers.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    private func index(of name: String) -> Int? {
        headers.firstIndex { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}

extension HTTPHeaders: Collection {
    /// The position of the first header.
    public var startIndex: Int { headers.startIndex }
    /// The position after the last header.
    public var endIndex: Int { headers.endIndex }
    /// The header at a position.
    /// - Parameter position: A valid position.
    public subscript(position: Int) -> HTTPHeader { headers[position] }
    /// The position after `i`.
    /// - Parameter i: A valid position.
    /// - Returns: `i + 1`.
    public func index(after i: Int) -> Int { headers.index(after: i) }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// Creates a list from a literal, keeping its order; a repeated name keeps the last value.
    /// - Parameter elements: Names and values.
    public init(dictionaryLiteral elements: (String, String)...) {
        elements.forEach { update(name: $0.0, value: $0.1) }
    }
}

extension HTTPHeaders: ExpressibleByArrayLiteral {
    /// Creates a list from header values such as `.authorization(bearerToken:)`.
    /// - Parameter elements: The headers.
    public init(arrayLiteral elements: HTTPHeader...) { self.init(elements) }
}

extension HTTPHeaders: CustomStringConvertible {
    /// One `name: value` line per header.
    public var description: String { headers.map(\.description).joined(separator: "\n") }
}
