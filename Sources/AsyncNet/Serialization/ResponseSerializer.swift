import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns a finished response into a value. Conform to it for your own formats.
///
/// ```swift
/// struct LineCount: ResponseSerializer {
///     func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?) async throws -> Int {
///         String(decoding: data ?? Data(), as: UTF8.self).split(separator: "\n").count
///     }
/// }
/// let lines = try await session.request(url).serializing(using: LineCount()).value
/// ```
///
/// A serializer runs only for responses without a transport or validation error, and off every actor.
public protocol ResponseSerializer<SerializedObject>: Sendable {
    /// The value produced.
    associatedtype SerializedObject: Sendable

    /// Produces the value from the response.
    /// - Parameters:
    ///   - request: The request that was sent.
    ///   - response: The response head.
    ///   - data: The body (empty when the server sent none).
    /// - Returns: The value.
    /// - Throws: Any error; AsyncNet reports it as a serialization failure (an `AsyncNetError` is kept as it is).
    func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?) async throws -> SerializedObject
}

/// Decodes a `Decodable` from data: `JSONDecoder`, `PropertyListDecoder`, or your own.
public protocol DataDecoder: Sendable {
    /// Decodes a value.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: The input.
    /// - Returns: The value.
    /// - Throws: The decoder's error.
    func decode<D: Decodable>(_ type: D.Type, from data: Data) throws -> D
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

/// A type with a value that stands for "no body" (204, 205, HEAD responses).
public protocol EmptyResponse {
    /// The value for a response without a body.
    /// - Returns: The empty value.
    static func emptyValue() -> Self
}

/// The value of a response that has no body.
public struct Empty: Codable, Sendable, Hashable, EmptyResponse {
    /// The one `Empty` value.
    public static let value = Empty()

    /// Returns ``value``.
    /// - Returns: ``value``.
    public static func emptyValue() -> Empty { value }
}

extension JSON: EmptyResponse {
    /// `.null`: a response without a body.
    /// - Returns: `.null`.
    public static func emptyValue() -> JSON { .null }
}

extension Optional: EmptyResponse {
    /// `nil`: a response without a body.
    /// - Returns: `nil`.
    public static func emptyValue() -> Optional { nil }
}
