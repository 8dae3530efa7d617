import Foundation

/// The body of the current response, collected in memory.
///
/// A `Content-Length` is trusted only up to ``maximumReservation``: a server can announce a gigabyte and send ten
/// bytes. Beyond the reservation the buffer grows with the data; large blocks grow in place (`realloc` remaps their
/// pages), so growing costs neither time nor a second copy of the body.
struct ResponseBody {
    private(set) var data = Data()
    private var isReserved = false

    /// Bodies up to this size usually arrive in one chunk, which is kept as it is, without a copy.
    static let singleChunkSize: Int64 = 64 * 1024
    /// The most memory reserved up front from a Content-Length.
    static let maximumReservation: Int64 = 1 << 20

    /// The bytes to reserve for a body announced as `expectedLength` bytes (negative when unknown).
    static func reservation(forExpectedLength expectedLength: Int64) -> Int {
        expectedLength > singleChunkSize ? Int(min(expectedLength, maximumReservation)) : 0
    }

    var count: Int { data.count }
    var isEmpty: Bool { data.isEmpty }

    /// Starts a new body (a new response arrived).
    mutating func reset(expectedLength: Int64) {
        data = Data()
        let reservation = Self.reservation(forExpectedLength: expectedLength)
        isReserved = reservation > 0
        if isReserved { data.reserveCapacity(reservation) }
    }

    mutating func append(_ chunk: Data) {
        if data.isEmpty && !isReserved {
            data = chunk
        } else {
            data.append(chunk)
        }
    }
}
