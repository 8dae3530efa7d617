import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension CURLCommand {
    /// The request as URLSession sends it under `configuration`, and the cookies it adds, for ``make(from:cookies:redactingSecrets:bodyFile:)``.
    ///
    /// URLSession adds the configuration's `httpAdditionalHeaders` that the request does not set itself (AsyncNet's
    /// default `Accept-Encoding`, `Accept-Language` and `User-Agent` live there), and the cookies its cookie storage
    /// holds for the URL when both the configuration and the request allow cookies. A `URLRequest` carries neither,
    /// so a command made from it alone would send different headers than AsyncNet does.
    /// - Parameters:
    ///   - request: The request as AsyncNet built it (after adaptation).
    ///   - configuration: The Session's URLSession configuration.
    /// - Returns: The request with the additional headers, and the cookies to pass with `-b`.
    static func prepare(
        _ request: URLRequest, for configuration: URLSessionConfiguration
    ) -> (request: URLRequest, cookies: [HTTPCookie]) {
        var request = request
        let additional = (configuration.httpAdditionalHeaders ?? [:])
            .compactMap { key, value -> (String, String)? in
                guard let name = key as? String else { return nil }
                return (name, value as? String ?? "\(value)")
            }
            .sorted { $0.0 < $1.0 }
        for (name, value) in additional where request.value(forHTTPHeaderField: name) == nil {
            request.setValue(value, forHTTPHeaderField: name)
        }
        var cookies: [HTTPCookie] = []
        if configuration.httpShouldSetCookies, request.httpShouldHandleCookies, let url = request.url,
           request.value(forHTTPHeaderField: "Cookie") == nil {
            cookies = configuration.httpCookieStorage?.cookies(for: url) ?? []
        }
        return (request, cookies)
    }
}
