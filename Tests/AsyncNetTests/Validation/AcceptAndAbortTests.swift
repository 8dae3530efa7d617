import Foundation
import Testing
@testable import AsyncNet
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Accept header rules and stopping rejected transfers", .timeLimit(.minutes(1)))
struct AcceptAndAbortTests {
    let session = Session()

    @Test func qualityZeroIsNotAcceptable() async throws {
        let result = await session.request(try TestServer.fault("/html"), headers: [.accept("text/html;q=0, application/json")])
            .validate().serializingData().result
        guard case .responseValidationFailed(.unacceptableContentType) = result.failure else {
            Issue.record("expected unacceptableContentType, got \(result)")
            return
        }
    }

    @Test func acceptParsing() {
        #expect(MediaType.acceptable(fromAcceptHeader: "text/html;q=0, application/json;q=0.5").map(\.description)
            == ["application/json"])
        #expect(MediaType.acceptable(fromAcceptHeader: "text/html;q=0.0").isEmpty)
        #expect(MediaType.acceptable(fromAcceptHeader: "").map(\.description) == ["*/*"])
        #expect(MediaType.acceptable(fromAcceptHeader: "application/json; profile=\"a,b\", text/*")
            .map(\.description) == ["application/json", "text/*"])
    }

    @Test func theConfigurationsAcceptIsUsed() async throws {
        let configuration = URLSessionConfiguration.asyncNetService
        configuration.httpAdditionalHeaders?["Accept"] = "application/json"
        let configured = Session(configuration: configuration)
        let html = await configured.request(try TestServer.fault("/html")).validate().serializingData().result
        #expect(html.failure != nil)
        let json = await configured.request(try TestServer.httpbin("/json")).validate().serializingData().result
        #expect(json.failure == nil)
    }

    @Test func rejectedStatusStopsASlowBody() async throws {
        let start = ContinuousClock.now
        let result = await session.request(try TestServer.fault("/drip?seconds=8&status=500"))
            .validate().serializingData().result
        #expect(result.failure?.responseCode == 500)
        #expect(ContinuousClock.now - start < .seconds(5), "the 8 s body must not be waited for")
    }

    @Test func rejectedContentTypeStopsAnEndlessBody() async throws {
        let start = ContinuousClock.now
        let result = await session.request(try TestServer.fault("/endless"), timeout: .seconds(50))
            .validate(contentType: ["application/json"]).serializingData().result
        guard case .responseValidationFailed(.unacceptableContentType) = result.failure else {
            Issue.record("expected unacceptableContentType, got \(result)")
            return
        }
        #expect(ContinuousClock.now - start < .seconds(20), "the endless body must be cancelled, not run to the deadline")
    }

    @Test func rejectedResponseKeepsItsPromptErrorBody() async throws {
        let response = await session.request(try TestServer.httpbin("/status/418")).validate().serializingData().response
        #expect(response.error?.responseCode == 418)
        #expect(String(decoding: response.data ?? Data(), as: UTF8.self).contains("teapot"))
    }
}
