import Foundation
import Testing
@testable import AsyncNet

@Suite("HTTPHeaders and HTTPMethod", .timeLimit(.minutes(1)))
struct HTTPHeadersTests {
    @Test func namesCompareWithoutCaseAndOrderIsKept() {
        var headers: HTTPHeaders = ["Accept": "a", "X-One": "1", "x-two": "2"]
        headers.update(name: "x-one", value: "one")
        #expect(headers.map(\.name) == ["Accept", "x-one", "x-two"])
        #expect(headers["X-ONE"] == "one")
        #expect(headers.value(for: "X-Two") == "2")
        headers["accept"] = nil
        #expect(headers.count == 2)
        headers.remove(name: "X-TWO")
        #expect(headers.map(\.description) == ["x-one: one"])
    }

    @Test func literalsAndMerging() {
        let base: HTTPHeaders = [.accept("application/json"), .userAgent("a")]
        let merged = base.merging(["user-agent": "b", "X-Extra": "1"])
        #expect(merged.dictionary == ["Accept": "application/json", "user-agent": "b", "X-Extra": "1"])
        #expect(HTTPHeaders(["b": "2", "a": "1"]).map(\.name) == ["a", "b"])
        let repeated: HTTPHeaders = ["A": "1", "a": "2"]
        #expect(repeated.count == 1 && repeated["A"] == "2")
    }

    @Test func authorizationHelpers() {
        #expect(HTTPHeader.authorization(username: "Aladdin", password: "open sesame").value == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        #expect(HTTPHeaders.authorization(bearerToken: "t")["authorization"] == "Bearer t")
        #expect(HTTPHeader.contentType("text/plain").name == "Content-Type")
    }

    @Test func defaultHeaders() {
        let defaults = HTTPHeaders.default
        #expect(defaults["Accept-Encoding"]?.contains("gzip") == true)
        #expect(defaults["User-Agent"]?.contains("AsyncNet/") == true)
        #expect(defaults["Accept-Language"]?.isEmpty == false)
    }

    @Test func methods() {
        #expect(HTTPMethod.get.rawValue == "GET")
        let purge: HTTPMethod = "purge"
        #expect(purge.rawValue == "purge")   // methods are case-sensitive (RFC 9110 9.1)
        #expect(HTTPMethod.put.isIdempotent && !HTTPMethod.post.isIdempotent && !HTTPMethod.patch.isIdempotent)
        #expect(HTTPMethod(rawValue: "get") != .get)   // ... so "get" is another method than GET

        // Every named method: its name on the wire, whether it is idempotent (RFC 9110 9.2.2), and whether
        // form parameters go into its query.
        let expected: [(method: HTTPMethod, name: String, idempotent: Bool, query: Bool)] = [
            (.connect, "CONNECT", false, false), (.delete, "DELETE", true, true), (.get, "GET", true, true),
            (.head, "HEAD", true, true), (.options, "OPTIONS", true, false), (.patch, "PATCH", false, false),
            (.post, "POST", false, false), (.put, "PUT", true, false), (.query, "QUERY", true, false),
            (.trace, "TRACE", true, false),
        ]
        for (method, name, idempotent, query) in expected {
            #expect(method.rawValue == name)
            #expect(method.isIdempotent == idempotent, "\(name)")
            #expect(method.prefersQueryParameters == query, "\(name)")
        }
        #expect(Set(expected.map(\.method)).count == expected.count, "two named methods are equal")
    }
}
