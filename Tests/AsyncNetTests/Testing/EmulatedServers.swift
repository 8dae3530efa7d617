import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import AsyncNet

/// The httpbin and fault-server endpoints the two-backend scenarios use, emulated with a StubServer's public API
/// (closure responses, sequences of nothing more): what a user would write to stub a real service.
struct EmulatedServers {
    let httpbin: String
    let fault: String

    /// Counters the fault server keeps: hits per path and refreshes per token group.
    actor Counters {
        private var hits: [String: Int] = [:]
        private var refreshes: [String: Int] = [:]

        func hit(_ path: String) -> Int {
            hits[path, default: 0] += 1
            return hits[path, default: 0]
        }

        func refresh(_ group: String) -> Int {
            refreshes[group, default: 0] += 1
            return refreshes[group, default: 0]
        }

        func refreshCount(_ group: String) -> Int { refreshes[group, default: 0] }
    }

    /// The body of `/reset-mid-body` and of the emulated reset.
    static let resetBody = Data(String(repeating: "0123456789", count: 100).utf8)

    func install(on stubs: StubServer) async {
        let counters = Counters()
        // httpbin
        await stubs.on(.prefix(httpbin + "/redirect-to"), respond: .respond { request in
            let recorded = Self.query(request)
            return .redirect(to: recorded["url"] ?? "/", status: Int(recorded["status_code"] ?? "") ?? 302)
        })
        await stubs.on(.prefix(httpbin + "/anything"), respond: .respond { .json(Self.httpbinEcho($0)) })
        await stubs.on(.prefix(httpbin + "/status/"), respond: .respond { request in
            .status(Int(request.url?.lastPathComponent ?? "") ?? 400, headers: ["Content-Type": "text/html; charset=utf-8"])
        })
        // The fault server
        await stubs.on(.prefix(fault + "/status-sequence/"), respond: .respond { request in
            let hit = await counters.hit(request.url?.path ?? "")
            let query = Self.query(request)
            let codes = (query["codes"] ?? "200").split(separator: ",").compactMap { Int($0) }
            let status = codes.isEmpty ? 200 : codes[min(hit, codes.count) - 1]
            var headers: HTTPHeaders = [:]
            if status == 503, let retryAfter = query["retry_after"] { headers["Retry-After"] = retryAfter }
            return .json(["hit": .number(.int(Int64(hit)))], status: status, headers: headers)
        })
        await stubs.on(.prefix(fault + "/reset-mid-body/"), respond: .respond { request in
            let hit = await counters.hit(request.url?.path ?? "")
            let failures = Int(Self.query(request)["failures"] ?? "") ?? 0
            let body = StubResponse.data(Self.resetBody)
            return hit > failures ? body : body.reset(afterBytes: 10)
        })
        await stubs.on(.prefix(fault + "/token/"), respond: .respond { request in
            let count = await counters.refresh(request.url?.lastPathComponent ?? "")
            return .json(["token": .string("t\(count)")])
        })
        await stubs.on(.prefix(fault + "/token-count/"), respond: .respond { request in
            .string("\(await counters.refreshCount(request.url?.lastPathComponent ?? ""))")
        })
        await stubs.on(.prefix(fault + "/protected/"), respond: .respond { request in
            // The header is judged on arrival; then the answer waits `delay` seconds.
            let count = await counters.refreshCount(request.url?.lastPathComponent ?? "")
            let delay = Duration.seconds(Double(Self.query(request)["delay"] ?? "") ?? 0)
            let authorized = count >= 1 && request.value(forHTTPHeaderField: "Authorization") == "Bearer t\(count)"
            let answer: StubResponse = authorized
                ? .json(["ok": true])
                : .string("bearer token required", status: 401, headers: ["WWW-Authenticate": "Bearer"])
            return answer.delay(delay)
        })
        await stubs.on(.prefix(fault + "/redirect-loop/"), respond: .respond { request in
            let url = request.url
            return .redirect(to: (url?.path ?? "/") + (url?.query.map { "?" + $0 } ?? ""), status: 302)
        })
        await stubs.on(.url(fault + "/dir-redirect"), respond: .redirect(to: "/dir/", status: 301))
        await stubs.on(.url(fault + "/dir"), respond: .redirect(to: "/dir/", status: 301))
        await stubs.on(.url(fault + "/dir/"), respond: .json(["path": "/dir/"]))
        await stubs.on(.prefix(fault + "/echo"), respond: .respond { .json(Self.faultEcho($0)) })
        await stubs.on(.prefix(fault + "/raw"), respond: .respond { request in
            let query = Self.query(request)
            let status = Int(query["status"] ?? "") ?? 200
            let body = Data(base64Encoded: query["b64"] ?? "") ?? Data()
            var headers: HTTPHeaders = [:]
            if let contentType = query["ct"] { headers["Content-Type"] = contentType }
            return .data(body, status: status, contentType: nil, headers: headers)
        })
    }

    /// The request's query items, by name (the first of each).
    static func query(_ request: URLRequest) -> [String: String] {
        let items = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true)?.queryItems } ?? []
        return items.reduce(into: [:]) { result, item in
            if result[item.name] == nil { result[item.name] = item.value ?? "" }
        }
    }

    /// The request's headers as a JSON object.
    static func headers(_ request: URLRequest) -> JSON {
        .object((request.allHTTPHeaderFields ?? [:]).mapValues { .string($0) })
    }

    /// httpbin's `/anything`: method, url, args, headers, data, json, form.
    static func httpbinEcho(_ request: URLRequest) -> JSON {
        let body = request.httpBody ?? Data()
        return [
            "method": .string(request.httpMethod ?? "GET"),
            "url": .string(request.url?.absoluteString ?? ""),
            "args": .object(query(request).mapValues { .string($0) }),
            "headers": headers(request),
            "data": .string(String(decoding: body, as: UTF8.self)),
            "json": (try? JSONDecoder().decode(JSON.self, from: body)) ?? .null,
            "form": [:],
        ]
    }

    /// The fault server's `/echo`: method, path, query, headers, body.
    static func faultEcho(_ request: URLRequest) -> JSON {
        [
            "method": .string(request.httpMethod ?? "GET"),
            "path": .string(request.url?.path ?? ""),
            "query": .string(request.url?.query ?? ""),
            "headers": headers(request),
            "body": .string(String(decoding: request.httpBody ?? Data(), as: UTF8.self)),
        ]
    }
}
