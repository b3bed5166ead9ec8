import Foundation
import MiniFlake
import Testing

/// The fix-its of `Sources/*/Fixits.swift` point at names that exist: each 1.0 name a
/// `renamed:` gives is spelled here with those labels, so this file compiles only while they
/// exist, and a test checks that no `renamed:` is left out.
@Suite("Fix-its for 0.2.0 names")
struct FixitTargetTests {
    @Test("the core's renamed: targets exist with their labels")
    func coreTargets() throws {
        // renamed: "FlakeError"
        let error = FlakeError(.leadLimitReached, retryAfter: .milliseconds(1), message: "lead used up")
        #expect(error.isRetryable)
        let time = ManualFlakeClock(millisecondsSince1970: 1_800_000_000_000)
        // renamed: "init(instance:layout:clock:maximumLead:lastIssuedTick:)"
        let maker = try FlakeMaker(
            instance: 1, layout: .miniFlake, clock: time.flakeClock, maximumLead: .seconds(1), lastIssuedTick: nil)
        #expect(maker.instanceNumber == 1)
        // renamed: "init(layout:clock:maximumLead:)" (not called: it takes a number from the
        // process-wide pool that the original API's tests share)
        let inProcess: (FlakeLayout) throws(FlakeError) -> InProcessFlakeMaker = { layout throws(FlakeError) in
            try InProcessFlakeMaker(layout: layout, clock: .system, maximumLead: .seconds(1))
        }
        _ = inProcess
        // renamed: "init(maximumLag:_:)"
        let lagging = FlakeClock(maximumLag: .milliseconds(2)) { 1_800_000_000_000 }
        #expect(lagging.maximumLag == .milliseconds(2))
        // renamed: "advance(by:)"
        time.advance(by: .milliseconds(5))
        #expect(time.millisecondsSince1970 == 1_800_000_000_005)
        // renamed: "init(layout:maximumSkew:earliest:allowedInstances:clock:)"
        var validator = FlakeValidator(
            layout: .miniFlake, maximumSkew: .seconds(1), earliest: nil, allowedInstances: nil, clock: time.flakeClock)
        // renamed: "init(layout:earliest:allowedInstances:clock:)"
        validator = FlakeValidator(layout: .miniFlake, earliest: Date(), allowedInstances: [1], clock: .system)
        // renamed: "maximumSkew"
        validator.maximumSkew = .seconds(2)
        // renamed: "earliest"
        validator.earliest = nil
        #expect(validator.maximumSkew == .seconds(2))
        // renamed: "Code"
        let empty: FlakeParseError.Code = .empty
        do throws(FlakeParseError) {
            _ = try FlakeID(decimal: "")
        } catch {
            // renamed: "code"
            #expect(error.code == empty)
        }
    }

    @Test("every renamed: of a Fixits.swift is spelled by a FixitTargetTests.swift")
    func everyTargetIsSpelled() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let targets = try Self.quoted(
            after: "renamed: ", inEvery: "Fixits.swift", under: root.appendingPathComponent("Sources"))
        #expect(targets.count >= 20, "the fix-its' renamed: targets were not found under \(root.path)")
        let spelled = try Self.quoted(
            after: "// renamed: ", inEvery: "FixitTargetTests.swift", under: root.appendingPathComponent("Tests"))
        #expect(targets.subtracting(spelled).sorted() == [], "renamed: targets no test spells")
    }

    /// The strings in double quotes right after each `prefix` in the file named `fileName` of
    /// every folder directly under `folder` (folders without one are passed over).
    static func quoted(after prefix: String, inEvery fileName: String, under folder: URL) throws -> Set<String> {
        var found: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let file = folder.appendingPathComponent(name).appendingPathComponent(fileName)
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            found.formUnion(quoted(after: prefix, in: text))
        }
        return found
    }

    /// The strings in double quotes right after each `prefix` in `text`.
    static func quoted(after prefix: String, in text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = text[...]
        while let start = rest.range(of: prefix + "\"") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            found.insert(String(rest[..<end]))
            rest = rest[end...].dropFirst()
        }
        return found
    }
}
