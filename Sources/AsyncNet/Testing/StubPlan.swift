import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a Session created with a ``StubServer`` plays for one stubbed attempt, in order, through the same event
/// paths URLSession's delegate uses.
///
/// A plan that does not end with ``Step/fail(_:)`` ends successfully after its last step.
struct StubPlan: Sendable {
    /// One step of a plan.
    enum Step: Sendable {
        /// Sleep (cancellable) before the next step.
        case wait(Duration)
        /// The response head.
        case head(HTTPURLResponse)
        /// A body chunk.
        case body(Data)
        /// End the attempt with this error (a `URLError` for transport failures).
        case fail(any Error)
    }

    /// The steps, played in order.
    var steps: [Step]

    /// A plan that fails at once with `error`, before any head.
    static func failure(_ error: any Error) -> StubPlan {
        StubPlan(steps: [.fail(error)])
    }
}
