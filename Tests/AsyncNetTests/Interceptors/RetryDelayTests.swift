import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

@Suite("RetryPolicy delays", .timeLimit(.minutes(1)))
struct RetryDelayTests {
    @Test func withoutJitterDelaysGrowExponentially() {
        let policy = RetryPolicy(retryLimit: 10, jitter: .none)
        #expect(policy.backoff(forRetry: 0) == .milliseconds(500))
        #expect(policy.backoff(forRetry: 1) == .seconds(1))
        #expect(policy.backoff(forRetry: 2) == .seconds(2))
        #expect(policy.backoff(forRetry: 3) == .seconds(4))
        let tripling = RetryPolicy(exponentialBackoffBase: 3, exponentialBackoffScale: 0.1, jitter: .none)
        #expect(abs(tripling.backoff(forRetry: 2).inSeconds - 0.9) < 1e-9)
    }

    @Test func decisionCarriesTheBackoffOfItsRetryCount() throws {
        let policy = RetryPolicy(retryLimit: 5, jitter: .none)
        let delays = try (0..<5).map { count in
            policy.decision(for: try snapshot(status: 503, retryCount: count), dueTo: statusError(503)).retryDelay
        }
        #expect(delays == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8)])
    }

    @Test func equalJitterStaysInTheUpperHalf() {
        #expect(RetryPolicy(jitter: .equal(random: { 0 })).backoff(forRetry: 1) == .milliseconds(500))
        #expect(RetryPolicy(jitter: .equal(random: { 1 })).backoff(forRetry: 1) == .seconds(1))
        #expect(RetryPolicy(jitter: .equal(random: { 0.5 })).backoff(forRetry: 1) == .milliseconds(750))
        let policy = RetryPolicy(retryLimit: 10)
        for retry in 0..<6 {
            let full = 0.5 * pow(2, Double(retry))
            for _ in 0..<200 {
                let delay = policy.backoff(forRetry: retry).inSeconds
                #expect(delay >= full / 2 - 1e-9 && delay <= full + 1e-9, "retry \(retry): \(delay) s")
            }
        }
    }

    @Test func equalJitterIsActuallyRandom() {
        let samples = Set((0..<50).map { _ in RetryPolicy().backoff(forRetry: 2) })
        #expect(samples.count > 10)
    }

    @Test func fullJitterStaysBetweenZeroAndTheDelay() {
        #expect(RetryPolicy(jitter: .full(random: { 0 })).backoff(forRetry: 2) == .zero)
        #expect(RetryPolicy(jitter: .full(random: { 1 })).backoff(forRetry: 2) == .seconds(2))
        let policy = RetryPolicy(jitter: .full)
        for _ in 0..<200 {
            let delay = policy.backoff(forRetry: 2).inSeconds
            #expect(delay >= 0 && delay <= 2 + 1e-9)
        }
    }

    @Test func badRandomValuesAreClamped() {
        #expect(RetryPolicy(jitter: .equal(random: { .nan })).backoff(forRetry: 0) == .milliseconds(250))
        #expect(RetryPolicy(jitter: .equal(random: { 7 })).backoff(forRetry: 0) == .milliseconds(500))
        #expect(RetryPolicy(jitter: .full(random: { -1 })).backoff(forRetry: 0) == .zero)
    }

    @Test func zeroDelayIsAnImmediateRetry() throws {
        let policy = RetryPolicy(exponentialBackoffScale: 0)
        #expect(policy.decision(for: try snapshot(), dueTo: transportError(.timedOut)).isImmediateRetry)
        let fullJitterAtZero = RetryPolicy(jitter: .full(random: { 0 }))
        #expect(fullJitterAtZero.decision(for: try snapshot(), dueTo: transportError(.timedOut)).isImmediateRetry)
    }

    @Test func hugeRetryCountsAreCappedInsteadOfOverflowing() {
        let policy = RetryPolicy(retryLimit: .max, exponentialBackoffBase: 1000, jitter: .none)
        #expect(policy.backoff(forRetry: 10_000) == .seconds(3600))
        #expect(policy.backoff(forRetry: .max) == .seconds(3600))
        #expect(RetryPolicy(exponentialBackoffScale: .infinity, jitter: .none).backoff(forRetry: 0) == .seconds(3600))
    }

    @Test func nonsenseParametersAreSanitized() {
        let policy = RetryPolicy(exponentialBackoffBase: 0, exponentialBackoffScale: .nan, maximumRetryAfter: .seconds(-1))
        #expect(policy.exponentialBackoffBase == 1)
        #expect(policy.exponentialBackoffScale == 0)
        #expect(policy.maximumRetryAfter == .zero)
        #expect(RetryPolicy(exponentialBackoffScale: -2).backoff(forRetry: 3) == .zero)
    }
}
