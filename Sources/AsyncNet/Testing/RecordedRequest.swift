import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request a ``StubServer`` received: one per attempt (each retry and each redirect hop is its own request).
///
/// ```swift
/// let posted = try #require(await stubs.requests(to: "/users").first)
/// #expect(posted.method == .post)
/// #expect(posted.headers["Content-Type"] == "application/json")
/// #expect(try posted.json() == ["name": "Ada"])
/// ```
public struct RecordedRequest: Sendable, CustomStringConvertible {
    /// The method (`GET` when the request named none).
    public let method: HTTPMethod
    /// The URL the request was sent to.
    public let url: URL
    /// The request's own headers (names compare without case). Headers a `URLSessionConfiguration` adds on the
    /// wire (`httpAdditionalHeaders`) are not part of the request and are not here.
    public let headers: HTTPHeaders
    /// The body: `httpBody`, or everything `httpBodyStream` held. `nil` when the request had neither.
    public let body: Data?
    /// The request as received, with ``body`` as its `httpBody` (a body stream is read once, on arrival).
    public let urlRequest: URLRequest
    /// The stub that answered it, or `nil` when no stub matched.
    public let stub: StubHandle?
    /// The error the body stream reported, if reading it failed.
    let bodyStreamError: (any Error)?

    /// Records `request`, reading its body stream to the end.
    init(_ request: URLRequest, stub: StubHandle? = nil) {
        let read = Self.readBody(of: request)
        method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        url = request.url ?? URL(fileURLWithPath: "/")
        var headers = HTTPHeaders()
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.update(name: name, value: value)
        }
        self.headers = headers
        body = read.data
        bodyStreamError = read.error
        var copy = request
        copy.httpBodyStream = nil
        copy.httpBody = read.data
        urlRequest = copy
        self.stub = stub
    }

    private init(_ other: RecordedRequest, stub: StubHandle?) {
        method = other.method
        url = other.url
        headers = other.headers
        body = other.body
        bodyStreamError = other.bodyStreamError
        urlRequest = other.urlRequest
        self.stub = stub
    }

    /// The same request, answered by `stub`.
    func answered(by stub: StubHandle?) -> RecordedRequest {
        RecordedRequest(self, stub: stub)
    }

    /// The URL's path, percent-encoded as sent (`/` when empty).
    public var path: String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        return path.isEmpty ? "/" : path
    }

    /// The URL's query items, decoded, in order.
    public var queryItems: [URLQueryItem] {
        URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
    }

    /// The value of the first query item with this name.
    /// - Parameter name: The item's name (case-sensitive).
    /// - Returns: Its value; `nil` when absent or when it has no value.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The body as UTF-8 text, or `nil` when there is no body or it is not UTF-8.
    public var bodyText: String? {
        body.flatMap { String(data: $0, encoding: .utf8) }
    }

    /// The body as a ``JSON`` value.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` when the body is absent or not JSON.
    public func json() throws -> JSON {
        try JSONDecoder().decode(JSON.self, from: body ?? Data())
    }

    /// Decodes the body as JSON into `type`.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: The decoder; a default `JSONDecoder` when omitted.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` when the body is absent or does not decode.
    public func decode<Value: Decodable>(_ type: Value.Type, decoder: JSONDecoder = JSONDecoder()) throws -> Value {
        try decoder.decode(type, from: body ?? Data())
    }

    /// `METHOD URL`, then the number of body bytes when there is a body.
    public var description: String {
        let line = "\(method.rawValue) \(url.absoluteString)"
        guard let body else { return line }
        return line + " (\(body.count)-byte body)"
    }

    // MARK: - Reading the body

    /// The request's body: `httpBody`, or the whole `httpBodyStream`, with the stream's error if it reported one.
    private static func readBody(of request: URLRequest) -> (data: Data?, error: (any Error)?) {
        if let body = request.httpBody { return (body, nil) }
        guard let stream = request.httpBodyStream else { return (nil, nil) }
        // A stream that was opened before (a retried attempt reuses it) cannot be read again.
        guard stream.streamStatus == .notOpen else { return (nil, nil) }
        stream.open()
        defer { stream.close() }
        var data = Data()
        let size = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let count = stream.read(&buffer, maxLength: size)
            guard count > 0 else { break }
            data.append(buffer, count: count)
        }
        // Reading `streamError` when there is none crashes FoundationNetworking on Linux: ask the status first.
        if stream.streamStatus == .error {
            return (data, stream.streamError ?? URLError(.cannotDecodeRawData))
        }
        return (data, nil)
    }
}
