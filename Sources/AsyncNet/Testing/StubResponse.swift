import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a ``StubServer`` answers: a status, headers and a body, a transport failure, a sequence, or a closure.
///
/// Builders set a sensible `Content-Type` (which `headers:` can override) and a `Content-Length` for fixed bodies.
/// Modifiers shape the delivery:
///
/// ```swift
/// .json(["id": 1])                                        // 200, application/json
/// .json(user, status: 201)                                // any Encodable, via JSONEncoder
/// .string("slow", status: 200).delay(.seconds(1))         // the head comes after a second
/// .data(payload).chunked(into: 100, every: .milliseconds(10))   // for streaming tests
/// .sequence([.status(503), .json(["ok": true])])          // the k-th matching request gets the k-th answer
/// .failure(URLError(.notConnectedToInternet))             // before any head
/// .reset(afterBytes: 10)                                  // head, 10 bytes, then URLError(.networkConnectionLost)
/// .respond { request in .json(["echo": .string(request.url?.path ?? "")]) }
/// ```
public struct StubResponse: Sendable {
    /// Where the answer comes from.
    enum Source: Sendable {
        case answer(status: Int, headers: HTTPHeaders, body: Body)
        case failure(any Error)
        case sequence([StubResponse])
        case computed(@Sendable (URLRequest) async throws -> StubResponse)
    }

    /// A body, loaded when the stub answers.
    enum Body: Sendable {
        case data(Data)
        case file(URL)
    }

    /// How a body is split up.
    struct Chunking: Sendable {
        let size: Int
        let interval: Duration
    }

    var source: Source
    /// Waited before the head (or the failure).
    var delay: Duration = .zero
    /// The body's delivery in chunks; one chunk when nil.
    var chunking: Chunking?
    /// After this many body bytes the connection is lost.
    var resetAfterBytes: Int?

    init(_ source: Source) {
        self.source = source
    }

    // MARK: - Fixed answers

    /// A status with an empty body (and `Content-Length: 0`, except for 1xx, 204 and 304).
    /// - Parameters:
    ///   - code: The status code.
    ///   - headers: Headers to send.
    /// - Returns: The response.
    public static func status(_ code: Int, headers: HTTPHeaders = [:]) -> StubResponse {
        StubResponse(.answer(status: code, headers: headers, body: .data(Data())))
    }

    /// A body of bytes.
    /// - Parameters:
    ///   - body: The body.
    ///   - status: The status code; 200 by default.
    ///   - contentType: The `Content-Type`; `application/octet-stream` by default, none when `nil`.
    ///   - headers: Headers to send (they win over `contentType`).
    /// - Returns: The response.
    public static func data(
        _ body: Data, status: Int = 200, contentType: String? = "application/octet-stream", headers: HTTPHeaders = [:]
    ) -> StubResponse {
        StubResponse(.answer(status: status, headers: headers.withDefault(contentType), body: .data(body)))
    }

    /// A text body, in UTF-8.
    /// - Parameters:
    ///   - text: The body.
    ///   - status: The status code; 200 by default.
    ///   - contentType: The `Content-Type`; `text/plain; charset=utf-8` by default, none when `nil`.
    ///   - headers: Headers to send (they win over `contentType`).
    /// - Returns: The response.
    public static func string(
        _ text: String, status: Int = 200, contentType: String? = "text/plain; charset=utf-8",
        headers: HTTPHeaders = [:]
    ) -> StubResponse {
        data(Data(text.utf8), status: status, contentType: contentType, headers: headers)
    }

    /// A JSON body, `application/json`.
    /// - Parameters:
    ///   - value: The JSON (a literal works: `.json(["id": 1, "tags": ["a"]])`).
    ///   - status: The status code; 200 by default.
    ///   - headers: Headers to send (they win over the default `Content-Type`).
    /// - Returns: The response.
    public static func json(_ value: JSON, status: Int = 200, headers: HTTPHeaders = [:]) -> StubResponse {
        data(Data(value.description.utf8), status: status, contentType: "application/json", headers: headers)
    }

