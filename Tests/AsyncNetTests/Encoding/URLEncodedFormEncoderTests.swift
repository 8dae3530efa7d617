import Foundation
import Testing
@testable import AsyncNet

@Suite("URLEncodedFormEncoder", .timeLimit(.minutes(1)))
struct URLEncodedFormEncoderTests {
    func encode(_ value: some Encodable, _ encoder: URLEncodedFormEncoder = URLEncodedFormEncoder()) throws -> String {
        try encoder.encode(value)
    }

    @Test func flatValuesAreSortedAndEscaped() throws {
        #expect(try encode(["b": "2", "a": "1"]) == "a=1&b=2")
        #expect(try encode(["q": "a b&c=d+e/f?g#h"]) == "q=a%20b%26c%3Dd%2Be/f?g%23h")
        #expect(try encode(["k&=": "v"]) == "k%26%3D=v")
        #expect(try encode(["unreserved": "AZaz09-._~"]) == "unreserved=AZaz09-._~")
    }

    @Test func unicodeIsPercentEncodedAsUTF8() throws {
        #expect(try encode(["name": "café"]) == "name=caf%C3%A9")
        #expect(try encode(["emoji": "🎉"]) == "emoji=%F0%9F%8E%89")
        #expect(try encode(["ключ": "значение"]) == "%D0%BA%D0%BB%D1%8E%D1%87=%D0%B7%D0%BD%D0%B0%D1%87%D0%B5%D0%BD%D0%B8%D0%B5")
    }

    @Test func declarationOrderWhenNotAlphabetized() throws {
        struct Ordered: Encodable { let z = 1; let a = 2; let m = 3 }
        #expect(try encode(Ordered(), URLEncodedFormEncoder(alphabetizeKeyValuePairs: false)) == "z=1&a=2&m=3")
        #expect(try encode(Ordered()) == "a=2&m=3&z=1")
    }

    @Test func arrayEncodings() throws {
        let value = ["list": [1, 2]]
        #expect(try encode(value) == "list%5B%5D=1&list%5B%5D=2")
        #expect(try encode(value, URLEncodedFormEncoder(arrayEncoding: .noBrackets)) == "list=1&list=2")
        #expect(try encode(value, URLEncodedFormEncoder(arrayEncoding: .indexedInBrackets)) == "list%5B0%5D=1&list%5B1%5D=2")
    }

    @Test func emptyArraysAndObjectsProduceNothing() throws {
        struct Empties: Encodable { let list: [Int] = []; let object: [String: String] = [:]; let x = "1" }
        #expect(try encode(Empties()) == "x=1")
        #expect(try encode([String: String]()) == "")
    }

    @Test func nestedObjectsUseBrackets() throws {
        let value: JSON = ["user": ["name": "Ada", "address": ["city": "London"]], "tags": [["k": "v"]]]
        let decoded = try #require(try encode(value).removingPercentEncoding)
        #expect(decoded == "tags[][k]=v&user[address][city]=London&user[name]=Ada")
    }

