import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

/// Runs the commands `CURLCommand` produces with the system curl against the local httpbin, and compares what the
/// server saw with what it saw from AsyncNet for the same request.
@Suite("cURL command against httpbin", .timeLimit(.minutes(1)))
struct CURLAgainstHTTPBinTests {
    let session = Session()

    /// httpbin's echo of the request the command sends, with the Session's headers and cookies added as
    /// `cURLDescription()` adds them.
    func curlEcho(_ request: URLRequest, bodyFile: String? = nil) async throws -> JSON {
        try Shell.requireCurl()
        let (prepared, cookies) = CURLCommand.prepare(request, for: session.urlSession.configuration)
        let command = CURLCommand.make(from: prepared, cookies: cookies, redactingSecrets: false, bodyFile: bodyFile)
        let output = try await Shell.run(command + " --silent --show-error --fail")
        do {
            return try JSON.decode(output)
        } catch {
            Issue.record("not JSON from \(command): \(String(decoding: output, as: UTF8.self))")
            throw error
        }
    }

    /// The headers the caller set, as httpbin reports them (names in its Title-Case).
    static let customHeaders: HTTPHeaders = [
        "X-Quote": #"it's "quoted" $HOME `id`"#, "X-Unicode": "é 中文", "X-Tab": "a\tb", "X-Empty": "",
        "Authorization": "Bearer abc'def", "X-Api-Key": "k!1",
    ]

    @Test func postJSONMatchesAsyncNet() async throws {
        let url = try TestServer.httpbin("/anything/items?q=a%20b&page=2&check=%E2%9C%93&token=t%27")
        let parameters: JSON = ["name": "O'Brien", "tags": ["a", "b\n"], "n": 1, "quote": "\"$(id)\""]
        let request = session.request(url, method: .post, parameters: parameters, encoder: .json,
                                      headers: Self.customHeaders)
        let viaAsyncNet = try await request.validate().serializing(JSON.self).value
        let sent = try #require(await request.request)
        let viaCurl = try await curlEcho(sent)

        #expect(viaCurl["method"] == "POST")
        #expect(viaCurl["method"] == viaAsyncNet["method"])
        #expect(viaCurl["url"] == viaAsyncNet["url"])
        #expect(viaCurl["args"] == viaAsyncNet["args"])
        #expect(viaCurl["args"]["token"] == "t'")
        #expect(viaCurl["json"] == parameters)
        #expect(viaCurl["json"] == viaAsyncNet["json"])
        #expect(viaCurl["data"] == viaAsyncNet["data"])
        for name in ["X-Quote", "X-Unicode", "X-Tab", "X-Empty", "Authorization", "X-Api-Key", "Content-Type"] {
            #expect(!viaCurl["headers"][name].isNull, "\(name)")
        }
        // Every header, the Session's own included; URLSession adds `Connection: keep-alive`, which curl
        // (HTTP/1.1, persistent by default) leaves out.
        var asyncNetHeaders = try #require(viaAsyncNet["headers"].objectValue)
        asyncNetHeaders["Connection"] = nil
        #expect(viaCurl["headers"].objectValue == asyncNetHeaders)
    }