    /// Any `Encodable` value encoded as JSON, `application/json`. The value is encoded at once; a value that does
    /// not encode makes every answer fail with ``StubServer/InvalidStub``. (A literal whose elements share one type,
    /// such as `["id": 1]`, comes here as `[String: Int]`; the bytes are those of the ``JSON`` form.)
    /// - Parameters:
    ///   - value: The value.
    ///   - encoder: The encoder; a `JSONEncoder` with sorted keys when `nil`.
    ///   - status: The status code; 200 by default.
    ///   - headers: Headers to send (they win over the default `Content-Type`).
    /// - Returns: The response.
    public static func json<Value: Encodable & Sendable>(
        _ value: Value, encoder: JSONEncoder? = nil, status: Int = 200, headers: HTTPHeaders = [:]
    ) -> StubResponse {
        let encoder = encoder ?? {
            let sorted = JSONEncoder()
            sorted.outputFormatting = [.sortedKeys]
            return sorted
        }()
        do {
            return data(try encoder.encode(value), status: status, contentType: "application/json", headers: headers)
        } catch {
            return failure(StubServer.InvalidStub(
                reason: "its \(Value.self) value could not be encoded as JSON: \(error)"))
        }
    }

    /// A body read from a file each time the stub answers; a file that cannot be read then fails the request
    /// with ``StubServer/InvalidStub`` naming the file.
    /// - Parameters:
    ///   - fileURL: The file.
    ///   - status: The status code; 200 by default.
    ///   - contentType: The `Content-Type`; guessed from the file's extension when `nil` (`json`, `txt`, `html`,
    ///     `xml`, `csv`, `png`, `jpg`, `gif`, `pdf`; `application/octet-stream` otherwise).
    ///   - headers: Headers to send (they win over `contentType`).
    /// - Returns: The response.
    public static func file(
        _ fileURL: URL, status: Int = 200, contentType: String? = nil, headers: HTTPHeaders = [:]
    ) -> StubResponse {
        let type = contentType ?? MediaTypeGuess.forExtension(fileURL.pathExtension)
        return StubResponse(.answer(status: status, headers: headers.withDefault(type), body: .file(fileURL)))
    }

    /// A redirect: the status and a `Location`, no body.
    /// - Parameters:
    ///   - location: The `Location`, absolute or relative to the request's URL.
    ///   - status: The status code; 302 by default.
    ///   - headers: Other headers to send.
    /// - Returns: The response.
    public static func redirect(to location: String, status: Int = 302, headers: HTTPHeaders = [:]) -> StubResponse {
        var headers = headers
        headers.update(name: "Location", value: location)
        return .status(status, headers: headers)
    }

    // MARK: - Failures, sequences and closures

    /// The request fails before any head with `error` (a `URLError` such as `.notConnectedToInternet` for a
    /// transport failure).
    /// - Parameter error: The error.
    /// - Returns: The response.
    public static func failure(_ error: any Error) -> StubResponse {
        StubResponse(.failure(error))
    }

    /// A 200 `application/octet-stream` head announcing `afterBytes + 1000` bytes, `afterBytes` bytes
    /// (`0123456789` repeated), then `URLError(.networkConnectionLost)`. The instance modifier
    /// `reset(afterBytes:)` cuts any other response.
    /// - Parameter afterBytes: How many body bytes arrive before the connection is lost.
    /// - Returns: The response.
    public static func reset(afterBytes: Int) -> StubResponse {
        let count = max(0, afterBytes) + 1000
        let body = Data((0..<count).map { UInt8(ascii: "0") + UInt8($0 % 10) })
        return data(body).reset(afterBytes: afterBytes)
    }

    /// The k-th request this stub answers gets the k-th response; the last one repeats. (An empty list fails
    /// every request with ``StubServer/InvalidStub``.)
    /// - Parameter responses: The responses, in order.
    /// - Returns: The response.
    public static func sequence(_ responses: [StubResponse]) -> StubResponse {
        StubResponse(.sequence(responses))
    }

    /// A response computed for each request. The closure sees the request (its body stream already read into
    /// `httpBody`); an error it throws fails the request with that error, before any head.
    /// - Parameter make: Builds the response.
    /// - Returns: The response.
    public static func respond(
        _ make: @escaping @Sendable (_ request: URLRequest) async throws -> StubResponse
    ) -> StubResponse {
        StubResponse(.computed(make))
    }
}

extension HTTPHeaders {
    /// These headers with `Content-Type: contentType` unless they set one (or `contentType` is nil).
    fileprivate func withDefault(_ contentType: String?) -> HTTPHeaders {
        guard let contentType, value(for: "Content-Type") == nil else { return self }
        var headers: HTTPHeaders = ["Content-Type": contentType]
        forEach { headers.update($0) }
        return headers
    }
}