    @Test func optionalsNilAreDropped() throws {
        struct Optionals: Encodable {
            let present: String? = "yes"
            let absent: String? = nil
            let list: [Int?] = [1, nil, 3]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeIfPresent(present, forKey: .present)
                try container.encode(absent, forKey: .absent)   // encodeNil: dropped as well
                try container.encode(list, forKey: .list)
            }
            enum CodingKeys: String, CodingKey { case present, absent, list }
        }
        #expect(try encode(Optionals()) == "list%5B%5D=1&list%5B%5D=3&present=yes")
    }

    @Test func boolEncodings() throws {
        #expect(try encode(["t": true, "f": false]) == "f=0&t=1")
        #expect(try encode(["t": true], URLEncodedFormEncoder(boolEncoding: .literal)) == "t=true")
    }

    @Test func dateEncodings() throws {
        let date = Date(timeIntervalSince1970: 1_000_000_000)
        let value = ["d": date]
        #expect(try encode(value) == "d=\(date.timeIntervalSinceReferenceDate)")
        #expect(try encode(value, URLEncodedFormEncoder(dateEncoding: .secondsSince1970)) == "d=1000000000.0")
        #expect(try encode(value, URLEncodedFormEncoder(dateEncoding: .millisecondsSince1970)) == "d=1000000000000.0")
        #expect(try encode(value, URLEncodedFormEncoder(dateEncoding: .iso8601)) == "d=2001-09-09T01%3A46%3A40Z")
        let dayOnly = URLEncodedFormEncoder(dateEncoding: .formatted(Date.ISO8601FormatStyle().year().month().day()))
        #expect(try encode(value, dayOnly) == "d=2001-09-09")
        let custom = URLEncodedFormEncoder(dateEncoding: .custom { "t\(Int($0.timeIntervalSince1970))" })
        #expect(try encode(value, custom) == "d=t1000000000")
    }

    @Test func dataEncodings() throws {
        let value = ["d": Data([0xFB, 0xFF])]
        #expect(try encode(value) == "d=%2B/8%3D")   // base64 "+/8="
        #expect(try encode(value, URLEncodedFormEncoder(dataEncoding: .deferredToData)) == "d%5B%5D=251&d%5B%5D=255")
        let hex = URLEncodedFormEncoder(dataEncoding: .custom { $0.map { String(format: "%02x", $0) }.joined() })
        #expect(try encode(value, hex) == "d=fbff")
    }

    @Test func keyEncodings() throws {
        struct Keys: Encodable { let userName = "a"; let userID2Name = "b"; let url = "c" }
        #expect(try encode(Keys(), URLEncodedFormEncoder(keyEncoding: .convertToSnakeCase)) == "url=c&user_id2_name=b&user_name=a")
        #expect(try encode(Keys(), URLEncodedFormEncoder(keyEncoding: .convertToKebabCase)) == "url=c&user-id2-name=b&user-name=a")
        #expect(try encode(Keys(), URLEncodedFormEncoder(keyEncoding: .capitalized)) == "Url=c&UserID2Name=b&UserName=a")
        #expect(try encode(Keys(), URLEncodedFormEncoder(keyEncoding: .uppercased)) == "URL=c&USERID2NAME=b&USERNAME=a")
        #expect(try encode(Keys(), URLEncodedFormEncoder(keyEncoding: .lowercased)) == "url=c&userid2name=b&username=a")
        #expect(try encode(Keys(), URLEncodedFormEncoder(keyEncoding: .custom { "x_" + $0 })) == "x_url=c&x_userID2Name=b&x_userName=a")
    }

    @Test func spaceEncodings() throws {
        #expect(try encode(["q": "a b"]) == "q=a%20b")
        #expect(try encode(["q": "a b"], URLEncodedFormEncoder(spaceEncoding: .plusReplaced)) == "q=a+b")
        #expect(try encode(["q": "a+b"], URLEncodedFormEncoder(spaceEncoding: .plusReplaced)) == "q=a%2Bb")
    }

    @Test func numbersAndURLsAndDecimals() throws {
        struct Numbers: Encodable {
            let int = -3; let uint: UInt64 = .max; let double = 1.5; let float: Float = 0.25
            let url = URL(string: "https://x.test/a?b=c")
            let decimal = Decimal(string: "12.34")
        }
        let text = try #require(try encode(Numbers()).removingPercentEncoding)
        #expect(text == "decimal=12.34&double=1.5&float=0.25&int=-3&uint=18446744073709551615&url=https://x.test/a?b=c")
    }

    @Test func topLevelScalarsAndArraysAreRejected() {
        #expect(throws: AsyncNetError.self) { try encode("just a string") }
        #expect(throws: AsyncNetError.self) { try encode([1, 2, 3]) }
    }

    @Test func valuesThatThrowKeepTheirError() {
        struct Refused: Error {}
        struct Throwing: Encodable { func encode(to encoder: any Encoder) throws { throw Refused() } }
        #expect(throws: Refused.self) { try encode(["x": Throwing()]) }
    }

    @Test func snakeCaseSplitting() {
        #expect(URLEncodedFormEncoder.splitCamelCase("simple", separator: "_") == "simple")
        #expect(URLEncodedFormEncoder.splitCamelCase("HTTPHeaderName", separator: "_") == "http_header_name")
        #expect(URLEncodedFormEncoder.splitCamelCase("already_snake", separator: "_") == "already_snake")
    }
}
