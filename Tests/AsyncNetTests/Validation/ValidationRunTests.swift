import Foundation
import Testing
@testable import AsyncNet
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The pure validation state: which validator runs when, and what a new response resets.
@Suite("ValidationRun state", .timeLimit(.minutes(1)))
struct ValidationRunTests {
    let request = URLRequest(url: URL(fileURLWithPath: "/"))

    func response(_ status: Int, _ headers: [String: String] = [:]) throws -> HTTPURLResponse {
        try #require(HTTPURLResponse(url: URL(fileURLWithPath: "/"), statusCode: status, httpVersion: "HTTP/1.1",
                                     headerFields: headers))
    }

    @Test func statusRunsAtTheHeadAndTheBodyCheckAtTheEnd() throws {
        var run = ValidationRun()
        let bodyCheck = Validator(requirement: .body) { input in
            if input.data?.isEmpty != false { throw AsyncNetError.explicitlyCancelled }
        }
        run.add(.successfulStatusCode)
        run.add(bodyCheck)
        let ok = try response(200)
        #expect(run.run(request: request, response: ok, body: .pending) == nil)
        #expect(run.run(request: request, response: ok, body: .arriving) == nil)
        #expect(run.failure == nil)
        #expect(run.run(request: request, response: ok, body: .complete(Data())) != nil, "the body check ran and failed")
        #expect(run.run(request: request, response: ok, body: .complete(Data())) == nil, "a failure is reported once")
        run.restart()
        #expect(run.failure == nil)
        #expect(run.run(request: request, response: ok, body: .complete(Data("x".utf8))) == nil)
    }

    @Test func contentTypeWaitsUntilBodyPresenceIsKnown() throws {
        var run = ValidationRun()
        run.add(.contentType { _ in AcceptRanges(types: [MediaType("application/json")].compactMap { $0 }) })
        let html = try response(200, ["Content-Type": "text/html"])
        #expect(run.run(request: request, response: html, body: .pending) == nil)
        #expect(run.failure == nil, "not judged before a byte arrives")
        #expect(run.run(request: request, response: html, body: .complete(Data())) == nil, "an empty body passes")

        var second = ValidationRun()
        second.add(.contentType { _ in AcceptRanges(types: [MediaType("application/json")].compactMap { $0 }) })
        #expect(second.run(request: request, response: html, body: .arriving) != nil)

        var third = ValidationRun()
        third.add(.contentType { _ in AcceptRanges(types: [MediaType("application/json")].compactMap { $0 }) })
        #expect(third.run(request: request, response: html, body: .absentByHead) == nil)
    }

    @Test func laterValidatorsWaitForEarlierOnes() throws {
        var run = ValidationRun()
        run.add(.contentType { _ in AcceptRanges(types: [MediaType("application/json")].compactMap { $0 }) })
        run.add(.statusCode { $0 == 201 })
        let created = try response(500, ["Content-Type": "application/json"])
        #expect(run.run(request: request, response: created, body: .pending) == nil, "in order: the type check waits")
        #expect(run.run(request: request, response: created, body: .arriving)?.responseCode == 500)
    }

    @Test func noBodyByHead() throws {
        #expect(ValidationRun.headSaysNoBody(try response(204), method: "GET"))
        #expect(ValidationRun.headSaysNoBody(try response(200), method: "HEAD"))
        #expect(ValidationRun.headSaysNoBody(try response(200, ["Content-Length": "0"]), method: "GET"))
        #expect(!ValidationRun.headSaysNoBody(try response(200, ["Content-Length": "5"]), method: "GET"))
    }
}

@Suite("Header value parsing", .timeLimit(.minutes(1)))
struct HeaderValueParserTests {
    @Test func elementsAndQuotedParameters() {
        let elements = HeaderValueParser.elements("text/html;q=0.8, application/json; profile=\"a,b;c\" , ,*/*;Q=0")
        #expect(elements.map(\.value) == ["text/html", "application/json", "*/*"])
        #expect(elements[0].parameters == ["q": "0.8"])
        #expect(elements[1].parameters == ["profile": "a,b;c"])
        #expect(elements[2].parameters == ["q": "0"])
    }

    @Test func escapesAndFirstOccurrence() {
        let element = HeaderValueParser.element("text/plain; a=\"x\\\"y\"; charset=utf-8; charset=latin1")
        #expect(element.parameters["a"] == "x\"y")
        #expect(element.parameters["charset"] == "utf-8")
    }
}
