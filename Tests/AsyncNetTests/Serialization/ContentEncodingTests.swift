import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import AsyncNet

@Suite("Compressed bodies are decoded", .timeLimit(.minutes(1)))
struct ContentEncodingTests {
    let session = Session()

    @Test(arguments: [("/gzip", "gzip", "gzipped"), ("/deflate", "deflate", "deflated"), ("/brotli", "br", "brotli")])
    func compressedBodiesArriveDecoded(path: String, encoding: String, flag: String) async throws {
        let response = await session.request(try TestServer.httpbin(path)).validate().serializing(JSON.self).response
        let json = try #require(response.value, "got \(response.result)")
        // The server did compress (the header stays), and the body AsyncNet hands over is the decoded JSON.
        #expect(response.response?.value(forHTTPHeaderField: "Content-Encoding") == encoding)
        #expect(response.data?.first == UInt8(ascii: "{"))
        #expect(json[flag] == true)
        // httpbin echoes the request headers: AsyncNet's default Accept-Encoding advertises this encoding.
        let accepted = try #require(json["headers"]["Accept-Encoding"].stringValue)
        let codings = accepted.split(separator: ",").map {
            $0.split(separator: ";")[0].trimmingCharacters(in: .whitespaces)
        }
        #expect(codings.contains(encoding), "Accept-Encoding: \(accepted)")
    }
}
