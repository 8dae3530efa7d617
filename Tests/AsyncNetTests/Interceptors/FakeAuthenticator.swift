import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import AsyncNet

/// A bearer token for the fake authenticator.
struct TestToken: AuthenticationCredential, Equatable {
    let value: String
    var requiresRefresh = false
}

/// What the fake authenticator's refresh throws when told to fail.
struct RefreshFailed: Error, Equatable {}

/// An authenticator that counts its refreshes (and how many ran at once); each refresh takes `delay` and returns
/// `t<count>`, or throws ``RefreshFailed``.
actor FakeAuthenticator: Authenticator {
    private(set) var refreshCount = 0
    private(set) var mostAtOnce = 0
    private var running = 0
    private let delay: Duration
    private let fails: Bool
    private let refreshedRequiresRefresh: Bool

    init(delay: Duration = .milliseconds(100), fails: Bool = false, refreshedRequiresRefresh: Bool = false) {
        self.delay = delay
        self.fails = fails
        self.refreshedRequiresRefresh = refreshedRequiresRefresh
    }

    nonisolated func apply(_ credential: TestToken, to urlRequest: inout URLRequest) {
        urlRequest.setValue("Bearer \(credential.value)", forHTTPHeaderField: "Authorization")
    }

    func refresh(_ credential: TestToken, for session: Session) async throws -> TestToken {
        refreshCount += 1
        let count = refreshCount
        running += 1
        mostAtOnce = max(mostAtOnce, running)
        defer { running -= 1 }
        try await Task.sleep(for: delay)
        if fails { throw RefreshFailed() }
        return TestToken(value: "t\(count)", requiresRefresh: refreshedRequiresRefresh)
    }

    nonisolated func didRequest(_ urlRequest: URLRequest, with response: HTTPURLResponse,
                                failDueToAuthenticationError error: any Error) -> Bool {
        response.statusCode == 401
    }

    nonisolated func isRequest(_ urlRequest: URLRequest, authenticatedWith credential: TestToken) -> Bool {
        urlRequest.value(forHTTPHeaderField: "Authorization") == "Bearer \(credential.value)"
    }
}

/// A 401 answer to a request sent with `Bearer <token>` (no Authorization header when nil).
func unauthorized(sentWith token: String?, retryCount: Int = 0) throws -> RequestSnapshot {
    try snapshot(status: 401, headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:],
                 responseHeaders: ["WWW-Authenticate": "Bearer"], retryCount: retryCount)
}
