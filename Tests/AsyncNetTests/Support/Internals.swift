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
    /// Registers a waiter the way a serializer does, and returns once the request holds it, so that the checks the
    /// caller makes afterwards see a registered waiter.
    nonisolated func waitOnItsExecutor() async -> Task<RawResponse, Never> {
        let waiter = Task { await self.completion() }
        _ = await eventually { await self.waiterCount > 0 }
        return waiter
    }
}
