import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Puts `Encodable` parameters into a request: as a query, a form body, JSON, or a property list.
public protocol ParameterEncoder: Sendable {
    /// Encodes the parameters into the request.
    /// - Parameters:
    ///   - parameters: The parameters.
    ///   - request: The request to change.
    /// - Returns: The request with the parameters.
    /// - Throws: ``AsyncNetError/parameterEncodingFailed(reason:)`` (the value's own error inside it).
    func encode<Parameters: Encodable & Sendable>(_ parameters: Parameters, into request: URLRequest) throws -> URLRequest
}

/// Encodes parameters as `application/x-www-form-urlencoded`, in the query or in the body.
public struct URLEncodedFormParameterEncoder: ParameterEncoder {
    /// Where the encoded parameters go.
    public enum Destination: Sendable {
        /// The query for GET, HEAD and DELETE; the body for every other method (the default).
        case methodDependent
        /// Always the query (appended to any query the URL already has).
        case queryString
        /// Always the body.
        case httpBody
    }

    /// The default encoder: sorted keys, brackets for arrays, method-dependent destination.
    public static let `default` = URLEncodedFormParameterEncoder()

    /// The form encoder and its strategies.
    public let encoder: URLEncodedFormEncoder
    /// Where the encoded parameters go.
    public let destination: Destination

    /// Creates the parameter encoder.
    /// - Parameters:
    ///   - encoder: The form encoder; the defaults when omitted.
    ///   - destination: `.methodDependent` by default.
    public init(encoder: URLEncodedFormEncoder = URLEncodedFormEncoder(), destination: Destination = .methodDependent) {
        self.encoder = encoder
        self.destination = destination
    }

    /// Encodes the parameters into the query or the body. Sets `Content-Type:
    /// application/x-www-form-urlencoded; charset=utf-8` for a body unless the request already has a Content-Type.
    /// - Parameters:
    ///   - parameters: The parameters.
    ///   - request: The request to change.
    /// - Returns: The request with the parameters.
    /// - Throws: ``AsyncNetError/parameterEncodingFailed(reason:)``.
    public func encode<Parameters: Encodable & Sendable>(_ parameters: Parameters, into request: URLRequest) throws -> URLRequest {
        var request = request
        let query: String
        do { query = try encoder.encode(parameters) } catch { throw ParameterEncoding.wrap(error) }
        let method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        let inQuery: Bool
        switch destination {
        case .methodDependent: inQuery = method.prefersQueryParameters
        case .queryString: inQuery = true
        case .httpBody: inQuery = false
        }
        if inQuery {
            guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
                throw AsyncNetError.parameterEncodingFailed(reason: .missingURL)
            }
            if !query.isEmpty {
                components.percentEncodedQuery = [components.percentEncodedQuery, query]
                    .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "&")
            }
            guard let newURL = components.url else { throw AsyncNetError.parameterEncodingFailed(reason: .missingURL) }
            request.url = newURL
        } else {
            ParameterEncoding.setContentTypeIfMissing("application/x-www-form-urlencoded; charset=utf-8", on: &request)
            request.httpBody = Data(query.utf8)
        }
        return request
    }
}

/// Encodes parameters as a JSON body.
public struct JSONParameterEncoder: ParameterEncoder {
    /// A plain `JSONEncoder`.
    public static let `default` = JSONParameterEncoder()
    /// Indented output.
    public static let prettyPrinted = JSONParameterEncoder(outputFormatting: .prettyPrinted)
    /// Keys sorted, for stable output.
    public static let sortedKeys = JSONParameterEncoder(outputFormatting: .sortedKeys)

    private let makeEncoder: @Sendable () -> JSONEncoder

    /// Creates an encoder whose `JSONEncoder` is configured by `configure` (called for every encoding, so the
    /// encoder is never shared between threads).
    /// - Parameter configure: Sets strategies on a new `JSONEncoder`.
    public init(configure: @escaping @Sendable (JSONEncoder) -> Void = { _ in }) {
        makeEncoder = {
            let encoder = JSONEncoder()
            configure(encoder)
            return encoder
        }
    }

    /// Creates an encoder with these output options.
    /// - Parameter outputFormatting: For example `.sortedKeys`.
    public init(outputFormatting: JSONEncoder.OutputFormatting) {
        self.init { $0.outputFormatting = outputFormatting }
    }

    /// Encodes the parameters as the body and sets `Content-Type: application/json` unless one is set.
    /// - Parameters:
    ///   - parameters: The parameters.
    ///   - request: The request to change.
    /// - Returns: The request with the body.
    /// - Throws: ``AsyncNetError/parameterEncodingFailed(reason:)``.
    public func encode<Parameters: Encodable & Sendable>(_ parameters: Parameters, into request: URLRequest) throws -> URLRequest {
        var request = request
        do { request.httpBody = try makeEncoder().encode(parameters) } catch { throw ParameterEncoding.wrap(error) }
        ParameterEncoding.setContentTypeIfMissing("application/json", on: &request)
        return request
    }
}

/// Encodes parameters as a property-list body, for the APIs that still speak it.
public struct PropertyListParameterEncoder: ParameterEncoder {
    /// XML property lists.
    public static let xml = PropertyListParameterEncoder(format: .xml)
    /// Binary property lists.
    public static let binary = PropertyListParameterEncoder(format: .binary)

    /// The output format.
    public let format: PropertyListSerialization.PropertyListFormat

    /// Creates the encoder.
    /// - Parameter format: `.xml` or `.binary`.
    public init(format: PropertyListSerialization.PropertyListFormat = .xml) { self.format = format }

    /// Encodes the parameters as the body and sets `Content-Type: application/x-plist` unless one is set.
    /// - Parameters:
    ///   - parameters: The parameters.
    ///   - request: The request to change.
    /// - Returns: The request with the body.
    /// - Throws: ``AsyncNetError/parameterEncodingFailed(reason:)``.
    public func encode<Parameters: Encodable & Sendable>(_ parameters: Parameters, into request: URLRequest) throws -> URLRequest {
        var request = request
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        do { request.httpBody = try encoder.encode(parameters) } catch { throw ParameterEncoding.wrap(error) }
        ParameterEncoding.setContentTypeIfMissing("application/x-plist", on: &request)
        return request
    }
}

extension ParameterEncoder where Self == URLEncodedFormParameterEncoder {
    /// URL-encoded form: the query for GET/HEAD/DELETE, the body otherwise.
    public static var urlEncodedForm: URLEncodedFormParameterEncoder { .default }
}

extension ParameterEncoder where Self == JSONParameterEncoder {
    /// A JSON body.
    public static var json: JSONParameterEncoder { .default }
}

extension ParameterEncoder where Self == PropertyListParameterEncoder {
    /// An XML property-list body.
    public static var propertyList: PropertyListParameterEncoder { .xml }
}

enum ParameterEncoding {
    static func wrap(_ error: any Error) -> AsyncNetError {
        if let error = error as? AsyncNetError { return error }
        return .parameterEncodingFailed(reason: .encoderFailed(error: error))
    }

    static func setContentTypeIfMissing(_ value: String, on request: inout URLRequest) {
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue(value, forHTTPHeaderField: "Content-Type")
        }
    }
}
