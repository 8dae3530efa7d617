import Foundation
import Testing
@testable import AsyncNet

/// Random `Encodable` trees round-trip through the form encoder and Foundation's URLComponents parsing to the same
/// name/value pairs a reference flattening gives.
@Suite("Form encoding property test", .timeLimit(.minutes(1)))
struct FormEncodingPropertyTests {
    /// SplitMix64: a small seeded generator, so every failure names a reproducible seed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let alphabet: [Character] = Array("abcXYZ019 -._~!*'();:@&=+$,/?#[]%\"<>\\^`{|}é中🎉\u{7F}\t")

    static func randomString(_ rng: inout SeededGenerator) -> String {
        let length = Int.random(in: 0...6, using: &rng)
        return String((0..<length).map { _ in alphabet.randomElement(using: &rng) ?? "a" })
    }

    static func randomKey(_ rng: inout SeededGenerator) -> String {
        // Keys must be non-empty and free of brackets, which the form format uses for nesting.
        var key = randomString(&rng).filter { $0 != "[" && $0 != "]" }
        if key.isEmpty { key = "k" }
        return key
    }

    static func randomTree(depth: Int, _ rng: inout SeededGenerator) -> JSON {
        switch Int.random(in: 0..<(depth > 2 ? 4 : 6), using: &rng) {
        case 0: return .string(randomString(&rng))
        case 1: return .number(.int(Int64.random(in: -1_000_000...1_000_000, using: &rng)))
        case 2: return .bool(Bool.random(using: &rng))
        case 3: return .null
        case 4: return .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in randomTree(depth: depth + 1, &rng) })
        default: return randomObject(depth: depth + 1, &rng)
        }
    }

    static func randomObject(depth: Int, _ rng: inout SeededGenerator) -> JSON {
        var members: [String: JSON] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            members[randomKey(&rng)] = randomTree(depth: depth, &rng)
        }
        return .object(members)
    }

    /// The reference: sorted keys, `[]` for arrays, `[key]` for objects, nulls dropped, bools numeric.
    static func flatten(_ json: JSON, name: String, into pairs: inout [(String, String)]) {
        switch json {
        case .null: break
        case .bool(let value): pairs.append((name, value ? "1" : "0"))
        case .number(let number): pairs.append((name, number.description))
        case .string(let value): pairs.append((name, value))
        case .array(let elements): elements.forEach { flatten($0, name: name + "[]", into: &pairs) }
        case .object(let members):
            for key in members.keys.sorted() {
                flatten(members[key, default: .null], name: name.isEmpty ? key : name + "[\(key)]", into: &pairs)
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func randomTreesRoundTripThroughURLComponents(seed: UInt64) throws {
        var rng = SeededGenerator(state: seed)
        for iteration in 0..<150 {
            let tree = Self.randomObject(depth: 0, &rng)
            let query = try URLEncodedFormEncoder().encode(tree)
            var expected: [(String, String)] = []
            Self.flatten(tree, name: "", into: &expected)

            let components = try #require(URLComponents(string: "http://x.test/?" + query), "seed \(seed) #\(iteration): \(query)")
            let parsed = (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }
            let same = parsed.count == expected.count && zip(parsed, expected).allSatisfy { $0 == $1 }
            #expect(same, "seed \(seed) #\(iteration): \(tree) encoded as \(query) parsed as \(parsed), expected \(expected)")
            if !same { return }
        }
    }
}
