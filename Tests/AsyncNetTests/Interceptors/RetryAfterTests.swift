import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

@Suite("Retry-After", .timeLimit(.minutes(1)))
struct RetryAfterTests {
    /// Sun, 06 Nov 1994 08:49:37 GMT, the example of RFC 9110.
    let rfcExample = Date(timeIntervalSince1970: 784_111_777)

    @Test func deltaSeconds() {
        #expect(RetryAfter.delay(from: "120", now: rfcExample) == .seconds(120))
        #expect(RetryAfter.delay(from: " 3 ", now: rfcExample) == .seconds(3))
        #expect(RetryAfter.delay(from: "0", now: rfcExample) == .zero)
        #expect(RetryAfter.delay(from: "99999999999999999999999999", now: rfcExample) == .seconds(1_000_000_000))
    }

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
                      "sun, 06 nov 1994 08:49:37 gmt", "Sun, 6 Nov 1994 08:49:37 GMT"])
    func everyHTTPDateFormParses(_ text: String) {
        #expect(HTTPDate.date(from: text, now: rfcExample) == rfcExample)
    }

    @Test func httpDateIsMeasuredFromNow() {
        #expect(RetryAfter.delay(from: "Sun, 06 Nov 1994 08:49:47 GMT", now: rfcExample) == .seconds(10))
        #expect(RetryAfter.delay(from: "Sun Nov  6 08:50:37 1994", now: rfcExample) == .seconds(60))
    }

    @Test func pastDateMeansNoDelay() {
        #expect(RetryAfter.delay(from: "Sat, 05 Nov 1994 08:49:37 GMT", now: rfcExample) == .zero)
        #expect(RetryAfter.delay(from: "Sun, 06 Nov 1994 08:49:37 GMT", now: rfcExample) == .zero)
    }

    @Test func calendarEdges() {
        let leapDay = HTTPDate.date(from: "Thu, 29 Feb 2024 00:00:00 GMT", now: rfcExample)
        #expect(leapDay == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(HTTPDate.date(from: "Wed, 29 Feb 2023 00:00:00 GMT", now: rfcExample) == nil)
        #expect(HTTPDate.date(from: "Fri, 31 Dec 1999 23:59:59 GMT", now: rfcExample)
                == Date(timeIntervalSince1970: 946_684_799))
        #expect(HTTPDate.date(from: "Thu, 01 Jan 1970 00:00:00 GMT", now: rfcExample) == Date(timeIntervalSince1970: 0))
    }

    @Test func twoDigitYearsFollowTheFiftyYearRule() {
        let now = Date(timeIntervalSince1970: 1_767_225_600)   // 2026-01-01
        let eighty = HTTPDate.date(from: "Tuesday, 01-Jan-80 00:00:00 GMT", now: now)
        #expect(eighty == Date(timeIntervalSince1970: 315_532_800))   // 1980, not 2080
        let thirty = HTTPDate.date(from: "Tuesday, 01-Jan-30 00:00:00 GMT", now: now)
        #expect(thirty == Date(timeIntervalSince1970: 1_893_456_000))   // 2030
    }

    @Test(arguments: ["", "soon", "-5", "1.5", "+3", "12abc", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 31 Nov 1994 08:49:37 GMT",
                      "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT",
                      "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49 GMT", "Sun, 06 Nov 1994 08:49:37 GMT extra",
                      "Funday, 06 Nov 1994 08:49:37 GMT", "Sun Nov 6 08:49:37 94"])
    func garbageIsIgnored(_ text: String) {
        #expect(RetryAfter.delay(from: text, now: rfcExample) == nil)
    }

    @Test func decisionUsesRetryAfterInsteadOfTheBackoff() throws {
        let policy = RetryPolicy(jitter: .none)
        let attempt = try snapshot(status: 503, responseHeaders: ["Retry-After": "7"], retryCount: 1)
        #expect(policy.decision(for: attempt, dueTo: statusError(503)).retryDelay == .seconds(7))
        let zero = try snapshot(status: 429, responseHeaders: ["Retry-After": "0"])
        #expect(policy.decision(for: zero, dueTo: statusError(429)).isImmediateRetry)
    }

    @Test func decisionMeasuresAnHTTPDateFromNow() throws {
        let policy = RetryPolicy(jitter: .none)
        let attempt = try snapshot(status: 503, responseHeaders: ["Retry-After": "Sun, 06 Nov 1994 08:49:57 GMT"])
        #expect(policy.decision(for: attempt, dueTo: statusError(503), now: rfcExample).retryDelay == .seconds(20))
        let past = try snapshot(status: 503, responseHeaders: ["Retry-After": "Sun, 06 Nov 1994 08:00:00 GMT"])
        #expect(policy.decision(for: past, dueTo: statusError(503), now: rfcExample).isImmediateRetry)
    }

    @Test func retryAfterIsCappedAtTheMaximum() throws {
        let attempt = try snapshot(status: 503, responseHeaders: ["Retry-After": "3600"])
        #expect(RetryPolicy().decision(for: attempt, dueTo: statusError(503)).retryDelay == .seconds(60))
        let short = RetryPolicy(maximumRetryAfter: .seconds(2))
        #expect(short.decision(for: attempt, dueTo: statusError(503)).retryDelay == .seconds(2))
        let farDate = try snapshot(status: 503, responseHeaders: ["Retry-After": "Fri, 01 Jan 2100 00:00:00 GMT"])
        #expect(RetryPolicy().decision(for: farDate, dueTo: statusError(503)).retryDelay == .seconds(60))
    }

    @Test func garbageRetryAfterFallsBackToTheBackoff() throws {
        let attempt = try snapshot(status: 503, responseHeaders: ["Retry-After": "later, please"], retryCount: 1)
        #expect(RetryPolicy(jitter: .none).decision(for: attempt, dueTo: statusError(503)).retryDelay == .seconds(1))
    }

    @Test func retryAfterDoesNotMakeAnErrorRetryable() throws {
        let attempt = try snapshot(.post, status: 503, responseHeaders: ["Retry-After": "1"])
        #expect(RetryPolicy().decision(for: attempt, dueTo: statusError(503)).isDoNotRetry)
        let notFound = try snapshot(status: 404, responseHeaders: ["Retry-After": "1"])
        #expect(RetryPolicy().decision(for: notFound, dueTo: statusError(404)).isDoNotRetry)
    }
}
