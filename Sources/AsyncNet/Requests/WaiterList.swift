/// The callers awaiting a request's outcome. Each has its own token, so that one caller can leave (its Task was
/// cancelled) without touching the others.
///
/// A caller's cancellation can reach the request before its registration does (both are queued on the Session's
/// serial executor, and a Task cancelled before it awaits runs its cancellation handler first): such a token is
/// remembered, and its registration is then refused.
struct WaiterList<Continuation> {
    private var entries: [(token: ObjectIdentifier, continuation: Continuation)] = []
    private var leftBeforeRegistering: Set<ObjectIdentifier> = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// Registers a caller. Returns false (and registers nothing) when that caller already left.
    mutating func add(_ token: ObjectIdentifier, _ continuation: Continuation) -> Bool {
        if leftBeforeRegistering.remove(token) != nil { return false }
        entries.append((token, continuation))
        return true
    }

    /// A caller leaves. Returns its continuation, or nil when it has not registered yet (it is then remembered).
    mutating func remove(_ token: ObjectIdentifier) -> Continuation? {
        guard let index = entries.firstIndex(where: { $0.token == token }) else {
            leftBeforeRegistering.insert(token)
            return nil
        }
        return entries.remove(at: index).continuation
    }

    /// Every registered caller, for the final outcome; the list is empty afterwards.
    mutating func removeAll() -> [Continuation] {
        let continuations = entries.map(\.continuation)
        entries.removeAll()
        leftBeforeRegistering.removeAll()
        return continuations
    }
}

/// Identifies one caller awaiting a request (its identity is the token).
final class WaiterToken: Sendable {}
