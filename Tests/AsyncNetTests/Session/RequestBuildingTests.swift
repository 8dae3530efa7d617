import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

@Suite("Request building against httpbin", .timeLimit(.minutes(1)))
struct RequestBuildingTests {
    let session = Session()

    struct Login: Encodable, Sendable { let user: String; let password: String }

    @Test func queryParametersReachTheServer() async throws {
        let echo = try await session.request(try TestServer.httpbin("/get"), parameters: ["q": "swift & more", "page": "2"])
            .validate().serializing(HTTPBinEcho.self).value
        #expect(echo.args == ["q": "swift & more", "page": "2"])
    }

    @Test func formBodyReachesTheServer() async throws {
        let echo = try await session.request(try TestServer.httpbin("/post"), method: .post,
                                             parameters: Login(user: "a", password: "p=ss w&rd"))
            .validate().serializing(HTTPBinEcho.self).value
        #expect(echo.form == ["user": "a", "password": "p=ss w&rd"])
        #expect(echo.headers["Content-Type"] == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test func jsonBodyReachesTheServer() async throws {
        let parameters: JSON = ["a": 1, "b": [true, nil], "big": 9_007_199_254_740_993]
        let echo = try await session.request(try TestServer.httpbin("/post"), method: .post, parameters: parameters, encoder: .json)
            .validate().serializing(HTTPBinEcho.self).value
        #expect(echo.json == parameters)
        #expect(echo.headers["Content-Type"] == "application/json")
    }

    @Test(arguments: [HTTPMethod.put, .patch, .delete])
    func otherMethodsReachTheServer(method: HTTPMethod) async throws {
        let json = try await session.request(try TestServer.httpbin("/anything"), method: method, parameters: ["k": "v"])
            .validate().serializing(JSON.self).value
        #expect(json["method"].stringValue == method.rawValue)
        if method == .delete {
            #expect(json["args"]["k"] == "v")
        } else {
            #expect(json["form"]["k"] == "v")
        }
    }

    @Test func headersMergeWithTheSessionsCaseInsensitively() async throws {
        let configuration = URLSessionConfiguration.asyncNetDefault
        var extra = HTTPHeaders.default
        extra.update(name: "X-Session", value: "s")
        configuration.httpAdditionalHeaders = extra.dictionary
        let session = Session(configuration: configuration)
        let echo = try await session.request(try TestServer.httpbin("/headers"),
                                             headers: ["x-request": "r", "user-agent": "mine/1.0"])
            .serializing(JSON.self).value
        #expect(echo["headers"]["X-Session"] == "s")
        #expect(echo["headers"]["X-Request"] == "r")
        #expect(echo["headers"]["User-Agent"] == "mine/1.0")
    }

    @Test(arguments: [
        ("/anything/api/v1/", "users", "/anything/api/v1/users"),
        ("/anything/api/v1", "users", "/anything/api/users"),
        ("/anything/api/v1/", "/users", "/users"),
        ("/anything/api/v1/", "../v2/users?x=1", "/anything/api/v2/users"),
        ("/anything/api/v1/", "", "/anything/api/v1/"),
    ])
    func relativeURLsResolveAgainstTheBaseURLLikeABrowser(base: String, path: String, expected: String) async throws {
        let baseURL = try #require(URL(string: try TestServer.httpbin(base)))
        let session = Session(baseURL: baseURL)
        let response = await session.request(path).serializing(JSON.self).response
        func pathOf(_ url: URL?) -> String? { url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true)?.path } }
        #expect(pathOf(response.request?.url) == expected)
        if expected.hasPrefix("/anything") {
            #expect(pathOf(response.value?["url"].stringValue.flatMap { URL(string: $0) }) == expected)
        }
    }

    @Test func absoluteURLsIgnoreTheBaseURL() async throws {
        let session = Session(baseURL: URL(string: "http://unused.invalid/"))
        let json = try await session.request(try TestServer.httpbin("/get")).serializing(JSON.self).value
        #expect(json["url"].stringValue?.hasSuffix("/get") == true)
    }

    @Test func totalDeadlineStopsADrippingResponse() async throws {
        // 300 bytes over 30 s: a byte every 100 ms keeps any idle timeout from firing.
        let start = ContinuousClock.now
        let result = await session.request(try TestServer.httpbin("/drip?duration=30&numbytes=300&delay=0"), timeout: .seconds(1))
            .serializingData().result
        let elapsed = ContinuousClock.now - start
        guard case .failure(.timedOut(let after)) = result else {
            Issue.record("expected timedOut, got \(result)")
            return
        }
        #expect(after == .seconds(1))
        // Not before the deadline, and well before the 30 s drip ends (a tight bound would flake under TSan).
        #expect(elapsed >= .seconds(1) && elapsed < .seconds(15), "took \(elapsed)")
    }

    @Test func sessionWideDeadlineAppliesAndRequestsCanOverrideIt() async throws {
        let session = Session(timeout: .milliseconds(500))
        let result = await session.request(try TestServer.fault("/slow-head?delay=10")).serializingData().result
        #expect(result.failure?.isTimedOut == true)
        let fast = await session.request(try TestServer.httpbin("/delay/1"), timeout: .seconds(5)).serializingData().result
        #expect(fast.failure == nil)
    }

    @Test func throwingEncodableFailsBeforeAnythingIsSent() async throws {
        struct Refused: Error {}
        struct Throwing: Encodable, Sendable { func encode(to encoder: any Encoder) throws { throw Refused() } }
        let request = session.request(try TestServer.httpbin("/post"), method: .post, parameters: ["x": Throwing()])
        let result = await request.serializingData().result
        guard case .failure(.parameterEncodingFailed(reason: .encoderFailed(let error))) = result else {
            Issue.record("expected parameterEncodingFailed, got \(result)")
            return
        }
        #expect(error is Refused)
        #expect(await request.hasCreatedTask == false)
    }

    @Test func jsonParametersOnAGETAreRejectedBeforeSending() async throws {
        let request = session.request(try TestServer.httpbin("/get"), parameters: ["a": 1], encoder: .json)
        let result = await request.serializingData().result
        guard case .failure(.bodyDataInGETRequest) = result else {
            Issue.record("expected bodyDataInGETRequest, got \(result)")
            return
        }
        #expect(await request.hasCreatedTask == false)
    }

    @Test func urlComponentsAreAccepted() async throws {
        var components = try #require(URLComponents(string: try TestServer.httpbin("/get")))
        components.queryItems = [URLQueryItem(name: "from", value: "components")]
        let echo = try await session.request(components).serializing(HTTPBinEcho.self).value
        #expect(echo.args == ["from": "components"])
    }
}
