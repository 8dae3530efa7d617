@testable import AsyncNet

extension Session {
    /// Whether `request` waits for a slot under `maxConcurrentRequests`: the Session's registry holds it, and it
    /// has no URLSession task. (Once a request gets a task it never loses it, so the two reads cannot interleave
    /// into a false answer.)
    nonisolated func isQueued(_ request: DataRequest) async -> Bool {
        guard await registry.activeRequests.contains(where: { $0 === request }) else { return false }
        return await request.hasCreatedTask == false
    }
}

extension DataRequest {
    /// Registers a waiter the way a serializer does, from the request's own executor. The waiting task's first job
    /// is queued on that serial executor before this method returns, so it runs (and registers) before anything
    /// the caller asks of the request afterwards.
    func waitOnItsExecutor() -> Task<RawResponse, Never> {
        Task {
            _ = self.hasCreatedTask   // without `await`: this closure is isolated to the request
            return await self.completion()
        }
    }
}
