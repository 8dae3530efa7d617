import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

@Suite("DataRequest: lifecycle, sharing, cancellation, release", .timeLimit(.minutes(1)))
struct DataRequestLifecycleTests {
    let session = Session()

    @Test func severalSerializersShareOneNetworkCall() async throws {
        // /uuid answers a new UUID on every call: equal values prove one call.
        let request = session.request(try TestServer.httpbin("/uuid"))
        async let first = request.serializing(JSON.self).value
        async let second = request.serializingString().value
        async let third = request.serializingData().value
        let (json, text, data) = try await (first, second, third)
        let uuid = try #require(json["uuid"].stringValue)
        #expect(text.contains(uuid))
        #expect(String(decoding: data, as: UTF8.self).contains(uuid))
    }

    @Test func serializerAddedAfterCompletionStillRuns() async throws {
        let request = session.request(try TestServer.httpbin("/uuid"))
        let first = try await request.serializing(JSON.self).value
        #expect(await request.state == .finished)
        let later = try await request.serializing(JSON.self).value
        #expect(first == later)
    }

    @Test func requestStartsOnlyWhenAwaited() async throws {
        let request = session.request(try TestServer.httpbin("/get"))
        try await Task.sleep(for: .milliseconds(50))
        #expect(await request.state == .initialized)
        #expect(await request.hasCreatedTask == false)
        _ = try await request.serializingData().value
        #expect(await request.state == .finished)
        #expect(await request.hasCreatedTask)
    }

    @Test func explicitResumeStartsTheRequest() async throws {
        let request = session.request(try TestServer.httpbin("/get"))
        await request.resume()
        #expect(await request.state != .initialized)
        // No serializer is awaited: only resume() can have sent it and taken it to the end.
        #expect(await eventually { await request.state == .finished })
        #expect(await request.httpResponse?.statusCode == 200)
    }

    @Test func suspendedRequestWaitsForResume() async throws {
        let request = session.request(try TestServer.httpbin("/get"))
        await request.suspend()
        // Registers a waiter the way a serializer does; it is registered before the checks below run.
        let waiter = await request.waitOnItsExecutor()
        #expect(await request.state == .suspended)
        #expect(await request.hasCreatedTask == false, "a waiter started a suspended request")
        let serializer = Task { await request.serializingData().result }
        await request.resume()
        let result = await serializer.value
        let body = try #require(try? result.get(), "got \(result)")
        #expect(try JSON.decode(body)["url"].stringValue?.hasSuffix("/get") == true)
        let raw = await waiter.value
        #expect(raw.error == nil && raw.data == body)
    }

    @Test func cancelledBeforeStartNeverCreatesATask() async throws {
        let request = session.request(try TestServer.httpbin("/get"))
        await request.cancel()
        let result = await request.serializingData().result
        #expect(result.failure?.isExplicitlyCancelled == true)
        #expect(await request.hasCreatedTask == false)
        #expect(await request.state == .cancelled)
    }

    @Test func cancellingTheAwaitingTaskCancelsTheRequestPromptly() async throws {
        let request = session.request(try TestServer.fault("/slow-head?delay=10"))
        let task = Task { await request.serializingData().result }
        #expect(await eventually { await session.inFlightCount == 1 }, "the request never started")
        #expect(await request.state == .resumed)
        let cancelledAt = ContinuousClock.now
        task.cancel()
        let result = await task.value
        let elapsed = ContinuousClock.now - cancelledAt
        #expect(result.failure?.isExplicitlyCancelled == true, "got \(result)")
        // The server answers after 10 s: ending well before that means the cancellation ended the wait.
        #expect(elapsed < .seconds(5), "cancellation took \(elapsed)")
        #expect(await request.state == .cancelled)
        #expect(await eventually { await session.inFlightCount == 0 }, "the URLSession task still runs")
    }

