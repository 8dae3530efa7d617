import Foundation
import Testing
@testable import AsyncNet

@Suite("Redaction of secrets", .timeLimit(.minutes(1)))
struct RedactionTests {
    @Test(arguments: [
        ("Authorization", true), ("proxy-authorization", true), ("Cookie", true), ("Set-Cookie", true),
        ("X-API-Key", true), ("x-auth-token", true), ("X-CSRF-Token", true), ("X-Client-Secret", true),
        ("X-Password", true), ("My-Api-Key", true), ("X-ApiKey", true),
        ("Content-Type", false), ("Accept", false), ("X-Request-ID", false), ("X-Key-Id", false),
    ])
    func secretHeaders(name: String, secret: Bool) {
        #expect(SecretNames.isSecretHeader(name) == secret)
    }

    @Test(arguments: [
        ("token", true), ("ACCESS_TOKEN", true), ("api_key", true), ("apikey", true), ("key", true),
        ("password", true), ("secret", true), ("signature", true), ("sig", true), ("client_secret", true),
        ("refresh_token", true), ("X-Amz-Signature", true), ("db.password", true),
        ("page", false), ("q", false), ("keyword", false), ("tokens", false), ("monkey", false), ("design", false),
    ])
    func secretQueryNames(name: String, secret: Bool) {
        #expect(SecretNames.isSecretQueryName(name) == secret)
    }

    @Test(arguments: [
        ("Authorization", "Bearer abc.def", "Bearer <redacted>"),
        ("Authorization", "Basic dXNlcjpwYXNz", "Basic <redacted>"),
        ("Authorization", "rawtoken", "<redacted>"),
        ("Proxy-Authorization", "Basic eA==", "Basic <redacted>"),
        ("Cookie", "a=1; b=2", "a=<redacted>; b=<redacted>"),
        ("Set-Cookie", "id=abc; Path=/; HttpOnly", "id=<redacted>; Path=/; HttpOnly"),
        ("X-API-Key", "k-123", "<redacted>"),
        ("X-Custom-Token", "t", "<redacted>"),
        ("X-Empty-Token", "", ""),
        ("Content-Type", "application/json", "application/json"),
    ])
    func headerValues(name: String, value: String, expected: String) {
        #expect(Redaction.headerValue(name: name, value: value) == expected)
    }

    @Test(arguments: [
        ("https://api.example.com/users?token=abc&page=2",
         "https://api.example.com/users?token=<redacted>&page=2"),
        ("https://user:p%40ss@api.example.com/x", "https://user:<redacted>@api.example.com/x"),
        ("https://user@api.example.com/x", "https://<redacted>@api.example.com/x"),
        ("https://x/y?API_KEY=1&q=a+b&key=&sig=s%20t", "https://x/y?API_KEY=<redacted>&q=a+b&key=&sig=<redacted>"),
        ("https://x/y?api%5Fkey=1&flag&access_token=a=b", "https://x/y?api%5Fkey=<redacted>&flag&access_token=<redacted>"),
        ("https://x/cb#access_token=abc&state=1", "https://x/cb#access_token=<redacted>&state=1"),
        ("http://u:pw@[::1]:8080/a%20b?password=x#f", "http://u:<redacted>@[::1]:8080/a%20b?password=<redacted>#f"),
        ("https://s3.example.com/b/o?X-Amz-Credential=c&X-Amz-Signature=abc",
         "https://s3.example.com/b/o?X-Amz-Credential=c&X-Amz-Signature=<redacted>"),
        ("https://x/plain/path", "https://x/plain/path"),
    ])
    func urls(url: String, expected: String) throws {
        #expect(Redaction.url(try #require(URL(string: url))) == expected)
    }
}
