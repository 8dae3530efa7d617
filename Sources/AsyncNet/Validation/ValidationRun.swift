import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The validators of one request and how far they got on the current response: a pure value the request feeds
/// with what has arrived. A new response (an answered challenge's retry) starts the run again.
struct ValidationRun: Sendable {
    private(set) var validators: [Validator] = []
    private var next = 0
    /// The first failure on the current response.
    private(set) var failure: AsyncNetError?

    var isEmpty: Bool { validators.isEmpty }

    mutating func add(_ validator: Validator) { validators.append(validator) }

    /// Forgets the verdict on the previous response.
    mutating func restart() {
        next = 0
        failure = nil
    }

    /// What is known about the body at the moment validators run.
    enum Body {
        /// The head says there is none (204, 205, 304, HEAD, `Content-Length: 0`).
        case absentByHead
        /// Nothing has arrived yet.
        case pending
        /// Bytes have started arriving.
        case arriving
        /// The transfer ended with this body.
        case complete(Data)
    }

    /// Runs, in order, every validator that can run with what is known; stops at the first failure or at the first
    /// validator that needs more. Returns a failure found by this call.
    mutating func run(request: URLRequest?, response: HTTPURLResponse, body: Body) -> AsyncNetError? {
        guard failure == nil else { return nil }
        while next < validators.count {
            let validator = validators[next]
            let input: ValidationInput
            switch (validator.requirement, body) {
            case (.head, _):
                input = ValidationInput(request: request, response: response, data: nil, hasBody: false)
            case (.bodyPresence, .absentByHead):
                input = ValidationInput(request: request, response: response, data: nil, hasBody: false)
            case (.bodyPresence, .arriving):
                input = ValidationInput(request: request, response: response, data: nil, hasBody: true)
            case (.bodyPresence, .complete(let data)):
                input = ValidationInput(request: request, response: response, data: nil, hasBody: !data.isEmpty)
            case (.body, .complete(let data)):
                input = ValidationInput(request: request, response: response, data: data, hasBody: !data.isEmpty)
            case (.bodyPresence, .pending), (.body, .absentByHead), (.body, .pending), (.body, .arriving):
                return nil
            }
            if let error = validator.validate(input) {
                failure = error
                next = validators.count
                return error
            }
            next += 1
        }
        return nil
    }

    /// Whether a response cannot have a body, judged from its head and the request's method.
    static func headSaysNoBody(_ response: HTTPURLResponse, method: String?) -> Bool {
        switch response.statusCode {
        case 100..<200, 204, 205, 304: return true
        default: return method == "HEAD" || response.expectedContentLength == 0
        }
    }
}
