import Foundation
import Testing
@testable import AsyncNet
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Methods, header equality and error texts", .timeLimit(.minutes(1)))
struct SmallThingsTests {
    @Test func customMethodsKeepTheirCase() async throws {
        let request = Session().request(try TestServer.httpbin("/anything"), method: "m-search")
        _ = await request.serializingData().result
        #expect(await request.request?.httpMethod == "m-search")
        #expect(HTTPMethod(rawValue: "Get") != .get)
    }

    @Test func headerListsCompareNamesWithoutCase() {
        #expect(HTTPHeaders(["A": "1"]) == HTTPHeaders(["a": "1"]))
        #expect(HTTPHeaders(["A": "1"]).hashValue == HTTPHeaders(["a": "1"]).hashValue)
        #expect(HTTPHeaders(["A": "1", "b": "2"]) == HTTPHeaders(["B": "2", "a": "1"]))
        #expect(HTTPHeaders(["A": "1"]) != HTTPHeaders(["A": "2"]))
        #expect(HTTPHeaders(["A": "1"]) != HTTPHeaders(["A": "1", "B": "2"]))
    }

    struct Sentence: LocalizedError {
        var errorDescription: String? { "It broke." }
    }

    @Test func errorTextsNeverEndInTwoPeriods() {
        let errors: [AsyncNetError] = [
            .invalidURL(url: "x", reason: "bad."),
            .requestAdaptationFailed(error: Sentence()),
            .requestModificationFailed(error: Sentence()),
            .requestRetryFailed(retryError: Sentence(), originalError: .explicitlyCancelled),
            .sessionTaskFailed(URLError(.cannotConnectToHost)),
            .responseValidationFailed(reason: .custom(Sentence())),
            .responseSerializationFailed(reason: .customSerializationFailed(error: Sentence())),
            .multipartEncodingFailed(reason: "no file."),
            .downloadedFileMoveFailed(error: Sentence(), source: URL(fileURLWithPath: "/a"), destination: URL(fileURLWithPath: "/b")),
        ]
        for error in errors {
            #expect(!error.description.contains(".."), "\(error.description)")
        }
    }
}