    @Test func alreadyCancelledTaskNeverStartsTheRequest() async throws {
        let request = session.request(try TestServer.httpbin("/get"))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }   // cancelled before it awaits the request
            return await request.serializingData().result
        }
        let result = await task.value
        #expect(result.failure?.isExplicitlyCancelled == true, "got \(result)")
        #expect(await request.hasCreatedTask == false)
        #expect(await request.state == .cancelled)
    }

    @Test func cancelAllRequestsCancelsRunningOnes() async throws {
        let requests = try (0..<3).map { _ in session.request(try TestServer.fault("/slow-head?delay=5")) }
        let tasks = requests.map { request in Task { await request.serializingData().result } }
        #expect(await eventually { await session.inFlightCount == 3 })
        await session.cancelAllRequests()
        for task in tasks {
            #expect(await task.value.failure?.isExplicitlyCancelled == true)
        }
    }

    @Test func manyConcurrentRequestsSucceedAndAreAllReleased() async throws {
        let url = try TestServer.httpbin("/get")
        let session = self.session
        let released = try await withThrowingTaskGroup(of: Weak<DataRequest>.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let request = session.request(url + "?i=\(index)")
                    let json = try await request.validate().serializing(JSON.self).value
                    #expect(json["args"]["i"].stringValue == String(index))
                    return Weak(request)
                }
            }
            var refs: [Weak<DataRequest>] = []
            for try await ref in group { refs.append(ref) }
            return refs
        }
        #expect(released.count == 200)
        #expect(await eventually { released.allSatisfy { $0.object == nil } }, "a request outlived its completion")
        #expect(await session.inFlightCount == 0)
    }

    @Test func maxConcurrentRequestsQueuesTheRest() async throws {
        let limited = Session(maxConcurrentRequests: 2)
        let url = try TestServer.httpbin("/delay/0.3")
        let start = ContinuousClock.now
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<6 {
                group.addTask { (try? await limited.request(url).validate().serializingData().value) != nil }
            }
            var all: [Bool] = []
            for await ok in group {
                #expect(await limited.inFlightCount <= 2)
                all.append(ok)
            }
            return all
        }
        #expect(results == Array(repeating: true, count: 6))
        // Six 0.3 s requests two at a time take at least three rounds.
        #expect(ContinuousClock.now - start >= .milliseconds(850))
    }

    @Test func sessionIsReleasedWhenUnused() async throws {
        var session: Session? = Session()
        let ref = Weak(try #require(session))
        _ = try await session?.request(try TestServer.httpbin("/get")).serializingData().value
        session = nil
        #expect(await eventually { ref.object == nil }, "the Session outlived its last use")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

@Suite("Requests queued by maxConcurrentRequests", .timeLimit(.minutes(1)))
struct QueuedRequestReleaseTests {
    @Test func queuedRequestsAreReleasedAfterCompletion() async throws {
        // Found by the benchmark: popped entries of the waiting queue kept their requests alive.
        let session = Session(maxConcurrentRequests: 3)
        let url = try TestServer.httpbin("/get")
        let refs = try await withThrowingTaskGroup(of: Weak<DataRequest>.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    let request = session.request(url)
                    _ = try await request.validate().serializingData().value
                    return Weak(request)
                }
            }
            return try await group.reduce(into: [Weak<DataRequest>]()) { $0.append($1) }
        }
        #expect(await eventually { refs.allSatisfy { $0.object == nil } },
                "\(refs.filter { $0.object != nil }.count) queued requests outlived their completion")
    }

    @Test func cancelledWhileQueuedNeverRuns() async throws {
        let session = Session(maxConcurrentRequests: 1)
        let blocker = session.request(try TestServer.fault("/slow-head?delay=10"))
        let blocking = Task { await blocker.serializingData().result }
        #expect(await eventually { await session.inFlightCount == 1 })
        let queued = session.request(try TestServer.httpbin("/get"))
        let waiting = Task { await queued.serializingData().result }
        #expect(await eventually { await session.isQueued(queued) }, "the second request never reached the queue")
        await queued.cancel()
        #expect(await waiting.value.failure?.isExplicitlyCancelled == true)
        // Free the slot: it must not go to the cancelled request.
        await blocker.cancel()
        #expect(await blocking.value.failure?.isExplicitlyCancelled == true)
        #expect(await eventually { await session.inFlightCount == 0 })
        #expect(await queued.hasCreatedTask == false)
        // And the slot is free for the next request.
        let next = await session.request(try TestServer.httpbin("/get")).validate().serializingData().result
        #expect(next.failure == nil, "got \(next)")
    }
}

@Suite("WaitingQueue", .timeLimit(.minutes(1)))
struct WaitingQueueTests {
    @Test func firstInFirstOutAndReleasesPoppedEntries() throws {
        let session = Session()
        var queue = WaitingQueue()
        var refs: [Weak<DataRequest>] = []
        let request = URLRequest(url: try #require(URL(string: "http://x.test/")))
        do {
            let requests = (0..<200).map { _ in session.request("http://x.test/") }
            refs = requests.map(Weak.init)
            requests.forEach { queue.append($0, request) }
        }
        #expect(queue.count == 200)
        for index in 0..<150 {
            let next = queue.popFirst()
            #expect(next?.0 === refs[index].object)
        }
        #expect(queue.count == 50)
        #expect(refs[0..<150].allSatisfy { $0.object == nil })
        #expect(refs[150...].allSatisfy { $0.object != nil })
        #expect(queue.all.count == 50)
        while queue.popFirst() != nil {}
        #expect(queue.count == 0 && refs.allSatisfy { $0.object == nil })
    }
}
