/// The lifecycle of a request as a pure state machine.
///
/// The request actor owns one and performs the actions its transitions return; the machine itself does no I/O, so
/// every transition is tested directly. A request runs one or more attempts (retries and redirect hops are new
/// attempts of the same request): between two attempts it stays resumed (or suspended) while it decides.
struct RequestLifecycle: Sendable {
    /// Why a request stopped before it finished on its own.
    enum CancelReason: Sendable, Equatable {
        case explicit
        case timedOut(Duration)
        case sessionInvalidated
    }

    /// What the owner must do after a transition.
    enum Action: Sendable, Equatable {
        /// Nothing to do.
        case none
        /// Prepare the attempt's URLRequest, then create a task for it (and start it unless suspended).
        case startTask
        /// Resume the existing, suspended task.
        case resumeTask
        /// Suspend the running task.
        case suspendTask
        /// Cancel the task (if one exists) and finish with the reason.
        case cancel(CancelReason, hasTask: Bool)
    }

    private(set) var state: RequestState = .initialized
    /// Whether an attempt is in progress (being prepared, or its URLSession task exists).
    private(set) var hasTask = false
    /// Whether an attempt ended and the next one (a retry or a redirect hop) is being decided.
    private(set) var isBetweenAttempts = false
    /// Whether the total deadline is running.
    private(set) var deadlineArmed = false

    /// Whether the request can still run (neither cancelled nor finished).
    var isActive: Bool { state != .cancelled && state != .finished }

    /// The request is asked to run (explicitly, or by the first serializer when `automatic`).
    mutating func resume(automatic: Bool = false) -> Action {
        switch state {
        case .initialized:
            state = .resumed
            hasTask = true
            return .startTask
        case .suspended:
            if automatic { return .none }
            state = .resumed
            if hasTask { return .resumeTask }
            if isBetweenAttempts { return .none }   // the next attempt starts when it is ready
            hasTask = true
            return .startTask
        case .resumed, .cancelled, .finished:
            return .none
        }
    }

    /// The request is asked to pause.
    mutating func suspend() -> Action {
        switch state {
        case .initialized:
            state = .suspended
            return .none
        case .resumed:
            state = .suspended
            return hasTask ? .suspendTask : .none
        case .suspended, .cancelled, .finished:
            return .none
        }
    }

    /// The request is asked to stop, by the caller or by its deadline.
    mutating func cancel(_ reason: CancelReason = .explicit) -> Action {
        guard isActive else { return .none }
        state = .cancelled
        return .cancel(reason, hasTask: hasTask)
    }

    /// The request is asked to run (resumed, or awaited by a serializer, even while it is suspended). Returns true
    /// the first time, when the total deadline must start: suspending a request does not stop its deadline.
    mutating func armDeadline() -> Bool {
        guard !deadlineArmed, isActive else { return false }
        deadlineArmed = true
        return true
    }

    /// The current attempt ended (its task completed, or preparing it failed). Returns whether its outcome is to be
    /// judged: false when the request was cancelled meanwhile (the cancellation is its outcome).
    mutating func attemptEnded() -> Bool {
        guard isActive else { return false }
        hasTask = false
        isBetweenAttempts = true
        return true
    }

    /// A retry or a redirect hop is ready to go: `.startTask` while the request is active (a suspended request
    /// gets its task without starting it), `.none` after a cancellation.
    mutating func nextAttempt() -> Action {
        guard isActive, isBetweenAttempts else { return .none }
        isBetweenAttempts = false
        hasTask = true
        return .startTask
    }

    /// The request is done. Returns whether this is news (false when it was cancelled or finished already).
    mutating func finish() -> Bool {
        guard isActive else { return false }
        state = .finished
        hasTask = false
        isBetweenAttempts = false
        return true
    }
}

/// Where a request is in its life.
public enum RequestState: Sendable, Hashable {
    /// Created; nothing has been sent yet.
    case initialized
    /// Running (or waiting for a free slot when the Session limits concurrent requests, or between a failed
    /// attempt and its retry).
    case resumed
    /// Paused by ``DataRequest/suspend()``.
    case suspended
    /// Cancelled by the caller or by its deadline; this is final.
    case cancelled
    /// Completed, successfully or not; this is final.
    case finished
}
