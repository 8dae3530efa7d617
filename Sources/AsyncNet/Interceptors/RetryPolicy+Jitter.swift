extension RetryPolicy {
    /// How a computed backoff delay is randomized, so that clients that failed together do not all retry at the
    /// same instant.
    ///
    /// - ``equal`` (the default) waits between half the delay and the whole delay: retries still back off, and
    ///   spread over the upper half.
    /// - ``full`` waits anywhere between zero and the delay (spreads the most, but a retry may come at once).
    /// - ``none`` waits exactly the delay.
    ///
    /// The random source is replaceable (``equal(random:)``, ``full(random:)``) to make delays predictable in tests.
    public struct Jitter: Sendable {
        enum Kind: Sendable {
            case none, full, equal
        }

        let kind: Kind
        let random: @Sendable () -> Double

        /// The exact delay, without randomness.
        public static var none: Jitter { Jitter(kind: .none, random: { 0 }) }
        /// A delay between zero and the computed one, from the system's random generator.
        public static var full: Jitter { .full(random: { Double.random(in: 0...1) }) }
        /// A delay between half the computed one and all of it, from the system's random generator.
        public static var equal: Jitter { .equal(random: { Double.random(in: 0...1) }) }

        /// Full jitter with your own random source.
        /// - Parameter random: Returns a number in `0...1` (values outside are clamped; NaN counts as 0).
        /// - Returns: The jitter.
        public static func full(random: @escaping @Sendable () -> Double) -> Jitter {
            Jitter(kind: .full, random: random)
        }

        /// Equal jitter with your own random source.
        /// - Parameter random: Returns a number in `0...1` (values outside are clamped; NaN counts as 0).
        /// - Returns: The jitter.
        public static func equal(random: @escaping @Sendable () -> Double) -> Jitter {
            Jitter(kind: .equal, random: random)
        }

        /// The delay to wait for a computed backoff.
        /// - Parameter delay: The computed delay.
        /// - Returns: `delay` for ``none``; a value in `0...delay` for ``full``; in `delay/2...delay` for ``equal``.
        public func apply(to delay: Duration) -> Duration {
            let sample = random()
            let unit = sample.isNaN ? 0 : min(max(sample, 0), 1)
            let seconds = max(0, delay.inSeconds)
            switch kind {
            case .none: return delay
            case .full: return .seconds(seconds * unit)
            case .equal: return .seconds(seconds / 2 + seconds / 2 * unit)
            }
        }
    }
}
