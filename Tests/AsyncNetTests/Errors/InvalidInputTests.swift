import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

@Suite("Bad input gives AsyncNetError, never a crash or a hang", .timeLimit(.minutes(1)))
struct InvalidInputTests {
    let session = Session()

    @Test(arguments: ["not a url", "ftp://x", "", "http://", "/relative/without/base", "mailto:a@b.c"])
    func invalidURLsAreRejectedBeforeSending(url: String) async {
        let request = session.request(url)
        let result = await request.serializingData().result
        guard case .failure(.invalidURL(_, let reason)) = result else {
            Issue.record("expected invalidURL for \"\(url)\", got \(result)")
            return
        }
        #expect(!reason.isEmpty)
        #expect(await request.hasCreatedTask == false)
        #expect(result.failure?.localizedDescription.contains("not valid") == true)
    }

    @Test func unreachablePortFailsWithConnectionRefused() async throws {
        // A port the kernel just handed out and that was closed without listening: nothing accepts there.
        let port = try unusedLocalPort()
        let result = await session.request("http://127.0.0.1:\(port)/never").serializingData().result
        guard case .failure(.sessionTaskFailed(let error)) = result else {
            Issue.record("expected sessionTaskFailed, got \(result)")
            return
        }
        #expect(error.code == .cannotConnectToHost)
        #expect(result.failure?.underlyingError is URLError)
    }

    @Test func nonJSONBodyFailsDecoding() async throws {
        let result = await session.request(try TestServer.httpbin("/html")).serializing(JSON.self).result
        guard case .failure(.responseSerializationFailed(reason: .decodingFailed(let error))) = result else {
            Issue.record("expected decodingFailed, got \(result)")
            return
        }
        #expect(error is DecodingError)
    }

    @Test func truncatedJSONFailsDecoding() async throws {
        let body = #"{"users":[{"name":"a"},{"na"#
        let escaped = try #require(body.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let result = await session.request(try TestServer.fault("/json?body=" + escaped)).serializing(JSON.self).result
        guard case .failure(.responseSerializationFailed(reason: .decodingFailed)) = result else {
            Issue.record("expected decodingFailed, got \(result)")
            return
        }
    }

    @Test func bodyCutShortByTheServerFails() async throws {
        let result = await session.request(try TestServer.fault("/truncated")).serializing(JSON.self).result
        guard case .failure(.sessionTaskFailed(let error)) = result else {
            Issue.record("expected sessionTaskFailed, got \(result)")
            return
        }
        #if os(Linux)
        // libcurl's "transfer closed with N bytes remaining to read" arrives as URLError -1 on Linux.
        #expect(error.code == .unknown)
        #expect(error.localizedDescription.contains("remaining"))
        #else
        #expect(error.code == .networkConnectionLost)
        #endif
    }

    @Test func connectionResetFails() async throws {
        let result = await session.request(try TestServer.fault("/reset")).serializingData().result
        guard case .failure(.sessionTaskFailed) = result else {
            Issue.record("expected sessionTaskFailed, got \(result)")
            return
        }
    }

    @Test func bodyInAGETRequestIsRejectedBeforeSending() async throws {
        let request = session.request(try TestServer.httpbin("/get")) { $0.httpBody = Data("x".utf8) }
        let result = await request.serializingData().result
        guard case .failure(.bodyDataInGETRequest(let body)) = result else {
            Issue.record("expected bodyDataInGETRequest, got \(result)")
            return
        }
        #expect(body == Data("x".utf8))
        #expect(await request.hasCreatedTask == false)
    }

    @Test func throwingModifierFailsTheRequest() async throws {
        struct Refused: Error {}
        let result = await session.request(try TestServer.httpbin("/get")) { _ in throw Refused() }
            .serializingData().result
        guard case .failure(.requestModificationFailed(let error)) = result else {
            Issue.record("expected requestModificationFailed, got \(result)")
            return
        }
        #expect(error is Refused)
    }

    @Test func errorsDescribeThemselves() {
        let errors: [AsyncNetError] = [
            .invalidURL(url: "x", reason: "bad"), .explicitlyCancelled, .timedOut(after: .seconds(1)),
            .responseValidationFailed(reason: .unacceptableStatusCode(code: 500)),
            .responseSerializationFailed(reason: .inputDataNilOrZeroLength), .sessionTaskFailed(URLError(.timedOut)),
            .requestRetryFailed(retryError: URLError(.badURL), originalError: .explicitlyCancelled),
        ]
        for error in errors {
            #expect(!(error.errorDescription ?? "").isEmpty)
            #expect(error.description == error.errorDescription)
        }
        #expect(AsyncNetError.responseValidationFailed(reason: .unacceptableStatusCode(code: 500)).responseCode == 500)
        #expect(AsyncNetError.explicitlyCancelled.responseCode == nil)
    }
}
