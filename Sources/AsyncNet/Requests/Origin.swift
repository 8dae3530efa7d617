import Foundation

/// A URL's origin (RFC 6454): scheme, host and port. Credentials belong to one origin.
struct Origin: Equatable, Sendable {
    let scheme: String
    let host: String
    let port: Int?

    init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? ""
        host = url.host?.lowercased() ?? ""
        port = url.port ?? Origin.defaultPort(scheme)
    }

    private static func defaultPort(_ scheme: String) -> Int? {
        switch scheme {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}
