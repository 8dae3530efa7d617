// The names README.md's ```swift blocks use without declaring them. scripts/check-readme typechecks every block
// against the built AsyncNet module with this file beside it; each block becomes the body of its own function,
// so a block may redeclare any of these (the intro block declares its own `session`).
import AsyncNet
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Session most blocks call `session`.
let session = Session()
/// A URL, as in `session.request(url, timeout: .seconds(5))`.
let url = "https://api.example.com/get"
/// A bearer token.
let token = "t0ken"

/// The model the README decodes.
struct User: Decodable, Sendable {
    let id: Int
    let name: String
}

/// The model the README posts as JSON.
struct NewUser: Encodable, Sendable {
    let name: String
}

/// The query the README encodes with custom form strategies.
struct Filter: Encodable, Sendable {
    let onlyActive: Bool
    let ids: [Int]
}

/// The error the README's custom validator throws.
struct VersionMismatch: Error {}
