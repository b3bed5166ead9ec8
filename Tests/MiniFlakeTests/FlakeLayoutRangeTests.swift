import MiniFlake
import MiniFlakeTestSupport
import Testing

@Suite("FlakeLayout: the largest ID, and refusing values above it")
struct FlakeLayoutRangeTests {
    @Test("the largest ID has every field at its maximum")
    func largestID() throws {
        #expect(FlakeLayout.javaScriptSafe.largestID.rawValue == (1 << 53) - 1)
        for layout in FlakeLayout.presets where layout != .javaScriptSafe {
            #expect(layout.largestID == .max, "\(layout.name)")
        }
        for layout in FlakeLayout.presets {
            let largest = try layout.compose(
                tick: layout.maximumTick, sequence: layout.maximumSequence,
                instanceNumber: layout.maximumInstanceNumber)
            #expect(largest == layout.largestID, "\(layout.name)")
        }
    }

    @Test("checkedParts refuses any value with a bit above the fields, with after_last_tick")
    func checkedParts() throws {
        let layout = FlakeLayout.javaScriptSafe
        let largest = layout.largestID
        #expect(try layout.checkedParts(of: largest) == layout.parts(of: largest))
        var random = SeededGenerator(seed: 31)
        for _ in 0..<1000 {
            let id = try #require(FlakeID(rawValue: random.nextID()))
            var refusal: FlakeError?
            do {
                _ = try layout.checkedParts(of: id)
            } catch {
                refusal = error
            }
            #expect(layout.contains(id) == (id <= largest))
            #expect(refusal?.code == (id <= largest ? nil : .afterLastTick), "\(id)")
        }
        let above = try #require(FlakeID(rawValue: 1 << 53))
        #expect(throws: FlakeError.afterLastTick(above, layout: layout)) { try layout.checkedParts(of: above) }
    }

    @Test("the validator refuses a value above the layout's largest ID before its time checks")
    func validator() {
        let validator = FlakeValidator(layout: .javaScriptSafe, maximumSkew: .zero)
        #expect(throws: FlakeValidationError.self) { try validator.validate(rawValue: 1 << 53) }
        do {
            _ = try validator.validate(rawValue: .max)
        } catch {
            #expect(error.code == .afterLastTick)
            #expect(error.code.rawValue == "after_last_tick")
        }
    }
}
