// StubbedClient: an API client tested against a StubServer, without a network.
//
//   swift run StubbedClient
//
// The client under test (ForecastClient) takes a Session; here it gets `Session(stubs:)`, whose transport is a
// StubServer, while validation, retries, deadlines and serializers stay real. Prints each check; exits non-zero
// if any fails.
import AsyncNet
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct Forecast: Codable, Sendable, Equatable {
    let city: String
    let celsius: Double
}

struct Observation: Codable, Sendable {
    let city: String
    let celsius: Double
}

enum ForecastError: Error, Equatable {
    case unknownCity(String)
    case offline
    case unavailable
}

/// The code under test: a small client for a weather API.
struct ForecastClient: Sendable {
    let session: Session

    func forecast(for city: String) async throws(ForecastError) -> Forecast {
        let response = await session.request("forecast", parameters: ["city": city]).validate()
            .serializing(Forecast.self).response
        switch response.result {
        case .success(let forecast):
            return forecast
        case .failure(let error) where error.responseCode == 404:
            throw .unknownCity(city)
        case .failure(.sessionTaskFailed(let urlError)) where urlError.code == .notConnectedToInternet:
            throw .offline
        case .failure:
            throw .unavailable
        }
    }

    func report(_ observation: Observation) async throws {
        _ = try await session.request("observations", method: .post, parameters: observation, encoder: .json)
            .validate(statusCode: [201]).serializingData().value
    }
}

/// Collects the outcome of each check.
struct Checks {
    private(set) var failures = 0

    mutating func expect(_ condition: Bool, _ what: String) {
        print(condition ? "ok    \(what)" : "FAIL  \(what)")
        if !condition { failures += 1 }
    }
}

@main
struct StubbedClient {
    static let base = URL(string: "https://weather.example.com/v1/")

    static func main() async {
        var checks = Checks()
        await run(&checks)
        if checks.failures > 0 {
            print("\(checks.failures) check(s) failed")
            exit(1)
        }
        print("all checks passed")
    }

    static func client(_ stubs: StubServer, interceptor: (any RequestInterceptor)? = nil) -> ForecastClient {
        ForecastClient(session: Session(baseURL: base, timeout: .seconds(5), interceptor: interceptor, stubs: stubs))
    }

    static func run(_ checks: inout Checks) async {
        let stubs = StubServer()
        await stubs.on(.get, "/v1/forecast", query: ["city": "Oslo"], respond: .json(["city": "Oslo", "celsius": -3.5]))
        await stubs.on(.get, "/v1/forecast", query: ["city": "Atlantis"], respond: .json(["error": "no such city"],
                                                                                          status: 404))
        await stubs.on(.post, "/v1/observations", body: .json(["city": "Oslo", "celsius": -4]),
                       respond: .status(201))
        let weather = client(stubs)

        let oslo = try? await weather.forecast(for: "Oslo")
        checks.expect(oslo == Forecast(city: "Oslo", celsius: -3.5), "a forecast decodes: \(String(describing: oslo))")

        do {
            _ = try await weather.forecast(for: "Atlantis")
            checks.expect(false, "a 404 becomes ForecastError.unknownCity")
        } catch {
            checks.expect(error == .unknownCity("Atlantis"), "a 404 becomes ForecastError.unknownCity: \(error)")
        }

        let reported: Void? = try? await weather.report(Observation(city: "Oslo", celsius: -4))
        checks.expect(reported != nil, "an observation is posted as JSON and accepted with 201")
        let posted = await stubs.requests(to: "/v1/observations").first
        checks.expect(posted?.headers["Content-Type"] == "application/json",
                      "the post says application/json: \(posted?.headers["Content-Type"] ?? "none")")

        let all = await stubs.requests
        checks.expect(all.count == 3, "the server saw 3 requests: \(all.map(\.description))")

        // An outage: a 503, then the answer; RetryPolicy retries the GET.
        let flaky = StubServer()
        await flaky.on(.get, "/v1/forecast", respond: .sequence([.status(503), .json(["city": "Rome", "celsius": 21])]))
        let rome = try? await client(flaky, interceptor: RetryPolicy(exponentialBackoffScale: 0.01))
            .forecast(for: "Rome")
        checks.expect(rome?.celsius == 21, "a 503 is retried and the second answer used")
        checks.expect(await flaky.requests.count == 2, "two attempts reached the server")

        // No network at all.
        let offline = StubServer()
        await offline.on(.any, respond: .failure(URLError(.notConnectedToInternet)))
        do {
            _ = try await client(offline).forecast(for: "Oslo")
            checks.expect(false, "no connection becomes ForecastError.offline")
        } catch {
            checks.expect(error == .offline, "no connection becomes ForecastError.offline: \(error)")
        }

        // A request nobody stubbed fails with a description naming it and listing the stubs.
        let empty = StubServer()
        await empty.on(.get, "/v1/status", respond: .status(204))
        let unmatched = await Session(baseURL: base, stubs: empty).request("forecast?city=Paris").serializingData().result
        var text = ""
        if case .failure(let error) = unmatched { text = error.localizedDescription }
        checks.expect(text.contains("GET https://weather.example.com/v1/forecast?city=Paris")
                      && text.contains("stub #1: GET path /v1/status"),
                      "an unmatched request names itself and the stubs:\n\(text)")
    }
}
