/// The media ranges a request accepts, with their qualities (RFC 9110 12.5.1).
///
/// The most specific range that matches a type decides (`text/html` over `text/*` over `*/*`), so
/// `application/json;q=0, */*` accepts anything but JSON. A quality of zero means "not acceptable".
struct AcceptRanges: Sendable {
    struct Range: Sendable {
        let type: MediaType
        let quality: Double

        /// 2 for `type/subtype`, 1 for `type/*`, 0 for `*/*`.
        var specificity: Int { type.type == "*" ? 0 : type.subtype == "*" ? 1 : 2 }
    }

    let ranges: [Range]

    /// Anything is acceptable.
    static let any = AcceptRanges(types: [.any])

    /// Every type given, equally acceptable.
    init(types: [MediaType]) {
        ranges = types.map { Range(type: $0, quality: 1) }
    }

    /// The ranges of an `Accept` header; a header that names no media range accepts anything.
    init(header: String) {
        let parsed = HeaderValueParser.elements(header).compactMap { element -> Range? in
            guard let type = MediaType(element.value) else { return nil }
            let quality = element.parameters["q"].flatMap(Double.init) ?? 1
            return Range(type: type, quality: quality)
        }
        ranges = parsed.isEmpty ? AcceptRanges.any.ranges : parsed
    }

    /// Whether every type is acceptable: a `*/*` with a positive quality and no range refused.
    var acceptsAnything: Bool {
        ranges.contains { $0.type.isWildcard && $0.quality > 0 } && !ranges.contains { $0.quality <= 0 }
    }

    /// Whether `type` is acceptable: the most specific matching range has a positive quality.
    func accepts(_ type: MediaType) -> Bool {
        var best: Range?
        for range in ranges where range.type.matches(type) {
            if best.map({ range.specificity > $0.specificity }) ?? true { best = range }
        }
        return (best?.quality ?? 0) > 0
    }

    /// The acceptable ranges, for error messages.
    var acceptableNames: [String] { ranges.filter { $0.quality > 0 }.map(\.type.description) }
}
