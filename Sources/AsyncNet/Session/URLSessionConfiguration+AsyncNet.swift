import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionConfiguration {
    /// A `.default` configuration carrying AsyncNet's default headers (Accept-Encoding, Accept-Language,
    /// User-Agent). It keeps URLSession's behaviour otherwise: cookies are stored and sent, and the URL cache is on.
    /// Each access returns a new configuration you may change.
    public static var asyncNetDefault: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.httpAdditionalHeaders = HTTPHeaders.default.dictionary
        return configuration
    }

    /// A lean configuration for services that call APIs: AsyncNet's default headers, no cookie store and no URL
    /// cache (what server-side HTTP clients do by default).
    ///
    /// Cookie handling is the largest single cost of a small request in URLSession (every response header line is
    /// offered to the cookie store), and a service rarely wants a process-wide cookie jar shared by unrelated calls.
    /// Responses are never cached and always fetched from the network. Each access returns a new configuration.
    ///
    /// ```swift
    /// let session = Session(configuration: .asyncNetService)
    /// ```
    public static var asyncNetService: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = HTTPHeaders.default.dictionary
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }
}
