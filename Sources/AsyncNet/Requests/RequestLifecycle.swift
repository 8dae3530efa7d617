/// The lifecycle of a request as a pure state machine.
///
/// The ``DataRequest`` actor owns one and performs the actions its transitions return; the machine itself does no
/// I/O, so every transition is tested directly.
struct RequestLifecycle: Sendable {
    /// Why a request stopped before it finished on its own.
    enum CancelReason: Sendable, Equatable {
        case explicit
        case timedOut(Duration)
    }

    /// What the owner must do after a transition.
    enum Action: Sendable, Equatable {
        /// Nothing to do.
        case none
        /// Build the URLRequest and create and start a task for it.
        case startTask
        /// Resume the existing, suspended task.
        case resumeTask
        /// Suspend the running task.
        case suspendTask
        /// Cancel the task (if one exists) and finish with the reason.
        case cancel(CancelReason, hasTask: Bool)
    }

    private(set) var state: RequestState = .initialized
    /// Whether a URLSession task has been created for the current attempt.
    private(set) var hasTask = false
    /// Whether the total deadline is running.
    private(set) var deadlineArmed = false

    /// The request is asked to run (resumed, or awaited by a serializer, even while it is suspended). Returns true
    /// the first time, when the total deadline must start: suspending a request does not stop its deadline.
    mutating func armDeadline() -> Bool {
        guard !deadlineArmed, state != .cancelled, state != .finished else { return false }
        deadlineArmed = true
        return true
    }

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
        switch state {
        case .initialized, .resumed, .suspended:
            state = .cancelled
            return .cancel(reason, hasTask: hasTask)
        case .cancelled, .finished:
            return .none
        }
    }

    /// The attempt ended (the task completed, or building the request failed). Returns whether the outcome counts;
    /// a cancelled request keeps its cancellation as its outcome.
    mutating func finish() -> Bool {
        switch state {
        case .initialized, .resumed, .suspended:
            state = .finished
            return true
        case .cancelled, .finished:
            return false
        }
    }
}

/// Where a request is in its life.
public enum RequestState: Sendable, Hashable {
    /// Created; nothing has been sent yet.
    case initialized
    /// Running (or waiting for a free slot when the Session limits concurrent requests).
    case resumed
    /// Paused by ``DataRequest/suspend()``.
    case suspended
    /// Cancelled by the caller or by its deadline; this is final.
    case cancelled
    /// Completed, successfully or not; this is final.
    case finished
}
