// The clients compared. Each one is built on its own URLSession from the same configuration.
import AsyncNet
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct User: Decodable, Sendable {
    let id: Int
    let name: String
    let email: String
    let active: Bool
    let score: Double
}

/// Which client a child process runs.
enum ClientKind: String, CaseIterable, Sendable {
    /// AsyncNet, called as users write it: `request(url).validate().serializingData().value`.
    case asyncnet
    /// `URLSession.data(for:)`.
    case raw
    /// A minimal session-delegate client (see ``MinimalDelegate``): the second baseline.
    case delegate
    /// `dataTask(with:completionHandler:)` resumed into a continuation (optional column).
    case completion
    /// AsyncNet on a Session with `responseDelivery: .atCompletion` (optional column, beside `completion`).
    case asyncnetAtCompletion = "asyncnet-at-completion"

    var title: String {
        switch self {
        case .asyncnet: "AsyncNet"
        case .raw: "raw data(for:)"
        case .delegate: "delegate client"
        case .completion: "completion handler"
        case .asyncnetAtCompletion: "AsyncNet .atCompletion"
        }
    }
}

/// Which URLSessionConfiguration a child builds its session from.
enum ConfigKind: String, CaseIterable, Sendable {
    /// `.asyncNetService`: ephemeral, no cookie store, no URL cache, AsyncNet's headers. Every side of the main rows.
    case service
    /// `URLSessionConfiguration.default`: URLSession's own default (cookies and URL cache on), no extra headers.
    case urlsessionDefault = "default"
    /// `.asyncNetDefault`: URLSession's default behaviour plus AsyncNet's headers.
    case asyncnetDefault = "asyncnet-default"

    func make() -> URLSessionConfiguration {
        switch self {
        case .service: .asyncNetService
        case .urlsessionDefault: .default
        case .asyncnetDefault: .asyncNetDefault
        }
    }

    var title: String {
        switch self {
        case .service: ".asyncNetService"
        case .urlsessionDefault: "URLSessionConfiguration.default"
        case .asyncnetDefault: ".asyncNetDefault"
        }
    }
}

/// What a scenario asks of a client. Every client checks the status code (2xx); the scenario checks the body.
protocol BenchClient: Sendable {
    /// The body of a GET.
    func data(_ url: URL) async throws -> Data
    /// The body decoded with a new `JSONDecoder` (what AsyncNet's `serializing(_:)` does by default).
    func users(_ url: URL) async throws -> [User]
}

func makeClient(_ kind: ClientKind, configuration: URLSessionConfiguration) -> any BenchClient {
    switch kind {
    case .asyncnet: AsyncNetClient(configuration: configuration)
    case .asyncnetAtCompletion: AsyncNetClient(configuration: configuration, delivery: .atCompletion)
    case .raw: DataForClient(configuration: configuration)
    case .delegate: DelegateClient(configuration: configuration)
    case .completion: CompletionClient(configuration: configuration)
    }
}

// MARK: - AsyncNet

struct AsyncNetClient: BenchClient {
    let session: Session

    init(configuration: URLSessionConfiguration, delivery: ResponseDelivery = .incremental) {
        session = Session(configuration: configuration, responseDelivery: delivery)
    }

    func data(_ url: URL) async throws -> Data {
        try await session.request(url).validate().serializingData().value
    }

    func users(_ url: URL) async throws -> [User] {
        try await session.request(url).validate().serializing([User].self).value
    }
}

// MARK: - Raw URLSession

/// A raw URLSession client: fetch, check the status, decode with JSONDecoder the way AsyncNet does.
protocol URLSessionClient: BenchClient {
    func fetch(_ request: URLRequest) async throws -> (Data, URLResponse)
}

extension URLSessionClient {
    func data(_ url: URL) async throws -> Data {
        let (data, response) = try await fetch(URLRequest(url: url))
        guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
            throw BenchFailure("unacceptable response \(response)")
        }
        return data
    }

    func users(_ url: URL) async throws -> [User] {
        try JSONDecoder().decode([User].self, from: try await data(url))
    }
}

struct DataForClient: URLSessionClient {
    let session: URLSession

    init(configuration: URLSessionConfiguration) {
        session = URLSession(configuration: configuration)
    }

    func fetch(_ request: URLRequest) async throws -> (Data, URLResponse) {
        try await session.data(for: request)
    }
}

struct CompletionClient: URLSessionClient {
    let session: URLSession

    init(configuration: URLSessionConfiguration) {
        session = URLSession(configuration: configuration)
    }

    func fetch(_ request: URLRequest) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let response {
                    continuation.resume(returning: (data ?? Data(), response))
                } else {
                    continuation.resume(throwing: BenchFailure("no response and no error"))
                }
            }.resume()
        }
    }
}

struct DelegateClient: URLSessionClient {
    let session: URLSession
    let delegate: MinimalDelegate

    init(configuration: URLSessionConfiguration) {
        delegate = MinimalDelegate()
        // delegateQueue: nil makes URLSession create a serial OperationQueue (a concurrent one reorders chunks).
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    func fetch(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let session = self.session, delegate = self.delegate
        return try await withCheckedThrowingContinuation { continuation in
            // Register on the delegate queue, where every other access to the delegate's table happens. The task
            // is resumed from there too, so its first event is queued after its registration.
            session.delegateQueue.addOperation {
                let task = session.dataTask(with: request)
                delegate.register(task, continuation)
                task.resume()
            }
        }
    }
}

/// A minimal session delegate: buffers each task's body and resumes one continuation per task.
///
/// `@unchecked Sendable` because this is benchmark code kept as small as a hand-written client would be: the table
/// is only ever touched on the session's serial delegate queue (registration is queued there as well), which the
/// compiler cannot see.
final class MinimalDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        let continuation: CheckedContinuation<(Data, URLResponse), any Error>
        var response: URLResponse?
        var body = Data()
    }

    private var pending: [Int: Pending] = [:]

    func register(_ task: URLSessionTask, _ continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        pending[task.taskIdentifier] = Pending(continuation: continuation)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        // A new response starts a new body (a 401 answered with a credential delivers its own body first).
        var body = Data()
        if response.expectedContentLength > 0 { body.reserveCapacity(Int(response.expectedContentLength)) }
        pending[dataTask.taskIdentifier]?.response = response
        pending[dataTask.taskIdentifier]?.body = body
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        pending[dataTask.taskIdentifier]?.body.append(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.removeValue(forKey: task.taskIdentifier) else { return }
        if let error {
            entry.continuation.resume(throwing: error)
        } else if let response = entry.response {
            entry.continuation.resume(returning: (entry.body, response))
        } else {
            entry.continuation.resume(throwing: BenchFailure("completed without a response"))
        }
    }
}
