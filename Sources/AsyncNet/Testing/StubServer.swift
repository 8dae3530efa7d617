import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers a Session's requests instead of the network (placeholder until the full stub API lands).
public actor StubServer {
    /// Creates an empty stub server.
    public init() {}

    func plan(for request: URLRequest) async -> StubPlan {
        StubPlan(steps: [.fail(URLError(.unsupportedURL))])
    }
}
