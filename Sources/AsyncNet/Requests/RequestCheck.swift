import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Checks on what is about to be sent, so that a bad method, header or body fails clearly instead of being sent
/// mangled (URLSession writes any method string onto the request line, and drops a header value with a line break
/// without a word).
enum RequestCheck {
    /// RFC 9110 5.6.2: `tchar`.
    private static let tokenCharacters = Set(
        "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)

    /// Whether `text` is a non-empty HTTP token (a method or a header name).
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy(tokenCharacters.contains)
    }

    /// A header the caller gave: a token name and a value without CR, LF or NUL.
    static func validate(_ header: HTTPHeader) throws(AsyncNetError) {
        guard isToken(header.name) else {
            throw .invalidRequest(reason: "the header name \"\(header.name)\" is not an HTTP token")
        }
        guard !header.value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
            throw .invalidRequest(reason: "the value of header \(header.name) contains a line break or NUL")
        }
    }

    /// The request as it will be sent: a token method, and no body on a GET or HEAD.
    static func validate(_ request: URLRequest) throws(AsyncNetError) {
        let method = request.httpMethod ?? "GET"
        guard isToken(method) else {
            throw .invalidRequest(reason: "the method \"\(method)\" is not an HTTP token")
        }
        let upper = method.uppercased()
        if upper == "GET" || upper == "HEAD", let body = request.httpBody, !body.isEmpty {
            throw .bodyDataInGETRequest(body)
        }
    }
}
