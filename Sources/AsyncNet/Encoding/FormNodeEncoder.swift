import Foundation

/// A node of the tree a value encodes into before it is written as form text.
/// Reference semantics match how `Encoder` containers share their storage.
final class FormNode {
    enum Content {
        case empty
        case value(String)
        case array([FormNode])
        case object(keys: [String], members: [String: FormNode])
    }

    var content: Content = .empty

    func makeObject() {
        if case .object = content { return }
        content = .object(keys: [], members: [:])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    /// The member for `key`, created (and the node made an object) when missing.
    func child(forKey key: String) -> FormNode {
        makeObject()
        guard case .object(var keys, var members) = content else { return FormNode() }
        if let existing = members[key] { return existing }
        let node = FormNode()
        keys.append(key)
        members[key] = node
        content = .object(keys: keys, members: members)
        return node
    }

    /// A new last element (the node made an array).
    func appendChild() -> FormNode {
        makeArray()
        guard case .array(var elements) = content else { return FormNode() }
        let node = FormNode()
        elements.append(node)
        content = .array(elements)
        return node
    }

    var count: Int {
        switch content {
        case .array(let elements): return elements.count
        case .object(let keys, _): return keys.count
        case .empty, .value: return 0
        }
    }
}

/// The `Encoder` that writes a value into a ``FormNode`` tree.
struct FormNodeEncoder: Encoder {
    let node: FormNode
    let options: URLEncodedFormEncoder
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedFormContainer<Key>(node: node, options: options, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedFormContainer(node: node, options: options, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleFormContainer(encoder: self)
    }

    /// Encodes a value, applying the date, data and URL strategies before the value's own `encode(to:)`.
    func encodeValue<T: Encodable>(_ value: T) throws {
        switch value {
        case let date as Date: try encodeDate(date)
        case let data as Data: try encodeData(data)
        case let url as URL: node.content = .value(url.absoluteString)
        case let decimal as Decimal: node.content = .value(decimal.description)
        default: try value.encode(to: self)
        }
    }

    func encodeBool(_ value: Bool) {
        switch options.boolEncoding {
        case .numeric: node.content = .value(value ? "1" : "0")
        case .literal: node.content = .value(value ? "true" : "false")
        }
    }

    private func encodeDate(_ date: Date) throws {
        switch options.dateEncoding {
        case .deferredToDate: try date.encode(to: self)
        case .secondsSince1970: node.content = .value(String(date.timeIntervalSince1970))
        case .millisecondsSince1970: node.content = .value(String(date.timeIntervalSince1970 * 1000))
        case .iso8601: node.content = .value(date.formatted(.iso8601))
        case .formatted(let style): node.content = .value(date.formatted(style))
        case .custom(let transform): node.content = .value(try transform(date))
        }
    }

    private func encodeData(_ data: Data) throws {
        switch options.dataEncoding {
        case .deferredToData: try data.encode(to: self)
        case .base64: node.content = .value(data.base64EncodedString())
        case .custom(let transform): node.content = .value(try transform(data))
        }
    }

    func nested(_ node: FormNode, key: any CodingKey) -> FormNodeEncoder {
        FormNodeEncoder(node: node, options: options, codingPath: codingPath + [key])
    }
}

private struct KeyedFormContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: FormNode
    let options: URLEncodedFormEncoder
    var codingPath: [any CodingKey]

    private func child(_ key: Key) -> FormNode { node.child(forKey: options.encodedKey(key.stringValue)) }
    private func encoder(_ key: Key) -> FormNodeEncoder {
        FormNodeEncoder(node: child(key), options: options, codingPath: codingPath + [key])
    }

    /// `nil` members are dropped.
    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { encoder(key).encodeBool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { child(key).content = .value(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { child(key).content = .value(String(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { child(key).content = .value(String(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { child(key).content = .value(String(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { child(key).content = .value(String(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { child(key).content = .value(String(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { child(key).content = .value(String(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).content = .value(String(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { child(key).content = .value(String(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { child(key).content = .value(String(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { child(key).content = .value(String(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { child(key).content = .value(String(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { child(key).content = .value(String(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encoder(key).encodeValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        FormNodeEncoder(node: node.child(forKey: "super"), options: options, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder(key) }
}

private struct UnkeyedFormContainer: UnkeyedEncodingContainer {
    let node: FormNode
    let options: URLEncodedFormEncoder
    var codingPath: [any CodingKey]
    var count: Int { node.count }

    private func next() -> FormNodeEncoder {
        FormNodeEncoder(node: node.appendChild(), options: options, codingPath: codingPath + [AnyCodingKey(intValue: count) ?? AnyCodingKey("")])
    }

    /// `nil` elements are dropped.
    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws { next().encodeBool(value) }
    mutating func encode(_ value: String) throws { next().node.content = .value(value) }
    mutating func encode(_ value: Double) throws { next().node.content = .value(String(value)) }
    mutating func encode(_ value: Float) throws { next().node.content = .value(String(value)) }
    mutating func encode(_ value: Int) throws { next().node.content = .value(String(value)) }
    mutating func encode(_ value: Int8) throws { next().node.content = .value(String(value)) }
    mutating func encode(_ value: Int16) throws { next().node.content = .value(String(value)) }
    mutating func encode(_ value: Int32) throws { next().node.content = .value(String(value)) }
    mutating func encode(_ value: Int64) throws { next().node.content = .value(String(value)) }
    mutating func encode(_ value: UInt) throws { next().node.content = .value(String(value)) }
    mutating func encode(_ value: UInt8) throws { next().node.content = .value(String(value)) }
    mutating func encode(_ value: UInt16) throws { next().node.content = .value(String(value)) }
    mutating func encode(_ value: UInt32) throws { next().node.content = .value(String(value)) }
    mutating func encode(_ value: UInt64) throws { next().node.content = .value(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try next().encodeValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }

    mutating func superEncoder() -> any Encoder { next() }
}

private struct SingleFormContainer: SingleValueEncodingContainer {
    let encoder: FormNodeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    private var node: FormNode { encoder.node }

    /// `nil` is dropped.
    mutating func encodeNil() throws { node.content = .empty }
    mutating func encode(_ value: Bool) throws { encoder.encodeBool(value) }
    mutating func encode(_ value: String) throws { node.content = .value(value) }
    mutating func encode(_ value: Double) throws { node.content = .value(String(value)) }
    mutating func encode(_ value: Float) throws { node.content = .value(String(value)) }
    mutating func encode(_ value: Int) throws { node.content = .value(String(value)) }
    mutating func encode(_ value: Int8) throws { node.content = .value(String(value)) }
    mutating func encode(_ value: Int16) throws { node.content = .value(String(value)) }
    mutating func encode(_ value: Int32) throws { node.content = .value(String(value)) }
    mutating func encode(_ value: Int64) throws { node.content = .value(String(value)) }
    mutating func encode(_ value: UInt) throws { node.content = .value(String(value)) }
    mutating func encode(_ value: UInt8) throws { node.content = .value(String(value)) }
    mutating func encode(_ value: UInt16) throws { node.content = .value(String(value)) }
    mutating func encode(_ value: UInt32) throws { node.content = .value(String(value)) }
    mutating func encode(_ value: UInt64) throws { node.content = .value(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
}
