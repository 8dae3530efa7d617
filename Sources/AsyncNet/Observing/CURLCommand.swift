import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `curl` command line that sends the same request as a `URLRequest`, for a person to paste into bash. Pure.
///
/// ```
/// curl -X PUT --compressed -H 'Authorization: Bearer <redacted>' -H 'Content-Type: application/json'
///     --data-binary '{"name":"Ada"}' 'https://api.example.com/users/1?api_key=<redacted>'
/// ```
/// (one line in the output). What it writes, in this order:
///
/// - `-X METHOD`, except for a GET without a body and a POST with one; a HEAD is `--head` (with `-X HEAD`, curl
///   would wait for a body that never comes).
/// - `--compressed`, always: URLSession always asks for a compressed response and decodes it (on Linux it sends
///   `Accept-Encoding: deflate, gzip, br, zstd` when the request has none, the list `curl --compressed` sends with
///   the same libcurl). A request's own `Accept-Encoding` is also given with `-H`, which curl then sends verbatim.
/// - `--globoff` when the URL holds `[`, `]`, `{` or `}`, which curl would otherwise read as a pattern.
/// - Each header as `-H 'Name: value'`, sorted by name (a `URLRequest` keeps no order); an empty value is
///   `-H 'Name;'`, curl's way to send one (`-H 'Name:'` would remove the header).
///   On Linux, URLSession sends `Content-Length: 0` with a POST, PUT, PATCH or DELETE that has no body; the command
///   adds `-H 'Content-Length: 0'` for those, which curl would not send.
/// - Cookies as `-b 'a=1; b=2'`.
/// - The body (a non-empty `httpBody`):
///   - text (valid UTF-8 without NUL): `--data-binary 'text'` (`--data-raw` when it starts with `@`, which
///     `--data-binary` would read as a file name);
///   - otherwise, with `bodyFile`: `--data-binary @bodyFile` (the caller writes the bytes there);
///   - otherwise without NUL: `--data-binary $'\xff...'`;
///   - otherwise (a NUL cannot be part of an argument), and for any body over 32 KiB (Linux limits one argument
///     to 128 KiB): `printf '%b' '...\0000...' | curl ... --data-binary @-`.
///
///   A body given as an `httpBodyStream` cannot be read without consuming it: the command ends with a comment
///   saying so, and sends no body.
/// - The URL, last.
///
/// Every argument is quoted for bash (``ShellQuote``), so any byte in a header, URL or body arrives as it is.
///
/// With `redactingSecrets`, secret values become `<redacted>` by the rules of ``SecretNames``: secret headers,
/// every cookie value, the URL's password and secret query parameters. The command then no longer authenticates,
/// which is the point: it can be pasted into a ticket.
///
/// Headers that URLSession adds from the Session configuration (`httpAdditionalHeaders`: AsyncNet's `User-Agent`,
/// `Accept-Language`, `Accept-Encoding`) and its stored cookies are not in a `URLRequest`: pass the request through
/// ``prepare(_:for:)`` first, or curl sends its own `User-Agent` and none of the others.
enum CURLCommand {
    /// Builds the command.
    /// - Parameters:
    ///   - request: The request to reproduce.
    ///   - cookies: Cookies to send with `-b`.
    ///   - redactingSecrets: Whether secret values become `<redacted>`.
    ///   - bodyFile: A path holding the body's bytes, referred to (`@path`) when the body is not text.
    /// - Returns: One line of bash.
    static func make(
        from request: URLRequest, cookies: [HTTPCookie] = [], redactingSecrets: Bool = true, bodyFile: String? = nil
    ) -> String {
        let method = request.httpMethod ?? "GET"
        let body = request.httpBody.flatMap { $0.isEmpty ? nil : $0 }
        var arguments = ["curl"]
        var input = ""

        switch (method, body) {
        case ("GET", nil), ("POST", .some): break
        case ("HEAD", nil): arguments.append("--head")
        default: arguments.append("-X " + ShellQuote.token(method))
        }
        arguments.append("--compressed")

        let urlText = request.url.map { redactingSecrets ? Redaction.url($0) : $0.absoluteString }
        if let urlText, urlText.contains(where: { "[]{}".contains($0) }) { arguments.append("--globoff") }

        var fields = request.allHTTPHeaderFields ?? [:]
        if body == nil, request.httpBodyStream == nil, sendsEmptyContentLength.contains(method),
           request.value(forHTTPHeaderField: "Content-Length") == nil {
            fields["Content-Length"] = "0"
        }
        arguments += headerArguments(fields, redactingSecrets: redactingSecrets)

        if !cookies.isEmpty {
            let pairs = cookies.map { "\($0.name)=" + (redactingSecrets ? SecretNames.placeholder : $0.value) }
            arguments.append("-b " + ShellQuote.word(pairs.joined(separator: "; ")))
        }

        if let body {
            let (argument, stdin) = bodyArgument(body, bodyFile: bodyFile)
            arguments.append(argument)
            input = stdin.map { "printf '%b' \($0) | " } ?? ""
        }

        if let urlText { arguments.append(ShellQuote.word(urlText)) }
        if body == nil, request.httpBodyStream != nil {
            arguments.append("# the body is an input stream, which cannot be shown; it is not sent")
        }
        return input + arguments.joined(separator: " ")
    }

    /// The methods for which URLSession sends `Content-Length: 0` when there is no body (curl sends none).
    #if canImport(FoundationNetworking)
    static let sendsEmptyContentLength: Set<String> = ["POST", "PUT", "PATCH", "DELETE"]
    #else
    static let sendsEmptyContentLength: Set<String> = []
    #endif

    /// `-H` arguments, sorted by name without regard to case.
    private static func headerArguments(_ fields: [String: String], redactingSecrets: Bool) -> [String] {
        fields.sorted { ($0.key.lowercased(), $0.key) < ($1.key.lowercased(), $1.key) }.map { name, value in
            let shown = redactingSecrets ? Redaction.headerValue(name: name, value: value) : value
            return "-H " + ShellQuote.word(shown.isEmpty ? "\(name);" : "\(name): \(shown)")
        }
    }

    /// The largest body passed as a command-line argument (Linux's limit for one argument is 128 KiB, escaping
    /// included).
    static let largestArgument = 32 * 1024

    /// The body's argument, and the `printf` argument that feeds it on standard input when it must.
    private static func bodyArgument(_ body: Data, bodyFile: String?) -> (argument: String, stdin: String?) {
        let option = body.first == UInt8(ascii: "@") ? "--data-raw " : "--data-binary "
        // Linux caps one argument at 128 KiB: a larger body goes through standard input (`printf` is a builtin,
        // which the cap does not apply to).
        if body.count > Self.largestArgument, bodyFile == nil {
            return ("--data-binary @-", ShellQuote.printfArgument(body))
        }
        if let text = ShellQuote.utf8Text(body), !body.contains(0) {
            return (option + ShellQuote.word(text, allowingNewlines: true), nil)
        }
        if let bodyFile {
            return ("--data-binary @" + ShellQuote.word(bodyFile), nil)
        }
        if !body.contains(0) {
            return (option + ShellQuote.ansiC(body), nil)
        }
        return ("--data-binary @-", ShellQuote.printfArgument(body))
    }
}
