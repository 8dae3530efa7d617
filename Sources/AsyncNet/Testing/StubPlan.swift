import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the Session plays for one stubbed attempt.
struct StubPlan: Sendable {
    enum Step: Sendable {
        /// Sleep (cancellable).
        case wait(Duration)
        /// The response head.
        case head(HTTPURLResponse)
        /// A body chunk.
        case body(Data)
        /// End with this error (a `URLError` for transport failures).
        case fail(any Error)
    }

    /// A plan that does not end with `.fail` ends successfully.
    var steps: [Step]
}
