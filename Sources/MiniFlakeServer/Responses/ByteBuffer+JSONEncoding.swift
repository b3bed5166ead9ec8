#if Server
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif
    import Hummingbird

    extension ByteBuffer {
        /// A body holding a value encoded as JSON by `JSONEncoder`: keys sorted, so the text
        /// is the same on every run, and slashes left as they are.
        ///
        /// For the bodies whose speed does not matter (health, validation, errors); the ID
        /// routes write theirs by hand (see BENCHMARKS.md). The values given here hold only
        /// strings, numbers, booleans and nulls, which always encode; should one ever fail, the
        /// body is an `internal_error`.
        static func json(encoding value: some Encodable) -> ByteBuffer {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(value) else {
                return ByteBuffer(
                    string: #"{"error":{"code":"internal_error","message":"the response could not be encoded"}}"#)
            }
            return ByteBuffer(bytes: data)
        }
    }
#endif
