import Foundation

/// A user and password sent as HTTP Basic authentication.
struct BasicCredential: Sendable {
    let user: String
    let password: String

    /// The `Authorization` header value.
    var headerValue: String { "Basic " + Data("\(user):\(password)".utf8).base64EncodedString() }
}
