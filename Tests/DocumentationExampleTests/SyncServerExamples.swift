import Foundation
import MiniFlake
import Testing

/// The Swift block of the MiniFlake catalog's "For sync servers" that needs only the core.
@Suite("Documentation: for sync servers")
struct SyncServerExamples {
    @Test("Validate", arguments: [Int64(-5), 1_155_369_800_826_880_003])
    func validate(incoming: Int64) {
        let firstRelease = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01: no record is older
        let validator = FlakeValidator(
            maximumSkew: .milliseconds(5_000), earliest: firstRelease, allowedInstances: [3])
        do {
            let id = try validator.validate(rawValue: incoming)
            print("accepted \(id)")
        } catch {
            print("rejected \(incoming): \(error.code): \(error)")
        }

        #expect(throws: FlakeValidationError.self) { try validator.validate(rawValue: -5) }
    }
}
