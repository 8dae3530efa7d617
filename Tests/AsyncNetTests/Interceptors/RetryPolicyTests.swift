import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

/// One row of the decision table.
struct RetryCase: Sendable, CustomTestStringConvertible {
    let method: HTTPMethod
    let error: AsyncNetError
    let retryCount: Int
    let retries: Bool
    let label: String

    init(_ label: String, _ error: AsyncNetError, method: HTTPMethod = .get, retryCount: Int = 0, retries: Bool) {
        self.label = label
        self.method = method
        self.error = error
        self.retryCount = retryCount
        self.retries = retries
    }

    var testDescription: String { label }
}

@Suite("RetryPolicy decisions", .timeLimit(.minutes(1)))
struct RetryPolicyDecisionTests {
    static let table: [RetryCase] = [
        RetryCase("GET 503", statusError(503), retries: true),
        RetryCase("GET 408", statusError(408), retries: true),
        RetryCase("GET 429", statusError(429), retries: true),
        RetryCase("GET 500", statusError(500), retries: true),
        RetryCase("GET 502", statusError(502), retries: true),
        RetryCase("GET 504", statusError(504), retries: true),
        RetryCase("GET 501", statusError(501), retries: false),
        RetryCase("GET 404", statusError(404), retries: false),
        RetryCase("GET 401", statusError(401), retries: false),
        RetryCase("HEAD 500", statusError(500), method: .head, retries: true),
        RetryCase("PUT 500", statusError(500), method: .put, retries: true),
        RetryCase("DELETE 500", statusError(500), method: .delete, retries: true),
        RetryCase("OPTIONS 500", statusError(500), method: .options, retries: true),
        RetryCase("TRACE 500", statusError(500), method: .trace, retries: true),
        RetryCase("QUERY 500", statusError(500), method: .query, retries: true),
        RetryCase("POST 503", statusError(503), method: .post, retries: false),
        RetryCase("PATCH 503", statusError(503), method: .patch, retries: false),
        RetryCase("POST connection lost", transportError(.networkConnectionLost), method: .post, retries: false),
        RetryCase("PURGE 503", statusError(503), method: "PURGE", retries: false),
        RetryCase("CONNECT 503", statusError(503), method: .connect, retries: false),
        RetryCase("timed out (idle)", transportError(.timedOut), retries: true),
        RetryCase("connection lost", transportError(.networkConnectionLost), retries: true),
        RetryCase("connection refused", transportError(.cannotConnectToHost), retries: true),
        RetryCase("host not found", transportError(.cannotFindHost), retries: true),
        RetryCase("DNS failure", transportError(.dnsLookupFailed), retries: true),
        RetryCase("offline", transportError(.notConnectedToInternet), retries: true),
        RetryCase("cut mid-body (-1)", transportError(.unknown), retries: true),
        RetryCase("URLError cancelled", transportError(.cancelled), retries: false),
        RetryCase("bad URL", transportError(.badURL), retries: false),
        RetryCase("bad server response", transportError(.badServerResponse), retries: false),
        RetryCase("too many redirects", transportError(.httpTooManyRedirects), retries: false),
        RetryCase("explicitly cancelled", .explicitlyCancelled, retries: false),
        RetryCase("total deadline", .timedOut(after: .seconds(5)), retries: false),
        RetryCase("serialization", .responseSerializationFailed(reason: .inputDataNilOrZeroLength), retries: false),
        RetryCase("content type", .responseValidationFailed(reason: .missingContentType(acceptableContentTypes: [])),
                  retries: false),
        RetryCase("adaptation", .requestAdaptationFailed(error: URLError(.timedOut)), retries: false),
        RetryCase("underlying", .underlying(URLError(.timedOut)), retries: false),
        RetryCase("too large", .responseTooLarge(limit: 10), retries: false),
        RetryCase("second retry", statusError(503), retryCount: 1, retries: true),
        RetryCase("limit reached", statusError(503), retryCount: 2, retries: false),
        RetryCase("past the limit", transportError(.timedOut), retryCount: 7, retries: false),
    ]

