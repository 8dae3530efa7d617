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

    @Test func acceptRanges() throws {
        let json = try #require(MediaType("application/json")), html = try #require(MediaType("text/html"))
        let plain = try #require(MediaType("text/plain"))
        let refusedJSON = AcceptRanges(header: "application/json;q=0, */*")
        #expect(!refusedJSON.accepts(json) && refusedJSON.accepts(html) && !refusedJSON.acceptsAnything)
        let lowWildcard = AcceptRanges(header: "text/html;q=0, */*;q=0.1")
        #expect(!lowWildcard.accepts(html) && lowWildcard.accepts(json))
        let family = AcceptRanges(header: "text/*;q=0, text/plain")
        #expect(family.accepts(plain) && !family.accepts(html))
        #expect(AcceptRanges(header: "").acceptsAnything)
        #expect(AcceptRanges(header: "application/json; profile=\"a,b\", text/*").acceptableNames
            == ["application/json", "text/*"])
        #expect(AcceptRanges(header: "text/html;q=0.0").acceptableNames.isEmpty)
    }

    @Test func aRefusedTypeUnderAWildcardFails() async throws {
        let result = await session.request(try TestServer.httpbin("/json"), headers: [.accept("application/json;q=0, */*")])
            .validate().serializingData().result
        guard case .responseValidationFailed(.unacceptableContentType) = result.failure else {
            Issue.record("expected unacceptableContentType, got \(result)")
            return
        }
        let nothing = await session.request(try TestServer.fault("/html"), headers: [.accept("text/html;q=0")])
            .validate().serializingData().result
        #expect(nothing.failure?.description.contains("accepts none") == true, "\(nothing)")
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
        let result = await session.request(try TestServer.fault("/drip?seconds=30&status=500"))
            .validate().serializingData().result
        #expect(result.failure?.responseCode == 500)
        #expect(ContinuousClock.now - start < .seconds(15), "the 30 s body must not be waited for")
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
