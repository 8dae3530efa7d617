import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A check on a response. Checks that need only the head run as soon as it arrives; the others when the body is in.
struct Validator: Sendable {
    let needsBody: Bool
    let check: @Sendable (URLRequest?, HTTPURLResponse, Data?) throws -> Void

    /// Runs the check and returns its failure as an AsyncNetError (custom errors become `.custom`).
    func validate(_ request: URLRequest?, _ response: HTTPURLResponse, _ data: Data?) -> AsyncNetError? {
        do {
            try check(request, response, data)
            return nil
        } catch let error as AsyncNetError {
            return error
        } catch {
            return .responseValidationFailed(reason: .custom(error))
        }
    }

    static func statusCode(_ isAcceptable: @escaping @Sendable (Int) -> Bool) -> Validator {
        Validator(needsBody: false) { _, response, _ in
            guard isAcceptable(response.statusCode) else {
                throw AsyncNetError.responseValidationFailed(reason: .unacceptableStatusCode(code: response.statusCode))
            }
        }
    }

    static func contentType(_ acceptable: @escaping @Sendable (URLRequest?) -> [String]) -> Validator {
        Validator(needsBody: false) { request, response, _ in
            let acceptableTypes = acceptable(request)
            let hasNoBody = response.expectedContentLength == 0 || [204, 205, 304].contains(response.statusCode)
                || request?.httpMethod == "HEAD"
            guard let header = response.value(forHTTPHeaderField: "Content-Type") else {
                if hasNoBody || acceptableTypes.contains("*/*") { return }
                throw AsyncNetError.responseValidationFailed(reason: .missingContentType(acceptableContentTypes: acceptableTypes))
            }
            guard let responseType = MediaType(header) else {
                throw AsyncNetError.responseValidationFailed(
                    reason: .unacceptableContentType(acceptableContentTypes: acceptableTypes, responseContentType: header))
            }
            let accepted = acceptableTypes.compactMap(MediaType.init).contains { $0.matches(responseType) }
            guard accepted else {
                throw AsyncNetError.responseValidationFailed(
                    reason: .unacceptableContentType(acceptableContentTypes: acceptableTypes, responseContentType: header))
            }
        }
    }
}

/// A media type such as `application/json; charset=utf-8`, compared without its parameters.
struct MediaType: Sendable, Equatable {
    let type: String
    let subtype: String

    init?(_ string: String) {
        let essence = string.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let parts = essence.trimmingCharacters(in: .whitespaces).lowercased().split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        type = String(parts[0])
        subtype = String(parts[1])
    }

    /// Whether a response of type `other` satisfies this acceptable type (`*` matches anything).
    func matches(_ other: MediaType) -> Bool {
        (type == "*" || type == other.type) && (subtype == "*" || subtype == other.subtype)
    }
}
