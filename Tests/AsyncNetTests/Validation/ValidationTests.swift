import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

@Suite("Validation against httpbin", .timeLimit(.minutes(1)))
struct ValidationTests {
    let session = Session()

    @Test func status404FailsValidate() async throws {
        let response = await session.request(try TestServer.httpbin("/status/404")).validate().serializingData().response
        guard case .failure(let error) = response.result,
              case .responseValidationFailed(reason: .unacceptableStatusCode(let code)) = error else {
            Issue.record("expected unacceptableStatusCode, got \(response.result)")
            return
        }
        #expect(code == 404)
        #expect(error.responseCode == 404)
        #expect(response.response?.statusCode == 404)
    }

    @Test func explicitStatusCodes() async throws {
        let ok = await session.request(try TestServer.httpbin("/status/201")).validate(statusCode: [200, 201])
            .serializingData().result
        #expect(ok.failure == nil)
        let rejected = await session.request(try TestServer.httpbin("/status/202")).validate(statusCode: [200, 201])
            .serializingData().result
        #expect(rejected.failure?.responseCode == 202)
    }

    @Test func contentTypeWithWildcardsAndParameters() async throws {
        let url = try TestServer.httpbin("/json")   // application/json
        for accepted in [["application/json"], ["application/*"], ["*/*"], ["text/plain", "application/json; charset=utf-8"]] {
            let result = await session.request(url).validate(contentType: accepted).serializingData().result
            #expect(result.failure == nil, "\(accepted) should accept application/json")
        }
        let result = await session.request(url).validate(contentType: ["text/*"]).serializingData().result
        guard case .failure(.responseValidationFailed(reason: .unacceptableContentType(let acceptable, let actual))) = result else {
            Issue.record("expected unacceptableContentType, got \(result)")
            return
        }
        #expect(acceptable == ["text/*"])
        #expect(actual.hasPrefix("application/json"))
    }

    @Test func charsetParameterOnTheResponseIsIgnored() async throws {
        // /encoding/utf8 answers text/html; charset=utf-8
        let result = await session.request(try TestServer.httpbin("/encoding/utf8")).validate(contentType: ["text/html"])
            .serializingString().result
        #expect(result.failure == nil)
    }

    @Test func missingContentTypeWithABodyFails() async throws {
        let result = await session.request(try TestServer.fault("/no-content-type"))
            .validate(contentType: ["text/plain"]).serializingData().result
        guard case .failure(.responseValidationFailed(reason: .missingContentType)) = result else {
            Issue.record("expected missingContentType, got \(result)")
            return
        }
    }

    @Test func defaultValidateComparesAcceptWithContentType() async throws {
        let accepted = await session.request(try TestServer.httpbin("/json"), headers: [.accept("application/json")])
            .validate().serializing(JSON.self).result
        #expect(accepted.failure == nil)
        let rejected = await session.request(try TestServer.httpbin("/html"), headers: [.accept("application/json")])
            .validate().serializingString().result
        guard case .failure(.responseValidationFailed(reason: .unacceptableContentType)) = rejected else {
            Issue.record("expected unacceptableContentType, got \(rejected)")
            return
        }
    }

    @Test func customValidatorSeesTheBody() async throws {
        struct TooShort: Error {}
        let result = await session.request(try TestServer.httpbin("/bytes/10"))
            .validate { _, response, data in
                #expect(response.statusCode == 200)
                guard (data?.count ?? 0) >= 100 else { throw TooShort() }
            }
            .serializingData().result
        guard case .failure(.responseValidationFailed(reason: .custom(let error))) = result else {
            Issue.record("expected custom, got \(result)")
            return
        }
        #expect(error is TooShort)
    }

    @Test func firstFailingValidatorWinsAndLaterOnesDoNotRun() async throws {
        let result = await session.request(try TestServer.httpbin("/status/500"))
            .validate(statusCode: 200..<300)
            .validate { _, _, _ in Issue.record("must not run after an earlier failure") }
            .serializingData().result
        #expect(result.failure?.responseCode == 500)
    }

    @Test func validatorAddedAfterCompletionApplies() async throws {
        let request = session.request(try TestServer.httpbin("/status/418"))
        #expect(await request.serializingData().result.failure == nil)
        request.validate()
        #expect(await request.serializingData().result.failure?.responseCode == 418)
    }

    @Test func anAsyncNetErrorFromACustomValidatorIsKeptAsItIs() async throws {
        let statusLike = await session.request(try TestServer.httpbin("/get"))
            .validate { _, _, _ in
                throw AsyncNetError.responseValidationFailed(reason: .unacceptableStatusCode(code: 299))
            }
            .serializingData().result
        guard case .failure(.responseValidationFailed(reason: .unacceptableStatusCode(code: 299))) = statusLike else {
            Issue.record("expected the validator's own unacceptableStatusCode(299), got \(statusLike)")
            return
        }
        #expect(statusLike.failure?.responseCode == 299)

        let other = await session.request(try TestServer.httpbin("/get"))
            .validate { _, _, _ in throw AsyncNetError.responseTooLarge(limit: 7) }
            .serializingData().result
        guard case .failure(.responseTooLarge(limit: 7)) = other else {
            Issue.record("expected the validator's own responseTooLarge(7), not wrapped in .custom, got \(other)")
            return
        }
    }

    @Test func theBodyOfARejectedResponseIsKept() async throws {
        // httpbin's 418 carries a teapot drawing; a validation failure must not throw the body away.
        let response = await session.request(try TestServer.httpbin("/status/418")).validate().serializingData().response
        #expect(response.error?.responseCode == 418, "got \(response.result)")
        #expect(response.response?.statusCode == 418)
        let body = String(decoding: try #require(response.data, "no body kept"), as: UTF8.self)
        #expect(body.contains("-=[ teapot ]=-"), "kept body: \(body)")
    }

    @Test func aRejectedJSONErrorBodyCanBeRead() async throws {
        let url = try TestServer.raw(status: 422, contentType: "application/json", text: #"{"error":"name is missing"}"#)
        let response = await session.request(url).validate().serializing(JSON.self).response
        #expect(response.error?.responseCode == 422, "got \(response.result)")
        let body = try JSON.decode(try #require(response.data, "no body kept"))
        #expect(body["error"] == "name is missing")
    }

    @Test func transportErrorsWinOverValidation() async throws {
        let result = await session.request(try TestServer.fault("/truncated")).validate().serializingData().result
        guard case .failure(.sessionTaskFailed) = result else {
            Issue.record("expected sessionTaskFailed, got \(result)")
            return
        }
    }
}

@Suite("MediaType matching", .timeLimit(.minutes(1)))
struct MediaTypeTests {
    @Test func parsesAndMatches() throws {
        let json = try #require(MediaType("Application/JSON; charset=utf-8"))
        #expect(json == MediaType("application/json"))
        #expect(try #require(MediaType("*/*")).matches(json))
        #expect(try #require(MediaType("application/*")).matches(json))
        #expect(try #require(MediaType("text/*")).matches(json) == false)
        #expect(MediaType("nonsense") == nil)
        #expect(MediaType("/json") == nil)
        #expect(MediaType("") == nil)
    }
}
