import Foundation
import MiniFlake

extension BenchSuite {
    /// Formatting and parsing the three text formats, and JSON-encoding an array.
    static func textCases(scale: BenchScale) throws -> [BenchCase] {
        let count = scale.itemsPerBurst
        let maker = try FlakeMaker(instance: 50)
        // Identifiers a millisecond apart, so their digits vary as real ones do.
        var made: [FlakeID] = []
        for index in 0..<count {
            let id = try maker.nextBlocking()
            let tick = FlakeLayout.miniFlake.parts(of: id).tick - Int64(index)
            made.append(try FlakeLayout.miniFlake.compose(tick: tick, sequence: index % 4096, instanceNumber: 50))
        }
        let ids = made
        let decimals = ids.map(\.description)
        let hexes = ids.map(\.hexString)
        let base32s = ids.map(\.base32String)

        func formatting(_ key: String, _ name: String, _ format: @escaping @Sendable (FlakeID) -> String) -> BenchCase {
            BenchCase(key: key, name: name, group: .text, itemsPerBurst: count, scale: scale, pauses: false) {
                timed {
                    var sum: UInt64 = 0
                    for id in ids {
                        sum &+= UInt64(format(id).utf8.count)
                    }
                    return (sum, nil)
                }
            }
        }
        func parsing(
            _ key: String, _ name: String, _ texts: [String],
            _ parse: @escaping @Sendable (String) throws -> FlakeID
        ) -> BenchCase {
            BenchCase(key: key, name: name, group: .text, itemsPerBurst: count, scale: scale, pauses: false) {
                try timed {
                    var sum: UInt64 = 0
                    for text in texts {
                        sum &+= UInt64(bitPattern: try parse(text).rawValue)
                    }
                    return (sum, nil)
                }
            }
        }

        return [
            formatting("text.decimal.format", "id.description (decimal)") { $0.description },
            formatting("text.hex.format", "id.hexString") { $0.hexString },
            formatting("text.base32.format", "id.base32String") { $0.base32String },
            parsing("text.decimal.parse", "FlakeID(decimal:)", decimals) { try FlakeID(decimal: $0) },
            parsing("text.hex.parse", "FlakeID(hex:)", hexes) { try FlakeID(hex: $0) },
            parsing("text.base32.parse", "FlakeID(base32:)", base32s) { try FlakeID(base32: $0) },
            BenchCase(
                key: "text.json", name: "JSONEncoder().encode([FlakeID]) of \(count), per ID", group: .text,
                itemsPerBurst: count, scale: scale, pauses: false
            ) {
                let encoder = JSONEncoder()
                return try timed {
                    let data = try encoder.encode(ids)
                    return (UInt64(data.count), nil)
                }
            },
        ]
    }
}
