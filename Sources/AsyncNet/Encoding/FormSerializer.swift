/// Writes a ``FormNode`` tree as `application/x-www-form-urlencoded` text.
struct FormSerializer {
    let options: URLEncodedFormEncoder

    func serialize(_ root: FormNode) -> String {
        var pairs: [String] = []
        for (key, member) in members(of: root) {
            append(member, name: escape(key), to: &pairs)
        }
        return pairs.joined(separator: "&")
    }

    private func members(of node: FormNode) -> [(String, FormNode)] {
        guard case .object(let keys, let members) = node.content else { return [] }
        let ordered = options.alphabetizeKeyValuePairs ? keys.sorted() : keys
        return ordered.compactMap { key in members[key].map { (key, $0) } }
    }

    private func append(_ node: FormNode, name: String, to pairs: inout [String]) {
        switch node.content {
        case .empty:
            break
        case .value(let value):
            pairs.append(name + "=" + escape(value))
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                let elementName: String
                switch options.arrayEncoding {
                case .brackets: elementName = name + "%5B%5D"
                case .noBrackets: elementName = name
                case .indexedInBrackets: elementName = name + "%5B\(index)%5D"
                }
                append(element, name: elementName, to: &pairs)
            }
        case .object:
            for (key, member) in members(of: node) {
                append(member, name: name + "%5B" + escape(key) + "%5D", to: &pairs)
            }
        }
    }

    /// Percent-escapes everything but RFC 3986's unreserved characters and `?` and `/` (allowed in a query).
    func escape(_ string: String) -> String {
        var output = ""
        output.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "/"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " ") where options.spaceEncoding == .plusReplaced:
                output.append("+")
            default:
                output.append("%")
                output.append(Self.hexDigits[Int(byte >> 4)])
                output.append(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
        return output
    }

    private static let hexDigits: [Character] = Array("0123456789ABCDEF")
}

extension URLEncodedFormEncoder.SpaceEncoding: Equatable {
    /// Compares two strategies.
    /// - Parameters:
    ///   - lhs: A strategy.
    ///   - rhs: Another strategy.
    /// - Returns: Whether they are the same.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.percentEscaped, .percentEscaped), (.plusReplaced, .plusReplaced): return true
        default: return false
        }
    }
}
