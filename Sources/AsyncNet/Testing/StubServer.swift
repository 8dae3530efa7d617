import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers the requests of a `Session(stubs:)` without a network, and records them, for tests.
///
/// Only the transport is replaced: interceptors, retries, redirects, validation, serializers, monitors, deadlines,
/// size limits and cancellation all run as they do against a real server.
///
/// ```swift
/// let stubs = StubServer()
/// await stubs.on(.get, "https://api.example.com/user", respond: .json(["id": 1, "name": "Ada"]))
/// let session = Session(stubs: stubs)
/// let user = try await session.request("https://api.example.com/user").validate().serializing(User.self).value
/// #expect(await stubs.requests.count == 1)
/// ```
///
/// **Which stub answers.** The stub added **last** that matches a request answers it, so a test can override
/// broader stubs set up earlier (`on(.path("/user"), ...)` for any host, then one exact URL). A request no stub
/// matches fails with ``UnmatchedRequest``, whose description names the request and lists every stub.
///
/// **Isolation.** Everything is per instance: two tests that stub the same URL differently, each with its own
/// StubServer and Session, run in parallel without seeing each other.
public actor StubServer {
    /// One stub: what it matches, what it answers, and how many requests it answered.
    private struct Stub {
        let handle: StubHandle
        let matcher: RequestMatcher
        let response: StubResponse
        var answered = 0
    }

    /// Identifies this server in the handles it returns.
    private let identity = UUID()
    private var stubs: [Stub] = []
    private var nextNumber = 1
    private var received: [RecordedRequest] = []

    /// Creates a server with no stubs.
    public init() {}

    // MARK: - Adding and removing stubs

    /// Answers requests with this method and URL (and, when given, query items, headers and body) with `response`.
    /// - Parameters:
    ///   - method: The method required (case-sensitive).
    ///   - url: The URLs accepted: a URL (`"https://api.example.com/user"`), a path on any host (`"/user"`),
    ///     ``URLMatcher/prefix(_:)``, ``URLMatcher/matching(_:_:)``...
    ///   - query: Query items that must be present with these values; others may be present too.
    ///   - headers: Headers that must be present with these values (names compared without case).
    ///   - body: The bodies accepted; any body when `nil`.
    ///   - response: The answer.
    /// - Returns: A handle for ``remove(_:)`` and ``requests(answeredBy:)``.
    @discardableResult
    public func on(
        _ method: HTTPMethod, _ url: URLMatcher, query: [String: String] = [:], headers: HTTPHeaders = [:],
        body: BodyMatcher? = nil, respond response: StubResponse
    ) -> StubHandle {
        on(RequestMatcher(method, url, query: query, headers: headers, body: body), respond: response)
    }

    /// Answers requests with any method to this URL (and, when given, query items, headers and body) with
    /// `response`.
    /// - Parameters:
    ///   - url: The URLs accepted.
    ///   - query: Query items that must be present with these values; others may be present too.
    ///   - headers: Headers that must be present with these values (names compared without case).
    ///   - body: The bodies accepted; any body when `nil`.
    ///   - response: The answer.
    /// - Returns: A handle for ``remove(_:)`` and ``requests(answeredBy:)``.
    @discardableResult
    public func on(
        _ url: URLMatcher, query: [String: String] = [:], headers: HTTPHeaders = [:], body: BodyMatcher? = nil,
        respond response: StubResponse
    ) -> StubHandle {
        on(RequestMatcher(nil, url, query: query, headers: headers, body: body), respond: response)
    }

    /// Answers the requests `matcher` accepts with `response`.
    /// - Parameters:
    ///   - matcher: The requests accepted.
    ///   - response: The answer.
    /// - Returns: A handle for ``remove(_:)`` and ``requests(answeredBy:)``.
    @discardableResult
    public func on(_ matcher: RequestMatcher, respond response: StubResponse) -> StubHandle {
        let handle = StubHandle(server: identity, number: nextNumber)
        nextNumber += 1
        stubs.append(Stub(handle: handle, matcher: matcher, response: response))
        return handle
    }

    /// Removes one stub; requests it answered stay recorded.
    /// - Parameter handle: The handle `on` returned (a handle of another server does nothing).
    public func remove(_ handle: StubHandle) {
        stubs.removeAll { $0.handle == handle }
    }

    /// Removes every stub. Recorded requests stay (see ``clearRequests()``).
    public func removeAll() {
        stubs.removeAll()
    }

    /// Forgets the recorded requests. Sequences keep their place.
    public func clearRequests() {
        received.removeAll()
    }

    /// How many stubs are set.
    public var stubCount: Int { stubs.count }

    // MARK: - Recorded requests

    /// Every request received, in order of arrival (each attempt, retry and redirect hop is one), matched or not.
    public var requests: [RecordedRequest] { received }

    /// The requests no stub matched.
    public var unmatchedRequests: [RecordedRequest] { received.filter { $0.stub == nil } }

    /// The requests `matcher` accepts, in order of arrival.
    /// - Parameter matcher: Which requests to return.
    /// - Returns: The requests.
    public func requests(matching matcher: RequestMatcher) -> [RecordedRequest] {
        received.filter(matcher.matches)
    }

    /// The requests to this path, on any host, whatever their method and query.
    /// - Parameter path: The path, such as `/users/1` (percent-encoded or not).
    /// - Returns: The requests.
    public func requests(to path: String) -> [RecordedRequest] {
        requests(matching: RequestMatcher(nil, .path(path)))
    }

    /// The requests one stub answered.
    /// - Parameter handle: The handle `on` returned.
    /// - Returns: The requests.
    public func requests(answeredBy handle: StubHandle) -> [RecordedRequest] {
        received.filter { $0.stub == handle }
    }

    // MARK: - Answering (called by the Session for every attempt)

    /// Records the request, finds the stub that answers it (the last one added that matches) and returns its plan.
    /// Unmatched: a plan that fails with ``UnmatchedRequest``.
    func plan(for urlRequest: URLRequest) async -> StubPlan {
        let request = RecordedRequest(urlRequest)
        guard let position = stubs.lastIndex(where: { $0.matcher.matches(request) }) else {
            received.append(request)
            return .failure(UnmatchedRequest(
                request: request, stubs: stubs.map { "\($0.handle): \($0.matcher)" }))
        }
        let index = stubs[position].answered
        stubs[position].answered += 1
        let stub = stubs[position]
        let answered = request.answered(by: stub.handle)
        received.append(answered)
        if let error = request.bodyStreamError { return .failure(error) }
        return await stub.response.plan(for: answered, index: index)
    }
}

/// Identifies a stub, to remove it or to ask which requests it answered.
public struct StubHandle: Hashable, Sendable, CustomStringConvertible {
    let server: UUID
    /// The stub's number: 1 for the server's first stub, 2 for the next...
    public let number: Int

    /// `stub #N`.
    public var description: String { "stub #\(number)" }
}
