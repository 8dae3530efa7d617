import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension DataRequest {
    /// Accepts only status codes in `acceptableStatusCodes`. Checked as soon as the response head arrives; a
    /// rejected response's transfer is stopped (its error body is kept when it arrives promptly).
    ///
    /// Validators are recorded in the order they are added, before the request starts when they are added before
    /// it is awaited.
    /// - Parameter acceptableStatusCodes: For example `200..<300` or `[200, 201]`.
    /// - Returns: The request, for chaining.
    @discardableResult
    public nonisolated func validate<S: Sequence & Sendable>(statusCode acceptableStatusCodes: S) -> Self
    where S.Element == Int {
        adding(.statusCode { acceptableStatusCodes.contains($0) })
    }

    /// Accepts only responses whose Content-Type matches one of `acceptableContentTypes`. Wildcards (`*/*`,
    /// `text/*`) match; parameters such as `charset` are ignored. A response without a body is not checked (decided
    /// from what arrived: an empty body passes whatever its head says). Checked at the first byte of the body.
    /// - Parameter acceptableContentTypes: Media types such as `application/json`.
    /// - Returns: The request, for chaining.
    @discardableResult
    public nonisolated func validate(contentType acceptableContentTypes: [String]) -> Self {
        let ranges = AcceptRanges(types: acceptableContentTypes.compactMap(MediaType.init))
        return adding(.contentType { _ in ranges })
    }

    /// Runs your own check once the whole body has arrived. Throw to reject the response; an `AsyncNetError` is
    /// kept as it is, any other error becomes ``AsyncNetError/ResponseValidationFailureReason/custom(_:)``.
    /// - Parameter validation: Receives the sent request, the response and the body.
    /// - Returns: The request, for chaining.
    @discardableResult
    public nonisolated func validate(
        _ validation: @escaping @Sendable (URLRequest?, HTTPURLResponse, Data?) throws -> Void
    ) -> Self {
        adding(Validator(requirement: .body) { try validation($0.request, $0.response, $0.data) })
    }

    /// Accepts status codes 200..<300 and a Content-Type matching the media types the request accepts: its
    /// `Accept` header, or the Session configuration's (`httpAdditionalHeaders`) when the request has none;
    /// anything when neither names one. The most specific matching range decides, and a range with `q=0` is not
    /// acceptable (`application/json;q=0, */*` accepts anything but JSON).
    /// - Returns: The request, for chaining.
    @discardableResult
    public nonisolated func validate() -> Self {
        let configured = session.configuredAcceptableTypes
        return adding(Validator.successfulStatusCode, .contentType { request in
            if let accept = request?.value(forHTTPHeaderField: "Accept") { return AcceptRanges(header: accept) }
            return configured
        })
    }

    /// Records validators in one step on the request's executor, in order, without waiting.
    private nonisolated func adding(_ validators: Validator...) -> Self {
        enqueue { request in
            for validator in validators { request.add(validator) }
        }
        return self
    }
}
