/// How a Session's requests receive their responses from URLSession.
///
/// ```swift
/// // Small API calls, as cheap as URLSession itself gets; validation runs when the response is complete.
/// let api = Session(configuration: .asyncNetService, responseDelivery: .atCompletion)
/// ```
public enum ResponseDelivery: Sendable, Hashable {
    /// As it arrives (the default). The response head reaches AsyncNet first, so status and content-type checks
    /// run before the body and stop a rejected transfer early, `metrics.timeToFirstByte` is measured, and a body of
    /// any size is held once in memory (the buffer grows with the data; a `Content-Length` is not trusted).
    case incremental
    /// In one piece when the transfer ends, through URLSession's completion handler: one hand-off from URLSession
    /// per request instead of three (head, body, end), which makes small requests cheaper. The price: validators
    /// run only at the end (a rejected body is received whole), there is no time to first byte, and URLSession
    /// holds the body itself while it is handed over (about twice its size in memory, so prefer `.incremental` for
    /// large bodies). Challenges, redirects, deadlines and cancellation behave the same.
    case atCompletion
}
