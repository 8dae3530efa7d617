import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import AsyncNet
import Testing

// The complete example of README-testing.md ("Testing your code"), verbatim below (but for the suite's name), run as tests
// (check-readme only typechecks it). Keep the two in step.

struct Account: Codable, Sendable, Equatable {
    let id: Int
    let name: String
}

/// The code under test: it takes a Session, so a test can hand it a stubbed one.
struct AccountClient: Sendable {
    let session: Session

    func account(id: Int) async throws -> Account {
        try await session.request("https://api.example.com/accounts/\(id)").validate().serializing(Account.self).value
    }

    func rename(id: Int, to name: String) async throws -> Account {
        try await session.request("https://api.example.com/accounts/\(id)", method: .patch,
                                  parameters: ["name": name], encoder: .json)
            .validate().serializing(Account.self).value
    }
}

@Suite("README: AccountClient", .timeLimit(.minutes(1)))
struct AccountClientTests {
    @Test func fetchesAnAccount() async throws {
        let stubs = StubServer()
        await stubs.on(.get, "https://api.example.com/accounts/1", respond: .json(["id": 1, "name": "Ada"]))
        let client = AccountClient(session: Session(stubs: stubs))

        #expect(try await client.account(id: 1) == Account(id: 1, name: "Ada"))
        #expect(await stubs.requests.count == 1)
    }

    @Test func sendsTheNewNameAsJSON() async throws {
        let stubs = StubServer()
        await stubs.on(.patch, "https://api.example.com/accounts/1", body: .json(["name": "Grace"]),
                       respond: .json(Account(id: 1, name: "Grace")))
        let client = AccountClient(session: Session(stubs: stubs))

        #expect(try await client.rename(id: 1, to: "Grace").name == "Grace")
        let sent = try #require(await stubs.requests.first)
        #expect(sent.method == .patch)
        #expect(sent.headers["Content-Type"] == "application/json")
    }

    @Test func aMissingAccountIsAnError() async throws {
        let stubs = StubServer()
        await stubs.on(.get, "/accounts/2", respond: .json(["error": "not found"], status: 404))
        let client = AccountClient(session: Session(stubs: stubs))

        let error = await #expect(throws: AsyncNetError.self) { try await client.account(id: 2) }
        #expect(error?.responseCode == 404)
    }

    @Test func outagesAreRetried() async throws {
        let stubs = StubServer()
        await stubs.on(.get, "/accounts/3", respond: .sequence([.status(503), .json(["id": 3, "name": "Lin"])]))
        let client = AccountClient(session: Session(interceptor: RetryPolicy(exponentialBackoffScale: 0.01),
                                                    stubs: stubs))

        #expect(try await client.account(id: 3).name == "Lin")
        #expect(await stubs.requests(to: "/accounts/3").count == 2)
    }
}
