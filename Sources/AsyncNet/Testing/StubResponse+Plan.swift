import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension StubResponse {
    /// How deeply sequences and closures may nest (a closure returning closures forever is a mistake).
    static let maximumNesting = 32

    /// The plan for the `index`-th request (0-based) this response's stub answers.
    /// - Parameters:
    ///   - request: The request as received, its body in `httpBody`.
    ///   - index: How many requests this stub answered before.
    func plan(for request: RecordedRequest, index: Int) async -> StubPlan {
        await resolved(for: request.urlRequest, index: index, depth: 0).playback(for: request)
    }

    /// A fixed answer or a failure: sequences pick by `index`, closures are called.
    private func resolved(for request: URLRequest, index: Int, depth: Int) async -> StubResponse {
        guard depth < Self.maximumNesting else {
            return .failure(StubServer.InvalidStub(
                reason: "its sequences and closures nest more than \(Self.maximumNesting) levels deep"))
        }
        let inner: StubResponse
        switch source {
        case .answer, .failure:
            return self
        case .sequence(let responses):
            guard let last = responses.last else {
                return .failure(StubServer.InvalidStub(reason: "it is an empty sequence")).inheriting(from: self)
            }
            inner = index < responses.count ? responses[index] : last
        case .computed(let make):
            do {
                inner = try await make(request)
            } catch {
                inner = .failure(error)
            }
        }
        return await inner.resolved(for: request, index: index, depth: depth + 1).inheriting(from: self)
    }

    /// The steps of a resolved response.
    private func playback(for request: RecordedRequest) -> StubPlan {
        var steps: [StubPlan.Step] = delay > .zero ? [.wait(delay)] : []
        guard case .answer(let status, var headers, let body) = source else {
            if case .failure(let error) = source { steps.append(.fail(error)) }
            return StubPlan(steps: steps)
        }
        let data: Data
        do {
            data = try body.load()
        } catch {
            steps.append(.fail(error))
            return StubPlan(steps: steps)
        }
        let statusAllowsBody = !(100..<200).contains(status) && status != 204 && status != 304
        if statusAllowsBody, headers.value(for: "Content-Length") == nil,
           headers.value(for: "Transfer-Encoding") == nil {
            if chunking == nil {
                headers.update(name: "Content-Length", value: String(data.count))
            } else {
                headers.update(name: "Transfer-Encoding", value: "chunked")
            }
        }
        guard let head = HTTPURLResponse(
            url: request.url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers.dictionary)
        else {
            steps.append(.fail(StubServer.InvalidStub(reason: "no HTTPURLResponse has status \(status)")))
            return StubPlan(steps: steps)
        }
        steps.append(.head(head))
        // A HEAD request's answer has no body, whatever its head announces.
        var payload = statusAllowsBody && request.method != .head ? data : Data()
        if let resetAfterBytes, resetAfterBytes < payload.count {
            payload = Data(payload.prefix(resetAfterBytes))
        }
        steps += Self.bodySteps(payload, chunking: chunking)
        if resetAfterBytes != nil {
            steps.append(.fail(URLError(.networkConnectionLost, userInfo: [NSURLErrorFailingURLErrorKey: request.url])))
        }
        return StubPlan(steps: steps)
    }

    /// The body as one chunk, or as chunks with waits between them.
    private static func bodySteps(_ payload: Data, chunking: Chunking?) -> [StubPlan.Step] {
        guard !payload.isEmpty else { return [] }
        guard let chunking else { return [.body(payload)] }
        var steps: [StubPlan.Step] = []
        var start = payload.startIndex
        while start < payload.endIndex {
            let end = payload.index(start, offsetBy: chunking.size, limitedBy: payload.endIndex) ?? payload.endIndex
            if start > payload.startIndex, chunking.interval > .zero { steps.append(.wait(chunking.interval)) }
            steps.append(.body(Data(payload[start..<end])))
            start = end
        }
        return steps
    }
}

extension StubResponse.Body {
    /// The bytes: the data itself, or the file's contents read now.
    /// - Throws: ``StubServer/InvalidStub`` naming a file that cannot be read.
    func load() throws -> Data {
        switch self {
        case .data(let data):
            return data
        case .file(let url):
            do {
                return try Data(contentsOf: url)
            } catch {
                throw StubServer.InvalidStub(
                    reason: "its body file \(url.path) cannot be read (\(error.localizedDescription))")
            }
        }
    }
}
