import Foundation

extension StubResponse {
    /// The head (or the failure) comes after `duration` (added to any delay already set). The wait ends early when
    /// the request is cancelled, as a real slow server's would.
    /// - Parameter duration: How long the server takes to answer.
    /// - Returns: The delayed response.
    public func delay(_ duration: Duration) -> StubResponse {
        var response = self
        response.delay += max(.zero, duration)
        return response
    }

    /// The body arrives in chunks of `size` bytes with `interval` between them, as a streaming server sends it. The
    /// head then says `Transfer-Encoding: chunked` instead of a `Content-Length` (unless the headers set either).
    /// - Parameters:
    ///   - size: The bytes per chunk (at least 1).
    ///   - interval: The wait between two chunks; none by default.
    /// - Returns: The chunked response.
    public func chunked(into size: Int, every interval: Duration = .zero) -> StubResponse {
        var response = self
        response.chunking = Chunking(size: max(1, size), interval: max(.zero, interval))
        return response
    }

    /// The head and the first `afterBytes` bytes of the body arrive, then the connection is lost
    /// (`URLError(.networkConnectionLost)`). The head still announces the whole body.
    /// - Parameter afterBytes: How many body bytes arrive.
    /// - Returns: The cut response.
    public func reset(afterBytes: Int) -> StubResponse {
        var response = self
        response.resetAfterBytes = max(0, afterBytes)
        return response
    }

    /// Modifiers of an outer response (a sequence or a closure) carried over to the response it resolved to: delays
    /// add up; the inner response's own chunking and reset win.
    func inheriting(from outer: StubResponse) -> StubResponse {
        var response = self
        response.delay += outer.delay
        response.chunking = chunking ?? outer.chunking
        response.resetAfterBytes = resetAfterBytes ?? outer.resetAfterBytes
        return response
    }
}

/// The `Content-Type` of a file, from its extension.
enum MediaTypeGuess {
    static func forExtension(_ pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "json": "application/json"
        case "txt", "text": "text/plain; charset=utf-8"
        case "html", "htm": "text/html; charset=utf-8"
        case "xml": "application/xml"
        case "csv": "text/csv; charset=utf-8"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "pdf": "application/pdf"
        default: "application/octet-stream"
        }
    }
}
