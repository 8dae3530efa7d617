import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A serializer attached to a request: await ``value``, ``result`` or ``response``.
///
/// Awaiting starts the request if nothing has yet. Cancelling the awaiting Swift `Task` ends that wait with
/// ``AsyncNetError/explicitlyCancelled``; the request itself is cancelled when no other caller awaits it.
public struct DataTask<Value: Sendable>: Sendable {
    /// The request this task serializes.
    public let request: DataRequest
    private let serializer: any ResponseSerializer<Value>

    init(request: DataRequest, serializer: any ResponseSerializer<Value>) {
        self.request = request
        self.serializer = serializer
    }

    /// The whole response with the serialized result.
    public var response: DataResponse<Value> {
        get async {
            await Self.serialize(await request.completion(), with: serializer)
        }
    }

    /// The value or the error.
    public var result: Result<Value, AsyncNetError> {
        get async { await response.result }
    }

    /// The value.
    /// - Throws: ``AsyncNetError`` describing why there is none.
    public var value: Value {
        get async throws(AsyncNetError) { try await result.get() }
    }

    /// Cancels the request (and so every serializer awaiting it).
    public func cancel() async {
        await request.cancel()
    }

    /// Runs the serializer off every actor and times it.
    @concurrent
    private static func serialize(
        _ raw: RawResponse, with serializer: any ResponseSerializer<Value>
    ) async -> DataResponse<Value> {
        let result: Result<Value, AsyncNetError>
        var elapsed = Duration.zero
        if let error = raw.error {
            result = .failure(error)
        } else {
            let start = ContinuousClock.now
            do {
                result = .success(try await serializer.serialize(request: raw.request, response: raw.response, data: raw.data))
            } catch let error as AsyncNetError {
                result = .failure(error)
            } catch {
                result = .failure(.responseSerializationFailed(reason: .customSerializationFailed(error: error)))
            }
            elapsed = ContinuousClock.now - start
        }
        return DataResponse(
            request: raw.request, response: raw.response, data: raw.data,
            metrics: raw.timings.metrics(serialization: elapsed), result: result, retryCount: raw.retryCount)
    }
}

extension DataRequest {
    /// Decodes the body into `type`.
    /// - Parameters:
    ///   - type: The type to decode, for example `JSON.self` or your `Decodable` struct.
    ///   - decoder: Any ``DataDecoder``; a `JSONDecoder` by default.
    ///   - emptyResponseCodes: Status codes that have no body; 204 and 205 by default.
    ///   - emptyRequestMethods: Methods whose responses have no body; HEAD by default.
    /// - Returns: A task to await.
    public nonisolated func serializing<Value: Decodable & Sendable>(
        _ type: Value.Type = Value.self, decoder: any DataDecoder = JSONDecoder(),
        emptyResponseCodes: Set<Int> = [204, 205], emptyRequestMethods: Set<HTTPMethod> = [.head]
    ) -> DataTask<Value> {
        DataTask(request: self, serializer: DecodableResponseSerializer<Value>(
            decoder: decoder, emptyResponseCodes: emptyResponseCodes, emptyRequestMethods: emptyRequestMethods))
    }

    /// The body as it is.
    /// - Returns: A task to await.
    public nonisolated func serializingData() -> DataTask<Data> {
        DataTask(request: self, serializer: DataResponseSerializer())
    }

    /// The body as text, in the response's charset unless `encoding` is given.
    /// - Parameter encoding: Forces this encoding.
    /// - Returns: A task to await.
    public nonisolated func serializingString(encoding: String.Encoding? = nil) -> DataTask<String> {
        DataTask(request: self, serializer: StringResponseSerializer(encoding: encoding))
    }

    /// The body through your own serializer.
    /// - Parameter serializer: The serializer.
    /// - Returns: A task to await.
    public nonisolated func serializing<Serializer: ResponseSerializer>(
        using serializer: Serializer
    ) -> DataTask<Serializer.SerializedObject> {
        DataTask(request: self, serializer: serializer)
    }
}
