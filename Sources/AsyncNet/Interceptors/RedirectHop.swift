import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The next request of a redirect, computed by RFC 9110 15.4 (a pure function, tested on its own).
enum RedirectHop {
    /// The statuses AsyncNet follows.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Whether `response` is a redirect AsyncNet would follow: a redirect status with a `Location`.
    static func isRedirect(_ response: HTTPURLResponse) -> Bool {
        statuses.contains(response.statusCode) && response.value(forHTTPHeaderField: "Location") != nil
    }

    /// The request to send after `response` answered `previous`.
    /// - Throws: ``AsyncNetError/redirectFailed(reason:)`` for a `Location` that is not an http(s) URL, or an
    ///   `https` to `http` hop when those are refused.
    static func next(
        after previous: URLRequest, response: HTTPURLResponse, allowsInsecure: Bool
    ) throws(AsyncNetError) -> URLRequest {
        let location = response.value(forHTTPHeaderField: "Location") ?? ""
        let status = response.statusCode
        guard let from = response.url ?? previous.url,
              let target = URL(string: location, relativeTo: from)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
              target.host?.isEmpty == false
        else { throw .redirectFailed(reason: .invalidLocation(location)) }
        if !allowsInsecure, from.scheme?.lowercased() == "https", scheme == "http" {
            throw .redirectFailed(reason: .insecureRedirect(from: from, to: target))
        }
        var next = previous
        next.url = target
        let keepsBody = status == 307 || status == 308
        if keepsBody, previous.httpBody == nil, previous.httpBodyStream != nil {
            throw .redirectFailed(reason: .bodyCannotBeResent(status: status))
        }
        let method = previous.httpMethod ?? "GET"
        // 303 turns any method but HEAD into GET; 301 and 302 turn a POST into GET (what every browser does).
        if (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST") {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            for name in ["Content-Type", "Content-Length", "Content-Encoding", "Transfer-Encoding"] {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        if Origin(from) != Origin(target) {
            for name in ["Authorization", "Proxy-Authorization", "Cookie"] {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return next
    }
}
