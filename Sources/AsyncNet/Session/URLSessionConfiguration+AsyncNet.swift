import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionConfiguration {
    /// A `.default` configuration carrying AsyncNet's default headers (Accept-Encoding, Accept-Language,
    /// User-Agent). Each access returns a new configuration you may change.
    public static var asyncNetDefault: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.httpAdditionalHeaders = HTTPHeaders.default.dictionary
        return configuration
    }
}
