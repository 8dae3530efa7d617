import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension DataRequest {
    /// Accepts only status codes in `acceptableStatusCodes`. Checked as soon as the response head arrives.
    /// - Parameter acceptableStatusCodes: For example `200..<300` or `[200, 201]`.
    /// - Returns: The request, for chaining.
    @discardableResult
    public func validate<S: Sequence & Sendable>(statusCode acceptableStatusCodes: S) -> Self where S.Element == Int {
        add(.statusCode { acceptableStatusCodes.contains($0) })
        return self
    }

    /// Accepts only responses whose Content-Type matches one of `acceptableContentTypes`. Wildcards (`*/*`,
    /// `text/*`) match; parameters such as `charset` are ignored. A response without a Content-Type passes only when
    /// it has no body. Checked as soon as the response head arrives.
    /// - Parameter acceptableContentTypes: Media types such as `application/json`.
    /// - Returns: The request, for chaining.
    @discardableResult
    public func validate(contentType acceptableContentTypes: [String]) -> Self {
        add(.contentType { _ in acceptableContentTypes })
        return self
    }

    /// Runs your own check once the whole body has arrived. Throw to reject the response; an `AsyncNetError` is
    /// kept as it is, any other error becomes ``AsyncNetError/ResponseValidationFailureReason/custom(_:)``.
    /// - Parameter validation: Receives the sent request, the response and the body.
    /// - Returns: The request, for chaining.
    @discardableResult
    public func validate(
        _ validation: @escaping @Sendable (URLRequest?, HTTPURLResponse, Data?) throws -> Void
    ) -> Self {
        add(Validator(needsBody: true, check: validation))
        return self
    }

    /// Accepts status codes 200..<300 and a Content-Type matching the request's `Accept` header (anything when it
    /// has none).
    /// - Returns: The request, for chaining.
    @discardableResult
    public func validate() -> Self {
        add(.statusCode { (200..<300).contains($0) })
        add(.contentType { request in
            guard let accept = request?.value(forHTTPHeaderField: "Accept") else { return ["*/*"] }
            let types = accept.split(separator: ",").compactMap { item -> String? in
                let type = item.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? ""
                return type.isEmpty ? nil : type
            }
            return types.isEmpty ? ["*/*"] : types
        })
        return self
    }
}
