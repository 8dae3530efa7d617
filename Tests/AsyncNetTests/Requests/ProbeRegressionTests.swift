import Foundation
import Testing
@testable import AsyncNet
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a review that probed the library as a user found, each kept from coming back.
@Suite("Probe regressions", .timeLimit(.minutes(1)))
struct ProbeRegressionTests {
    let session = Session()

    @Test func suspendAndResumeRightAfterStartingDoNotCrash() async throws {
        for _ in 0..<20 {
            let request = session.request(try TestServer.fault("/html"))
            await request.resume()
            await request.suspend()
            await request.resume()
            let result = await request.serializingString().result
            #expect(result.failure == nil, "\(result)")
        }
    }

    @Test func cancellingDuringRedirectsDoesNotCrash() async throws {
        let url = try TestServer.httpbin("/redirect/3")
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<60 {
                group.addTask {
                    let waiting = Task { await session.request(url).serializingData().result }
                    try? await Task.sleep(for: .microseconds((index * 137) % 15_000))
                    waiting.cancel()
                    _ = await waiting.value
                }
            }
        }
    }

    @Test func cancelAllRequestsReachesARequestWaitingToRetry() async throws {
        let token = FaultServer.token()
        let request = session.request(try TestServer.fault("/status-sequence/\(token)?codes=503"),
                                      interceptor: Retrier { _, _, _ in .retryAfter(.seconds(30)) })
        let waiting = Task { await request.validate().serializingData().result }
        #expect(await eventually { (try? await FaultServer.hits("/status-sequence/\(token)")) == 1 })
        #expect(await eventually { await request.httpResponse != nil })
        // The request now waits 30 s to retry: only cancelAllRequests can end it before the time limit.
        await session.cancelAllRequests()
        #expect(await waiting.value.failure?.isExplicitlyCancelled == true)
        #expect(await request.state == .cancelled)
        #expect(try await FaultServer.hits("/status-sequence/\(token)") == 1, "no attempt after cancelAllRequests")
    }

    @Test func methodsAndHeadersThatWouldBeMangledFailBeforeSending() async throws {
        for method in ["GET\r\nX-Injected: 1", "", "GE T"] {
            let result = await session.request(try TestServer.httpbin("/anything"), method: HTTPMethod(rawValue: method))
                .serializingData().result
            guard case .invalidRequest = result.failure else {
                Issue.record("method \(method.debugDescription): expected invalidRequest, got \(result)")
                continue
            }
        }
        let header = await session.request(try TestServer.httpbin("/anything"), headers: ["X-A": "1\r\nX-Injected: 2"])
            .serializingData().result
        guard case .invalidRequest = header.failure else {
            Issue.record("expected invalidRequest, got \(header)")
            return
        }
    }

    @Test func aStreamedBodyCannotFollowA307Silently() async throws {
        var request = URLRequest(url: try #require(URL(string: try TestServer.httpbin(
            "/redirect-to?url=/anything&status_code=307"))))
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: Data("streamed".utf8))
        let result = await session.request(request).serializingData().result
        guard case .redirectFailed(.bodyCannotBeResent(307)) = result.failure else {
            Issue.record("expected bodyCannotBeResent, got \(result)")
            return
        }
    }

    @Test func anAdapterCannotAddABodyToAGet() async throws {
        let adapter = Adapter { request, _ in
            var request = request
            request.httpBody = Data("body".utf8)
            return request
        }
        let result = await session.request(try TestServer.httpbin("/get"), interceptor: adapter).serializingData().result
        guard case .bodyDataInGETRequest = result.failure else {
            Issue.record("expected bodyDataInGETRequest, got \(result)")
            return
        }
    }

    @Test func anEmptyCharsetFallsBackToUTF8() async throws {
        let url = try FaultServer.raw(contentType: "text/plain; charset=", body: Data("café".utf8))
        #expect(try await session.request(url).serializingString().value == "café")
    }

    @Test func wrappedErrorsReadAsTheirOwnDescription() {
        struct Boom: Error, CustomStringConvertible { var description: String { "Boom!" } }
        let text = AsyncNetError.requestAdaptationFailed(error: Boom()).description
        #expect(text.contains("Boom!"), "\(text)")
        #expect(!text.contains("could not be completed"))
    }
}
