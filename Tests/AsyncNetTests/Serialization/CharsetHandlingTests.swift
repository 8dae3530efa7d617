import Foundation
import Testing
@testable import AsyncNet

@Suite("Charsets", .timeLimit(.minutes(1)))
struct CharsetHandlingTests {
    @Test(arguments: [
        ("text/plain; charset=utf-8", "utf-8"),
        ("text/plain;charset=\"ISO-8859-1\"", "iso-8859-1"),
        ("text/plain; foo=\"a;charset=utf-16\"; charset=iso-8859-1", "iso-8859-1"),
        ("text/plain; foo=\"a\\\"; charset=utf-16\"; charset=windows-1252", "windows-1252"),
        ("text/plain", nil),
    ] as [(String, String?)])
    func charsetParameter(contentType: String, expected: String?) {
        #expect(Charset.name(inContentType: contentType) == expected)
    }

    @Test func quotedSemicolonDoesNotHideTheRealCharset() async throws {
        let url = try FaultServer.raw(
            contentType: "text/plain; foo=\"a;charset=utf-16\"; charset=iso-8859-1", body: Data([0x63, 0x61, 0x66, 0xE9]))
        #expect(try await Session().request(url).serializingString().value == "café")
    }

    @Test func unsupportedCharsetIsNamed() async throws {
        let url = try FaultServer.raw(contentType: "text/plain; charset=iso-8859-15", body: Data([0x63, 0x61, 0x66, 0xE9, 0xA4]))
        let result = await Session().request(url).serializingString().result
        guard case .responseSerializationFailed(.unsupportedCharset(let name)) = result.failure else {
            Issue.record("expected unsupportedCharset, got \(result)")
            return
        }
        #expect(name == "iso-8859-15")
        #expect(result.failure?.description.contains("iso-8859-15") == true)
    }

    @Test func unsupportedCharsetWithPlainASCIIReads() async throws {
        let url = try FaultServer.raw(contentType: "text/plain; charset=iso-8859-15", body: Data("plain".utf8))
        #expect(try await Session().request(url).serializingString().value == "plain")
    }
}
