import Foundation

extension HTTPHeader {
    /// `Authorization: Basic <base64(username:password)>`.
    /// - Parameters:
    ///   - username: The user name.
    ///   - password: The password.
    /// - Returns: The header.
    public static func authorization(username: String, password: String) -> HTTPHeader {
        let token = Data("\(username):\(password)".utf8).base64EncodedString()
        return HTTPHeader(name: "Authorization", value: "Basic \(token)")
    }

    /// `Authorization: Bearer <token>`.
    /// - Parameter bearerToken: The token.
    /// - Returns: The header.
    public static func authorization(bearerToken: String) -> HTTPHeader {
        HTTPHeader(name: "Authorization", value: "Bearer \(bearerToken)")
    }

    /// `Content-Type`.
    /// - Parameter value: A media type such as `application/json`.
    /// - Returns: The header.
    public static func contentType(_ value: String) -> HTTPHeader { HTTPHeader(name: "Content-Type", value: value) }

    /// `Accept`.
    /// - Parameter value: Media types the caller accepts.
    /// - Returns: The header.
    public static func accept(_ value: String) -> HTTPHeader { HTTPHeader(name: "Accept", value: value) }

    /// `User-Agent`.
    /// - Parameter value: The agent string.
    /// - Returns: The header.
    public static func userAgent(_ value: String) -> HTTPHeader { HTTPHeader(name: "User-Agent", value: value) }

    /// The `Accept-Encoding` AsyncNet sends: every coding URLSession decodes on this platform.
    public static let defaultAcceptEncoding = HTTPHeader(name: "Accept-Encoding", value: "br;q=1.0, gzip;q=0.9, deflate;q=0.8")

    /// An `Accept-Language` built from the user's preferred languages (at most six, with decreasing quality).
    public static let defaultAcceptLanguage: HTTPHeader = {
        let languages = Locale.preferredLanguages.prefix(6)
        let value = languages.isEmpty ? "en;q=1.0" : languages.enumerated().map { index, language in
            let quality = 1.0 - Double(index) * 0.1
            return "\(language);q=\(quality)"
        }.joined(separator: ", ")
        return HTTPHeader(name: "Accept-Language", value: value)
    }()

    /// A `User-Agent` naming AsyncNet, its version and the operating system.
    public static let defaultUserAgent: HTTPHeader = {
        let os = ProcessInfo.processInfo.operatingSystemVersion
        let system: String
        #if os(Linux)
        system = "Linux"
        #elseif os(macOS)
        system = "macOS"
        #elseif os(iOS)
        system = "iOS"
        #else
        system = "Apple"
        #endif
        let executable = ProcessInfo.processInfo.processName
        return HTTPHeader(
            name: "User-Agent",
            value: "\(executable) AsyncNet/\(AsyncNet.version) (\(system) \(os.majorVersion).\(os.minorVersion).\(os.patchVersion))")
    }()
}

extension HTTPHeaders {
    /// The headers every AsyncNet session sends unless told otherwise: Accept-Encoding, Accept-Language, User-Agent.
    public static let `default`: HTTPHeaders = [.defaultAcceptEncoding, .defaultAcceptLanguage, .defaultUserAgent]

    /// A list holding only `Authorization: Basic ...`.
    /// - Parameters:
    ///   - username: The user name.
    ///   - password: The password.
    /// - Returns: The headers.
    public static func authorization(username: String, password: String) -> HTTPHeaders {
        [.authorization(username: username, password: password)]
    }

    /// A list holding only `Authorization: Bearer ...`.
    /// - Parameter bearerToken: The token.
    /// - Returns: The headers.
    public static func authorization(bearerToken: String) -> HTTPHeaders { [.authorization(bearerToken: bearerToken)] }
}

/// Facts about the library itself.
public enum AsyncNet {
    /// The library's version, sent in the default User-Agent.
    public static let version = "0.1.0"
}
