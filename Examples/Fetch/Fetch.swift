// Fetch: AsyncNet's main job, shown end to end against an httpbin-compatible server.
//
//   scripts/example                      # starts a local httpbin and runs against it
//   scripts/example http://127.0.0.1:8080
//
// Exits non-zero if any step does not behave as expected.
import AsyncNet
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct Slideshow: Decodable, Sendable {
    struct Show: Decodable, Sendable {
        let title: String
        let author: String
        let slides: [Slide]
    }

    struct Slide: Decodable, Sendable {
        let title: String
    }

    let slideshow: Show
}

struct Login: Encodable, Sendable {
    let user: String
    let password: String
}

@main
struct Fetch {
    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 2, let base = URL(string: arguments[1]), base.host != nil else {
            print("usage: Fetch <httpbin base URL>")
            exit(2)
        }
        do {
            try await run(base: base)
            print("all steps succeeded")
        } catch {
            print("failed: \(error.localizedDescription)")
            exit(1)
        }
    }

    static func run(base: URL) async throws {
        let session = Session(baseURL: base, timeout: .seconds(10))

        // 1. Any JSON, no model needed.
        let json = try await session.request("get?q=swift&page=2").validate().serializing(JSON.self).value
        print("1. GET /get args:", json["args"])

        // 2. A typed model.
        let show = try await session.request("json").validate().serializing(Slideshow.self).value
        print("2. \(show.slideshow.title) by \(show.slideshow.author), \(show.slideshow.slides.count) slides")

        // 3. A JSON body.
        var post = URLRequest(url: base.appendingPathComponent("post"))
        post.httpMethod = "POST"
        post.setValue("application/json", forHTTPHeaderField: "Content-Type")
        post.httpBody = try JSONEncoder().encode(Login(user: "ada", password: "secret"))
        let echo = try await session.request(post).validate().serializing(JSON.self).value
        print("3. POST /post echoed:", echo["json"])

        // 4. Validation turns a 404 into an error with the status code.
        let missing = await session.request("status/404").validate().serializingData().result
        if case .failure(let error) = missing, error.responseCode == 404 {
            print("4. /status/404 ->", error.localizedDescription)
        } else {
            throw ExampleFailure("expected a 404 validation failure, got \(missing)")
        }

        // 5. Fan out with a task group: 50 requests on one Session.
        let started = ContinuousClock.now
        let ids = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<50 {
                group.addTask {
                    let reply = try await session.request("get?i=\(index)").validate().serializing(JSON.self).value
                    return Int(reply["args"]["i"].stringValue ?? "") ?? -1
                }
            }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        guard ids == Set(0..<50) else { throw ExampleFailure("fan-out lost requests: \(ids.count) of 50") }
        print("5. 50 concurrent requests in \(milliseconds(ContinuousClock.now - started)) ms")

        // 6. Basic authentication: refused without a credential (no hang on Linux), accepted with one.
        let refused = await session.request("basic-auth/u/p").serializingData().response
        let accepted = try await session.request("basic-auth/u/p").authenticate(username: "u", password: "p")
            .validate().serializing(JSON.self).value
        print("6. basic-auth without credential: \(refused.response?.statusCode ?? 0), with: \(accepted["authenticated"])")

        // 7. Cancelling the awaiting Task cancels the request.
        let slow = Task { await session.request("delay/5").serializingData().result }
        try await Task.sleep(for: .milliseconds(100))
        slow.cancel()
        let cancelled = await slow.value
        if case .failure(let error) = cancelled, error.isExplicitlyCancelled {
            print("7. /delay/5 cancelled after 100 ms")
        } else {
            throw ExampleFailure("expected cancellation, got \(cancelled)")
        }
    }
}

/// A duration as whole milliseconds, for people (a raw `Duration` prints as "0.045345869 seconds").
func milliseconds(_ duration: Duration) -> Int {
    Int((duration / .milliseconds(1)).rounded())
}

struct ExampleFailure: Error, LocalizedError {
    let errorDescription: String?
    init(_ message: String) { errorDescription = message }
}
