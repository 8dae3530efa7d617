import Foundation

/// A clearer reason for a JSON body the decoder rejected as a whole.
///
/// `JSONDecoder` on Linux says only "The given data was not valid JSON." for any syntax error, and also for a number
/// outside `Double`'s range (`1E400`). `JSONSerialization` names the problem; on that failure path AsyncNet asks it
/// and keeps its words, with its error underneath.
enum JSONDecodingDiagnosis {
    static func explain(_ error: any Error, decoding data: Data, with decoder: any DataDecoder) -> any Error {
        guard decoder is JSONDecoder, case DecodingError.dataCorrupted(let context) = error,
              context.codingPath.isEmpty, context.underlyingError == nil
        else { return error }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return error
        } catch let serializationError as NSError {
            guard var detail = serializationError.userInfo[NSDebugDescriptionErrorKey] as? String else { return error }
            while detail.hasSuffix(".") { detail.removeLast() }   // the decoding error adds its own period
            return DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "The body is not valid JSON: \(detail)",
                underlyingError: serializationError))
        }
    }
}
