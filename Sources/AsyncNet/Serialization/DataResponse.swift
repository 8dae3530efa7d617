import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything a request produced: the request sent, the response, the body, timings and the serialized result.
public struct DataResponse<Value: Sendable>: Sendable {
    /// The URLRequest that was sent (nil when the request failed before it was built).
    public let request: URLRequest?
    /// The response head (nil when none arrived).
    public let response: HTTPURLResponse?
    /// The body (nil when no response arrived).
    public let data: Data?
    /// Timings AsyncNet measured, per attempt (nil when the request never ran).
    public let metrics: ResponseMetrics?
    /// The value, or why there is none.
    public let result: Result<Value, AsyncNetError>
    /// How many times the request was retried before this response.
    public let retryCount: Int

    /// Creates a response; useful for tests of your own code.
    /// - Parameters:
    ///   - request: The request sent.
    ///   - response: The response head.
    ///   - data: The body.
    ///   - metrics: The timings.
    ///   - result: The value or the error.
    ///   - retryCount: How many times the request was retried.
    public init(
        request: URLRequest?, response: HTTPURLResponse?, data: Data?, metrics: ResponseMetrics?,
        result: Result<Value, AsyncNetError>, retryCount: Int = 0
    ) {
        self.request = request
        self.response = response
        self.data = data
        self.metrics = metrics
        self.result = result
        self.retryCount = retryCount
    }

    /// The value, when the request succeeded.
    public var value: Value? { try? result.get() }

    /// The error, when the request failed.
    public var error: AsyncNetError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    /// Transforms the value, keeping everything else.
    /// - Parameter transform: Maps the value.
    /// - Returns: A response with the transformed value.
    public func map<NewValue: Sendable>(_ transform: (Value) -> NewValue) -> DataResponse<NewValue> {
        DataResponse<NewValue>(request: request, response: response, data: data, metrics: metrics, result: result.map(transform),
                                  retryCount: retryCount)
    }

    /// Transforms the value with a function that may throw; a thrown error becomes the result
    /// (an `AsyncNetError` as it is, any other as ``AsyncNetError/underlying(_:)``).
    /// - Parameter transform: Maps the value.
    /// - Returns: A response with the transformed value or the error.
    public func tryMap<NewValue: Sendable>(_ transform: (Value) throws -> NewValue) -> DataResponse<NewValue> {
        let mapped: Result<NewValue, AsyncNetError> = result.flatMap { value in
            do { return .success(try transform(value)) } catch { return .failure(.wrapping(error)) }
        }
        return DataResponse<NewValue>(request: request, response: response, data: data, metrics: metrics, result: mapped,
                                        retryCount: retryCount)
    }

    /// Transforms the error, keeping everything else.
    /// - Parameter transform: Maps the error.
    /// - Returns: A response with the transformed error.
    public func mapError(_ transform: (AsyncNetError) -> AsyncNetError) -> DataResponse<Value> {
        DataResponse(request: request, response: response, data: data, metrics: metrics, result: result.mapError(transform),
                     retryCount: retryCount)
    }
}
