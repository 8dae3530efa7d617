import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

@Suite("cURL command", .timeLimit(.minutes(1)))
struct CURLCommandTests {
    static func request(
        _ url: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil
    ) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        return request
    }

    /// What URLSession adds to a POST, PUT, PATCH or DELETE without a body, on Linux.
    #if canImport(FoundationNetworking)
    static let emptyLength = " -H 'Content-Length: 0'"
    #else
    static let emptyLength = ""
    #endif

    @Test func get() throws {
        let command = CURLCommand.make(from: try Self.request("https://api.example.com/users?page=2"))
        #expect(command == "curl --compressed 'https://api.example.com/users?page=2'")
    }

    @Test func postJSON() throws {
        let request = try Self.request(
            "https://api.example.com/users", method: "POST", headers: ["Content-Type": "application/json"],
            body: Data(#"{"name":"O'Brien"}"#.utf8))
        #expect(CURLCommand.make(from: request) == #"curl --compressed -H 'Content-Type: application/json' "#
            + #"--data-binary '{"name":"O'\''Brien"}' 'https://api.example.com/users'"#)
    }

    @Test(arguments: [
        ("PUT", Data("x".utf8), "curl -X PUT --compressed --data-binary 'x' 'https://x/y'"),
        ("PATCH", Data("x".utf8), "curl -X PATCH --compressed --data-binary 'x' 'https://x/y'"),
        ("DELETE", nil, "curl -X DELETE --compressed" + Self.emptyLength + " 'https://x/y'"),
        ("POST", nil, "curl -X POST --compressed" + Self.emptyLength + " 'https://x/y'"),
        ("POST", Data(), "curl -X POST --compressed" + Self.emptyLength + " 'https://x/y'"),
        ("HEAD", nil, "curl --head --compressed 'https://x/y'"),
        ("OPTIONS", nil, "curl -X OPTIONS --compressed 'https://x/y'"),
        ("GET", Data("x".utf8), "curl -X GET --compressed --data-binary 'x' 'https://x/y'"),
    ] as [(String, Data?, String)])
    func methods(method: String, body: Data?, expected: String) throws {
        #expect(CURLCommand.make(from: try Self.request("https://x/y", method: method, body: body)) == expected)
    }

    @Test func headersAreSortedAndQuoted() throws {
        let request = try Self.request("https://x/y", headers: [
            "X-Quote": #"it's "quoted""#, "x-unicode": "é 中文", "X-Tab": "a\tb", "X-Empty": "", "Accept": "*/*",
        ])
        #expect(CURLCommand.make(from: request) == "curl --compressed -H 'Accept: */*' -H 'X-Empty;' "
            + #"-H 'X-Quote: it'\''s "quoted"' -H $'X-Tab: a\tb' -H 'X-Unicode: é 中文' 'https://x/y'"#)
    }

    @Test func bodies() throws {
        func command(_ body: Data, bodyFile: String? = nil) throws -> String {
            CURLCommand.make(from: try Self.request("https://x/y", method: "POST", body: body), bodyFile: bodyFile)
        }
        #expect(try command(Data("{\n  \"a\": 1\n}".utf8)) == "curl --compressed --data-binary '{\n  \"a\": 1\n}' 'https://x/y'")
        #expect(try command(Data("a\r\nb".utf8)) == #"curl --compressed --data-binary $'a\r\nb' 'https://x/y'"#)
        #expect(try command(Data("@etc/passwd".utf8)) == "curl --compressed --data-raw '@etc/passwd' 'https://x/y'")
        #expect(try command(Data([0xFF, 0x27, 0x41])) == #"curl --compressed --data-binary $'\xff\'A' 'https://x/y'"#)
        #expect(try command(Data([0x40, 0xFF])) == #"curl --compressed --data-raw $'@\xff' 'https://x/y'"#)
        #expect(try command(Data([0x00, 0x41, 0xFF])) == #"printf '%b' '\0000A\0377' | "#
            + "curl --compressed --data-binary @- 'https://x/y'")
        #expect(try command(Data([0x00, 0x41]), bodyFile: "/tmp/my body.bin")
            == "curl --compressed --data-binary @'/tmp/my body.bin' 'https://x/y'")
        #expect(try command(Data("text".utf8), bodyFile: "/tmp/b") == "curl --compressed --data-binary 'text' 'https://x/y'")
    }

    @Test func aStreamedBodyIsNamedNotSent() throws {
        var request = try Self.request("https://x/y", method: "POST")
        request.httpBodyStream = InputStream(data: Data("x".utf8))
        #expect(CURLCommand.make(from: request)
            == "curl -X POST --compressed 'https://x/y' # the body is an input stream, which cannot be shown; it is not sent")
    }

    @Test func cookies() throws {
        let cookies = try [("a", "1"), ("b", "x y")].map { name, value in
            try #require(HTTPCookie(properties: [.name: name, .value: value, .domain: "x", .path: "/"]))
        }
        let request = try Self.request("https://x/y")
        #expect(CURLCommand.make(from: request, cookies: cookies, redactingSecrets: false)
            == "curl --compressed -b 'a=1; b=x y' 'https://x/y'")
        #expect(CURLCommand.make(from: request, cookies: cookies)
            == "curl --compressed -b 'a=<redacted>; b=<redacted>' 'https://x/y'")
    }

    @Test func secretsAreRedactedByDefault() throws {
        let request = try Self.request("https://user:pw@x/y?token=t1&page=2", headers: [
            "Authorization": "Bearer abc", "Cookie": "s=1", "X-API-Key": "k", "X-Refresh-Token": "r",
            "Content-Type": "text/plain",
        ])
        #expect(CURLCommand.make(from: request) == "curl --compressed -H 'Authorization: Bearer <redacted>' "
            + "-H 'Content-Type: text/plain' -H 'Cookie: s=<redacted>' -H 'X-Api-Key: <redacted>' "
            + "-H 'X-Refresh-Token: <redacted>' 'https://user:<redacted>@x/y?token=<redacted>&page=2'")
        #expect(CURLCommand.make(from: request, redactingSecrets: false) == "curl --compressed "
            + "-H 'Authorization: Bearer abc' -H 'Content-Type: text/plain' -H 'Cookie: s=1' -H 'X-Api-Key: k' "
            + "-H 'X-Refresh-Token: r' 'https://user:pw@x/y?token=t1&page=2'")
    }

    @Test func urlsWithBracketsTurnGlobbingOff() throws {
        let request = try Self.request("http://[::1]:8080/a?q=%7Bx%7D")
        #expect(CURLCommand.make(from: request) == "curl --compressed --globoff 'http://[::1]:8080/a?q=%7Bx%7D'")
    }

    /// URLRequest itself writes header names in its canonical case; the command keeps what it holds.
    @Test func acceptEncodingIsSentVerbatim() throws {
        let request = try Self.request("https://x/y", headers: ["Accept-Encoding": "gzip"])
        #expect(CURLCommand.make(from: request) == "curl --compressed -H 'Accept-Encoding: gzip' 'https://x/y'")
    }

    @Test func sessionHeadersAndCookiesAreAdded() throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["User-Agent": "app/1", "X-Session": "s"]
        let cookie = try #require(HTTPCookie(properties: [.name: "c", .value: "1", .domain: "x.example", .path: "/"]))
        configuration.httpCookieStorage?.setCookie(cookie)
        let request = try Self.request("https://x.example/y", headers: ["User-Agent": "mine/2"])
        let (prepared, cookies) = CURLCommand.prepare(request, for: configuration)
        #expect(CURLCommand.make(from: prepared, cookies: cookies, redactingSecrets: false) == "curl --compressed "
            + "-H 'User-Agent: mine/2' -H 'X-Session: s' -b 'c=1' 'https://x.example/y'")
    }
}
