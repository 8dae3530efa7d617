/// The total deadline of a request.
enum Deadline {
    /// Durations at or above this are no deadline at all (about a century; `Task.sleep` traps on values its clock
    /// cannot represent, such as `.seconds(Int64.max)`).
    static let unlimited = Duration.seconds(3_000_000_000)

    /// The deadline to enforce: nil for none or an effectively infinite one, zero for a negative one.
    static func normalized(_ duration: Duration?) -> Duration? {
        guard let duration, duration < unlimited else { return nil }
        return max(duration, .zero)
    }
}
