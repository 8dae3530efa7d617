extension JSON: Codable {
    /// Decodes any JSON value.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the input is not a JSON value.
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSON] = []
            if let count = array.count { elements.reserveCapacity(count) }
            while !array.isAtEnd {
                elements.append(try array.decode(JSON.self))
            }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if (try? decoder.container(keyedBy: AnyCodingKey.self)) != nil {
            // Decoded as `[String: JSON]`, which coders exempt from key strategies: a model-free value keeps the
            // server's keys exactly, whatever `keyDecodingStrategy` says.
            self = .object(try single.decode([String: JSON].self))
            return
        }
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .number(.int(value))
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else {
            do {
                self = .number(.double(try single.decode(Double.self)))
            } catch DecodingError.typeMismatch {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "The value is not JSON.")
            }
            // Any other error is the decoder's own reason, for example a number out of Double's range (1E400).
        }
    }

    /// Encodes the value.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws (for example for a non-finite double).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .number(.int(let value)):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .number(.double(let value)):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        case .object(let members):
            // Encoded as `[String: JSON]`, which coders exempt from key strategies: the keys are sent as written.
            var single = encoder.singleValueContainer()
            try single.encode(members)
        }
    }
}

/// A coding key for any string or integer, used to walk containers whose keys are not known in advance.
struct AnyCodingKey: CodingKey, Hashable, Sendable {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension JSON: CustomStringConvertible {
    /// The value as compact, valid JSON text with object keys sorted.
    public var description: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let number): output += number.description
        case .string(let value): JSON.writeQuoted(value, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                JSON.writeQuoted(key, to: &output)
                output += ":"
                members[key, default: .null].write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeQuoted(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
