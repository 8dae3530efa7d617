import Foundation
import Testing
@testable import AsyncNet

@Suite("JSON value", .timeLimit(.minutes(1)))
struct JSONTests {
    @Test func literalsOfEveryKind() {
        let json: JSON = ["null": nil, "bool": true, "int": 1, "double": 1.5, "string": "s", "array": [1, "a"], "object": ["k": "v"]]
        #expect(json["null"] == .null)
        #expect(json["bool"].boolValue == true)
        #expect(json["int"].intValue == 1)
        #expect(json["double"].doubleValue == 1.5)
        #expect(json["string"].stringValue == "s")
        #expect(json["array"].arrayValue == [1, "a"])
        #expect(json["object"].objectValue == ["k": "v"])
    }

    @Test func subscriptsChainAndMissingIsNull() {
        let json: JSON = ["users": [["name": "Ada"], ["name": "Linus"]]]
        #expect(json["users"][0]["name"] == "Ada")
        #expect(json["users"][1]["name"].stringValue == "Linus")
        #expect(json["users"][2]["name"].isNull)
        #expect(json["nope"][0]["x"].isNull)
        #expect(json["users"]["name"].isNull)
        #expect(json["users"][-1].isNull)
    }

    @Test func subscriptsSet() {
        var json: JSON = ["list": [1, 2]]
        json["name"] = "x"
        json["list"][1] = 3
        json["list"][5] = 9
        #expect(json == ["name": "x", "list": [1, 3]])
        var scalar: JSON = 1
        scalar["k"] = true
        #expect(scalar == ["k": true])
    }

    @Test(arguments: [Int64.max, Int64.min, 9_007_199_254_740_993, 0, -1])
    func integersAreExactThroughDecoding(value: Int64) throws {
        let decoded = try JSONDecoder().decode(JSON.self, from: Data("{\"n\":\(value)}".utf8))
        #expect(decoded["n"].int64Value == value)
        #expect(decoded["n"] == .number(.int(value)))
        let reencoded = try JSONDecoder().decode(JSON.self, from: JSONEncoder().encode(decoded))
        #expect(reencoded["n"].int64Value == value)
    }

    @Test func typedAccessorsRefuseTheWrongKind() {
        let json: JSON = ["d": 1.5, "s": "1", "b": false]
        #expect(json["d"].intValue == nil)
        #expect(json["s"].intValue == nil)
        #expect(json["b"].stringValue == nil)
        #expect(json["s"].boolValue == nil)
        #expect(JSON.number(.double(2.0)).intValue == 2)
    }

    @Test func numbersCompareAndHashByValue() {
        #expect(JSON.number(.int(1)) == JSON.number(.double(1.0)))
        #expect(Set([JSON.number(.int(1)), JSON.number(.double(1.0))]).count == 1)
        #expect(JSON.number(.int(1)) != JSON.number(.double(1.5)))
        #expect(JSON.number(.int(Int64.max)) != JSON.number(.double(9.3e18)))
    }

    @Test func descriptionIsValidJSONThatRoundTrips() throws {
        let json: JSON = [
            "text": "quote \" backslash \\ newline \n tab \t control \u{01} emoji 🎉",
            "numbers": [0, -1, 1.5, 1e-5, 1e300, 9_007_199_254_740_993],
            "nested": ["a": [nil, true, false, [:], []]],
        ]
        let text = json.description
        let parsed = try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
        #expect(parsed == json)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
        #expect(JSON.object(["b": 1, "a": 2]).description == #"{"a":2,"b":1}"#)
        #expect(JSON.number(.double(.infinity)).description == "null")
    }

    @Test func decodesTopLevelScalarsAndRejectsGarbage() throws {
        #expect(try JSONDecoder().decode(JSON.self, from: Data("\"s\"".utf8)) == "s")
        #expect(try JSONDecoder().decode(JSON.self, from: Data("null".utf8)) == nil)
        #expect(try JSONDecoder().decode(JSON.self, from: Data("true".utf8)) == true)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(JSON.self, from: Data("{\"a\":".utf8)) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(JSON.self, from: Data("<html>".utf8)) }
    }

    @Test func boolsAndNumbersStayDistinct() throws {
        let json = try JSONDecoder().decode(JSON.self, from: Data("[true, 1, 0, false]".utf8))
        #expect(json == [true, 1, 0, false])
    }
}

@Suite("Charset names", .timeLimit(.minutes(1)))
struct CharsetTests {
    @Test func readsTheCharsetParameter() {
        #expect(Charset.name(inContentType: "text/plain; charset=ISO-8859-1") == "iso-8859-1")
        #expect(Charset.name(inContentType: "text/plain;charset=\"utf-8\"") == "utf-8")
        #expect(Charset.name(inContentType: "text/plain") == nil)
        #expect(Charset.encoding(named: "latin1") == .isoLatin1)
        #expect(Charset.encoding(named: "x-unknown") == nil)
    }
}
