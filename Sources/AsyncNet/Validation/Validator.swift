import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A check on a response, and what it needs to know before it can run.
struct Validator: Sendable {
    /// What a validator needs before it can give its verdict.
    enum Requirement: Sendable {
        /// The response head (status-code checks): runs as soon as the head arrives.
        case head
        /// The head and whether a body exists (content-type checks): runs when the head already says there is no
        /// body, at the first byte of a body, or at the end of an empty one.
        case bodyPresence
        /// The whole body (custom closures): runs when the transfer ends.
        case body
    }

    let requirement: Requirement
    let check: @Sendable (ValidationInput) throws -> Void

    /// Runs the check and returns its failure as an AsyncNetError (custom errors become `.custom`).
    func validate(_ input: ValidationInput) -> AsyncNetError? {
        do {
            try check(input)
            return nil
        } catch let error as AsyncNetError {
            return error
        } catch {
            return .responseValidationFailed(reason: .custom(error))
        }
    }

    /// 200..<300.
    static let successfulStatusCode = statusCode { (200..<300).contains($0) }

    static func statusCode(_ isAcceptable: @escaping @Sendable (Int) -> Bool) -> Validator {
        Validator(requirement: .head) { input in
            guard isAcceptable(input.response.statusCode) else {
                throw AsyncNetError.responseValidationFailed(reason: .unacceptableStatusCode(code: input.response.statusCode))
            }
        }
    }

    /// A content-type check. It is skipped for a response without a body (decided from what arrived, not from the
    /// head); a `*/*` range accepts a missing or malformed Content-Type too, as in Alamofire.
    static func contentType(_ acceptable: @escaping @Sendable (URLRequest?) -> AcceptRanges) -> Validator {
        Validator(requirement: .bodyPresence) { input in
            guard input.hasBody else { return }
            let ranges = acceptable(input.request)
            if ranges.acceptsAnything { return }
            guard let header = input.response.value(forHTTPHeaderField: "Content-Type") else {
                throw AsyncNetError.responseValidationFailed(
                    reason: .missingContentType(acceptableContentTypes: ranges.acceptableNames))
            }
            guard let responseType = MediaType(header), ranges.accepts(responseType) else {
                throw AsyncNetError.responseValidationFailed(reason: .unacceptableContentType(
                    acceptableContentTypes: ranges.acceptableNames, responseContentType: header))
            }
        }
    }
}

/// What a validator sees.
struct ValidationInput {
    let request: URLRequest?
    let response: HTTPURLResponse
    /// The whole body, for validators that need it; nil before the transfer ends.
    let data: Data?
    /// Whether the response has a body (known before the body is complete).
    let hasBody: Bool
}

/// A media type such as `application/json; charset=utf-8`, compared without its parameters.
struct MediaType: Sendable, Equatable, CustomStringConvertible {
    let type: String
    let subtype: String

    init?(_ string: some StringProtocol) {
        let essence = string.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let parts = essence.trimmingCharacters(in: .whitespaces).lowercased()
            .split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        type = String(parts[0])
        subtype = String(parts[1])
    }

    private init(type: String, subtype: String) {
        self.type = type
        self.subtype = subtype
    }

    /// `*/*`.
    static let any = MediaType(type: "*", subtype: "*")

    var description: String { "\(type)/\(subtype)" }

    /// `*/*`: accepts anything.
    var isWildcard: Bool { type == "*" && subtype == "*" }

    /// Whether a response of type `other` satisfies this acceptable type (`*` matches anything).
    func matches(_ other: MediaType) -> Bool {
        (type == "*" || type == other.type) && (subtype == "*" || subtype == other.subtype)
    }

}
