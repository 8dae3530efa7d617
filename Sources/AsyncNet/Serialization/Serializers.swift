import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Decodes a `Decodable` with any ``DataDecoder``, following AsyncNet's empty-body rules.
public struct DecodableResponseSerializer<Value: Decodable & Sendable>: ResponseSerializer {
    /// The decoder.
    public let decoder: any DataDecoder
    /// Status codes that mean "no body"; ``EmptyResponse`` types get their empty value for them.
    public let emptyResponseCodes: Set<Int>
    /// Methods whose responses have no body.
    public let emptyRequestMethods: Set<HTTPMethod>

    /// Creates the serializer.
    /// - Parameters:
    ///   - decoder: The decoder; a `JSONDecoder` by default.
    ///   - emptyResponseCodes: Status codes without a body; 204 and 205 by default.
    ///   - emptyRequestMethods: Methods without a response body; HEAD by default.
    public init(
        decoder: any DataDecoder = JSONDecoder(), emptyResponseCodes: Set<Int> = [204, 205],
        emptyRequestMethods: Set<HTTPMethod> = [.head]
    ) {
        self.decoder = decoder
        self.emptyResponseCodes = emptyResponseCodes
        self.emptyRequestMethods = emptyRequestMethods
    }

    /// Decodes the body, or returns the empty value for a response that has none by definition.
    /// - Parameters:
    ///   - request: The request that was sent.
    ///   - response: The response head.
    ///   - data: The body.
    /// - Returns: The decoded value.
    /// - Throws: `inputDataNilOrZeroLength` for an empty body that should have had one, `invalidEmptyResponse` when
    ///   the type has no empty value, `decodingFailed` with the decoder's error.
    public func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?) async throws -> Value {
        guard let data, !data.isEmpty else {
            guard isEmptyAllowed(request: request, response: response) else {
                throw AsyncNetError.responseSerializationFailed(reason: .inputDataNilOrZeroLength)
            }
            guard let emptyType = Value.self as? any EmptyResponse.Type, let empty = emptyType.emptyValue() as? Value
            else {
                throw AsyncNetError.responseSerializationFailed(reason: .invalidEmptyResponse(type: "\(Value.self)"))
            }
            return empty
        }
        do {
            return try decoder.decode(Value.self, from: data)
        } catch {
            let reason = JSONDecodingDiagnosis.explain(error, decoding: data, with: decoder)
            throw AsyncNetError.responseSerializationFailed(reason: .decodingFailed(error: reason))
        }
    }

    private func isEmptyAllowed(request: URLRequest?, response: HTTPURLResponse?) -> Bool {
        if let method = request?.httpMethod, emptyRequestMethods.contains(HTTPMethod(rawValue: method)) { return true }
        if let code = response?.statusCode, emptyResponseCodes.contains(code) { return true }
        return false
    }
}

/// Returns the body as it is (empty `Data` when there is none).
public struct DataResponseSerializer: ResponseSerializer {
    /// Creates the serializer.
    public init() {}

    /// Returns the body.
    /// - Parameters:
    ///   - request: The request that was sent.
    ///   - response: The response head.
    ///   - data: The body.
    /// - Returns: The body, or empty data.
    public func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?) async throws -> Data {
        data ?? Data()
    }
}

/// Decodes the body as text in the response's charset (UTF-8 when it names none). A charset AsyncNet does not know
/// fails with ``AsyncNetError/ResponseSerializationFailureReason/unsupportedCharset(name:)`` unless the body is
/// plain ASCII.
public struct StringResponseSerializer: ResponseSerializer {
    /// An encoding that overrides the response's charset.
    public let encoding: String.Encoding?

    /// Creates the serializer.
    /// - Parameter encoding: Forces this encoding instead of the response's charset.
    public init(encoding: String.Encoding? = nil) { self.encoding = encoding }

    /// Decodes the text.
    /// - Parameters:
    ///   - request: The request that was sent.
    ///   - response: The response head.
    ///   - data: The body.
    /// - Returns: The text; empty for an empty body.
    /// - Throws: `stringDecodingFailed` when the bytes are not valid in the encoding.
    public func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?) async throws -> String {
        guard let data, !data.isEmpty else { return "" }
        let chosen: String.Encoding
        if let encoding {
            chosen = encoding
        } else if let declared = response?.value(forHTTPHeaderField: "Content-Type").flatMap(Charset.name(inContentType:)),
                  !declared.isEmpty {
            guard let known = Charset.encoding(named: declared) else {
                // Plain ASCII reads the same in every ASCII-based charset; anything else cannot be read safely.
                if data.allSatisfy({ $0 < 0x80 }) { return String(decoding: data, as: UTF8.self) }
                throw AsyncNetError.responseSerializationFailed(reason: .unsupportedCharset(name: declared))
            }
            chosen = known
        } else {
            chosen = .utf8
        }
        guard let text = String(data: data, encoding: chosen) else {
            throw AsyncNetError.responseSerializationFailed(reason: .stringDecodingFailed(encoding: chosen))
        }
        return text
    }
}