    @Test(arguments: [HTTPMethod.get, .post, .put, .patch, .delete])
    func methodsAndQueriesMatchAsyncNet(method: HTTPMethod) async throws {
        let url = try TestServer.httpbin("/anything")
        let request = session.request(url, method: method, parameters: ["k": "v w&x", "ü": "1"],
                                      headers: ["X-Trace": "7"])
        let viaAsyncNet = try await request.validate().serializing(JSON.self).value
        let viaCurl = try await curlEcho(try #require(await request.request))
        #expect(viaCurl["method"].stringValue == method.rawValue)
        for key in ["method", "url", "args", "form", "data", "json"] {
            #expect(viaCurl[key] == viaAsyncNet[key], "\(key)")
        }
        #expect(viaCurl["headers"]["X-Trace"] == "7")
        var asyncNetHeaders = try #require(viaAsyncNet["headers"].objectValue)
        asyncNetHeaders["Connection"] = nil
        #expect(viaCurl["headers"].objectValue == asyncNetHeaders)
    }

    /// Without a body, URLSession on Linux sends `Content-Length: 0` for these methods; the command does too.
    @Test(arguments: [HTTPMethod.post, .put, .patch, .delete])
    func bodylessMethodsMatchAsyncNet(method: HTTPMethod) async throws {
        let request = session.request(try TestServer.httpbin("/anything"), method: method)
        let viaAsyncNet = try await request.validate().serializing(JSON.self).value
        let viaCurl = try await curlEcho(try #require(await request.request))
        #expect(viaCurl["method"].stringValue == method.rawValue)
        var asyncNetHeaders = try #require(viaAsyncNet["headers"].objectValue)
        asyncNetHeaders["Connection"] = nil
        #expect(viaCurl["headers"].objectValue == asyncNetHeaders)
    }

    /// Bodies of every kind reach the server byte for byte: text, text with control characters, a leading `@`,
    /// bytes that are not UTF-8, NUL bytes (through `printf`), and a body file.
    @Test(arguments: [
        Data("plain text, it's".utf8), Data("line1\r\nline2\t\u{7}".utf8), Data("@/etc/passwd".utf8),
        Data([0xFF, 0xFE, 0x27, 0x5C, 0x21, 0x0A]), Data([0x40, 0xC3]), Data([0x00, 0x01, 0x00, 0xFF, 0x5C, 0x27]),
        Data((0...0xFF).map { UInt8($0) }),
    ])
    func bodiesMatchByteForByte(body: Data) async throws {
        var urlRequest = URLRequest(url: try #require(URL(string: try TestServer.httpbin("/anything"))))
        urlRequest.httpMethod = "POST"
        urlRequest.httpBody = body
        urlRequest.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        let request = session.request(urlRequest)
        let viaAsyncNet = try await request.validate().serializing(JSON.self).value
        let sent = try #require(await request.request)
        #expect(try Self.decodedData(viaAsyncNet) == body)
        #expect(try Self.decodedData(try await curlEcho(sent)) == body)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("asyncnet-body-\(UUID().uuidString)")
        try body.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Self.decodedData(try await curlEcho(sent, bodyFile: file.path)) == body)
    }

    /// The body httpbin saw: its `data` is the text, or a `data:` URL with base64 when it is not UTF-8.
    static func decodedData(_ echo: JSON) throws -> Data {
        let data = try #require(echo["data"].stringValue)
        let prefix = "data:application/octet-stream;base64,"
        guard data.hasPrefix(prefix) else { return Data(data.utf8) }
        return try #require(Data(base64Encoded: String(data.dropFirst(prefix.count))))
    }

    /// `--compressed` asks for a compressed response (with the Session's own `Accept-Encoding`) and decodes it, as
    /// URLSession does.
    @Test(arguments: ["/gzip", "/deflate", "/brotli"])
    func compressedResponsesAreDecoded(path: String) async throws {
        let urlRequest = URLRequest(url: try #require(URL(string: try TestServer.httpbin(path))))
        let viaCurl = try await curlEcho(urlRequest)
        let key = String(path.dropFirst()) == "gzip" ? "gzipped" : String(path.dropFirst())
        #expect(viaCurl[key == "deflate" ? "deflated" : key] == true)
        let viaAsyncNet = try await session.request(urlRequest).validate().serializing(JSON.self).value
        #expect(viaCurl["headers"]["Accept-Encoding"] == viaAsyncNet["headers"]["Accept-Encoding"])
    }

    @Test func aRedactedCommandStillRuns() async throws {
        try Shell.requireCurl()
        var urlRequest = URLRequest(url: try #require(URL(string: try TestServer.httpbin("/anything?token=secret"))))
        urlRequest.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        let command = CURLCommand.make(from: urlRequest)
        #expect(!command.contains("secret"))
        let echo = try JSON.decode(try await Shell.run(command + " --silent --show-error --fail"))
        #expect(echo["headers"]["Authorization"] == "Bearer <redacted>")
    }
}