    @Test(arguments: table)
    func defaultPolicy(_ row: RetryCase) throws {
        let policy = RetryPolicy()
        let attempt = try snapshot(row.method, status: row.error.responseCode, retryCount: row.retryCount)
        #expect(policy.shouldRetry(attempt, dueTo: row.error) == row.retries)
        let decision = policy.decision(for: attempt, dueTo: row.error)
        #expect((decision.retryDelay != nil) == row.retries)
        if !row.retries { #expect(decision.isDoNotRetry) }
    }

    @Test func defaultsAreTheDocumentedOnes() {
        let policy = RetryPolicy()
        #expect(policy.retryLimit == 2)
        #expect(policy.exponentialBackoffBase == 2)
        #expect(policy.exponentialBackoffScale == 0.5)
        #expect(policy.retryableHTTPMethods == [.get, .head, .put, .delete, .options, .trace, .query])
        let allIdempotent = policy.retryableHTTPMethods.allSatisfy { $0.isIdempotent }
        #expect(allIdempotent)
        #expect(policy.retryableHTTPStatusCodes == [408, 429, 500, 502, 503, 504])
        #expect(policy.retryableURLErrorCodes.count == 7)
        #expect(policy.maximumRetryAfter == .seconds(60))
    }

    @Test func customSetsReplaceTheDefaults() throws {
        let policy = RetryPolicy(retryLimit: 5, retryableHTTPMethods: [.post], retryableHTTPStatusCodes: [418],
                                 retryableURLErrorCodes: [.badServerResponse])
        #expect(policy.shouldRetry(try snapshot(.post, status: 418, retryCount: 4), dueTo: statusError(418)))
        #expect(!policy.shouldRetry(try snapshot(.post, status: 503), dueTo: statusError(503)))
        #expect(!policy.shouldRetry(try snapshot(.get, status: 418), dueTo: statusError(418)))
        #expect(policy.shouldRetry(try snapshot(.post), dueTo: transportError(.badServerResponse)))
        #expect(!policy.shouldRetry(try snapshot(.post), dueTo: transportError(.timedOut)))
        #expect(!policy.shouldRetry(try snapshot(.post, status: 418, retryCount: 5), dueTo: statusError(418)))
    }

    @Test func zeroLimitNeverRetries() throws {
        let policy = RetryPolicy(retryLimit: 0)
        #expect(policy.decision(for: try snapshot(), dueTo: transportError(.timedOut)).isDoNotRetry)
        #expect(RetryPolicy(retryLimit: -3).retryLimit == 0)
    }

    @Test func connectionLostPresetIgnoresStatusCodes() throws {
        let policy = RetryPolicy.connectionLost
        #expect(!policy.shouldRetry(try snapshot(status: 503), dueTo: statusError(503)))
        #expect(policy.shouldRetry(try snapshot(), dueTo: transportError(.networkConnectionLost)))
        #expect(policy.shouldRetry(try snapshot(), dueTo: transportError(.unknown)))
        #expect(!policy.shouldRetry(try snapshot(.post), dueTo: transportError(.networkConnectionLost)))
        #expect(!policy.shouldRetry(try snapshot(), dueTo: .explicitlyCancelled))
    }

    @Test func retryAsksTheSameQuestion() async throws {
        let policy = RetryPolicy(jitter: .none)
        let decision = await policy.retry(try snapshot(status: 503), for: Session.default, dueTo: statusError(503))
        #expect(decision.retryDelay == .milliseconds(500))
        let refused = await policy.retry(try snapshot(.post, status: 503), for: Session.default, dueTo: statusError(503))
        #expect(refused.isDoNotRetry)
    }

    @Test func interceptorCompositionAsksTheRetryPolicy() async throws {
        let interceptor = Interceptor(retriers: [Retrier { _, _, _ in .doNotRetry }, RetryPolicy(jitter: .none)])
        let decision = await interceptor.retry(try snapshot(), for: Session.default, dueTo: transportError(.timedOut))
        #expect(decision.retryDelay == .milliseconds(500))
    }
}
