import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

/// Where a scenario's requests go: the real local servers (httpbin and the fault server that `scripts/test`
/// starts) or a StubServer emulating the endpoints the scenarios use. The same test body runs on both and asserts
/// the same results, which shows that a stubbed Session behaves as a networked one does.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case real
    case stubbed

    var testDescription: String { rawValue }

    /// Fresh servers for one test: for `.stubbed`, a new StubServer of its own.
    func servers() async throws -> Servers {
        switch self {
        case .real:
            return Servers(httpbinBase: try TestServer.httpbin(""), faultBase: try TestServer.fault(""), stubs: nil)
        case .stubbed:
            let stubs = StubServer()
            let servers = Servers(httpbinBase: "http://httpbin.test", faultBase: "http://fault.test:8080", stubs: stubs)
            await EmulatedServers(httpbin: servers.httpbinBase, fault: servers.faultBase).install(on: stubs)
            return servers
        }
    }
}

/// The two servers of one backend, and Sessions that reach them.
struct Servers: Sendable {
    let httpbinBase: String
    let faultBase: String
    /// The stub server, for the stubbed backend.
    let stubs: StubServer?

    /// A URL string on httpbin.
    func httpbin(_ path: String) -> String { httpbinBase + path }

    /// A URL string on the fault server.
    func fault(_ path: String) -> String { faultBase + path }

    /// A Session reaching these servers.
    func session(
        interceptor: (any RequestInterceptor)? = nil, eventMonitors: [any EventMonitor] = []
    ) -> Session {
        Session(interceptor: interceptor, eventMonitors: eventMonitors, stubs: stubs)
    }

    /// How many requests the fault server received for `path` (without the query).
    func hits(_ path: String) async throws -> Int {
        guard let stubs else { return try await FaultServer.hits(path) }
        return await stubs.requests(to: path).count
    }

    /// The token group's refresh count, as the fault server's `/token-count/GROUP` tells it.
    func refreshCount(group: String) async throws -> Int {
        let text = try await session().request(fault("/token-count/\(group)")).validate().serializingString().value
        return try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// A `/raw` URL on the fault server answering exactly this status, Content-Type and body.
    func raw(status: Int, contentType: String?, body: Data = Data()) -> String {
        var query = "status=\(status)&b64=" + TestServer.percentEncoded(body.base64EncodedString())
        if let contentType { query += "&ct=" + TestServer.percentEncoded(contentType) }
        return fault("/raw?" + query)
    }
}

/// Gets a bearer token from the backend's `/token/GROUP`, through its own Session (never through the interceptor it
/// serves).
struct BackendTokenAuthenticator: Authenticator {
    let servers: Servers
    let group: String
    let tokenSession: Session

    init(servers: Servers, group: String) {
        self.servers = servers
        self.group = group
        tokenSession = servers.session()
    }

    func apply(_ credential: TokenCredential, to urlRequest: inout URLRequest) {
        urlRequest.setValue("Bearer \(credential.token)", forHTTPHeaderField: "Authorization")
    }

    func refresh(_ credential: TokenCredential, for session: Session) async throws -> TokenCredential {
        let json = try await tokenSession.request(servers.fault("/token/\(group)"), method: .post)
            .validate().serializing(JSON.self).value
        return TokenCredential(token: json["token"].stringValue ?? "")
    }

    func didRequest(_ urlRequest: URLRequest, with response: HTTPURLResponse,
                    failDueToAuthenticationError error: any Error) -> Bool {
        response.statusCode == 401
    }

    func isRequest(_ urlRequest: URLRequest, authenticatedWith credential: TokenCredential) -> Bool {
        urlRequest.value(forHTTPHeaderField: "Authorization") == "Bearer \(credential.token)"
    }
}

extension JSON {
    /// The value of an echoed header, its name compared without case (servers differ in how they spell names).
    func header(_ name: String) -> String? {
        self["headers"].objectValue?.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value.stringValue
    }
}
