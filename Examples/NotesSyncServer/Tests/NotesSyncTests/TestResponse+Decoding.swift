#if Server && GRDB
    import Foundation
    import Hummingbird
    import HummingbirdTesting

    extension TestResponse {
        /// The body decoded as JSON.
        func decoded<Value: Decodable>(_ type: Value.Type) throws -> Value {
            try JSONDecoder().decode(type, from: Data(body.readableBytesView))
        }

        /// The `error.code` of a JSON error body.
        var errorCode: String? {
            struct Body: Decodable {
                struct Detail: Decodable { let code: String }
                let error: Detail
            }
            return try? decoded(Body.self).error.code
        }
    }
#endif
