import Foundation
import MiniFlakeTestSupport
import Testing

@testable import MiniFlake

@Suite("Validation of IDs from outside")
struct FlakeValidatorTests {
    private let now: Int64 = 1_700_000_000_000
    private var validator: FlakeValidator {
        let clock = ManualFlakeClock(millisecondsSince1970: now)
        return FlakeValidator(maximumSkew: .milliseconds(5_000), allowedInstances: [3, 4], clock: clock.flakeClock)
    }

    private func id(atMilliseconds milliseconds: Int64, instance: Int = 3) throws -> FlakeID {
        try FlakeLayout.miniFlake.compose(millisecondsSince1970: milliseconds, sequence: 0, instanceNumber: instance)
    }

    @Test("a plausible ID passes, including one exactly at the skew limit")
    func accepts() throws {
        let recent = try id(atMilliseconds: now - 60_000)
        #expect(try validator.validate(rawValue: recent.rawValue) == recent)
        #expect(validator.isValid(try id(atMilliseconds: now + 5_000)))
        #expect(
            validator.isValid(try id(atMilliseconds: FlakeLayout.miniFlake.epochMillisecondsSince1970 + 1, instance: 4))
        )
    }

    @Test("the layout's first tick is too early by default: 0 and small numbers are no real record's ID")
    func firstTickRefused() throws {
        for raw: Int64 in [0, 1, 12, 4_194_303] {
            #expect(throws: FlakeValidationError.self) { try validator.validate(rawValue: raw) }
            #expect((try? validator.validate(rawValue: raw)) == nil)
            do throws(FlakeValidationError) {
                _ = try validator.validate(rawValue: raw)
            } catch {
                #expect(error.code == .tooEarly)
                #expect(error.message.hasPrefix("\(raw) is in the miniflake layout's first tick"))
            }
        }
        #expect(validator.isValid(FlakeID(rawValue: 4_194_307)!))  // tick 1, instance 3
        var fromEpoch = validator
        fromEpoch.earliest = Date(
            timeIntervalSince1970: Double(FlakeLayout.miniFlake.epochMillisecondsSince1970) / 1000)
        #expect(fromEpoch.isValid(FlakeID(rawValue: 3)!))
    }

    @Test("in_future says when the ID will be within the skew")
    func inFutureRetryAfter() throws {
        let ahead = try id(atMilliseconds: now + 65_000)
        do throws(FlakeValidationError) {
            try validator.validate(ahead)
            Issue.record("an ID a minute ahead passed")
        } catch {
            #expect(error.code == .inFuture)
            #expect(error.retryAfter == .milliseconds(60_000))
        }
        do throws(FlakeValidationError) {
            _ = try validator.validate(rawValue: -1)
        } catch {
            #expect(error.retryAfter == nil)
        }
    }

    @Test("each failure is its own error case, with a code for logs and APIs")
    func rejects() throws {
        #expect(throws: FlakeValidationError.negative(-42)) { try validator.validate(rawValue: -42) }
        let future = try id(atMilliseconds: now + 5_001)
        #expect(throws: FlakeValidationError.inFuture(aheadByMilliseconds: 5_001, maximumSkewMilliseconds: 5_000)) {
            try validator.validate(future)
        }
        let farFuture = try id(atMilliseconds: now + 3_600_000)
        #expect(throws: FlakeValidationError.inFuture(aheadByMilliseconds: 3_600_000, maximumSkewMilliseconds: 5_000)) {
            try validator.validate(farFuture)
        }
        let stranger = try id(atMilliseconds: now, instance: 7)
        #expect(throws: FlakeValidationError.instanceNotAllowed(7)) { try validator.validate(stranger) }
        var registered = validator
        registered.allowedInstances = nil
        registered.registeredInstances = [3, 9]
        #expect(throws: FlakeValidationError.instanceNotRegistered(7)) { try registered.validate(stranger) }
        #expect(registered.isValid(try id(atMilliseconds: now, instance: 9)))
        #expect(FlakeValidationError.instanceNotRegistered(7).code.rawValue == "instance_not_registered")
        var strict = validator
        strict.earliest = Date(timeIntervalSince1970: Double(now - 1_000) / 1000)
        let old = try id(atMilliseconds: now - 1_001)
        #expect(throws: FlakeValidationError.tooEarly(millisecondsSince1970: now - 1_001, earliest: now - 1_000)) {
            try strict.validate(old)
        }
        #expect(FlakeValidationError.negative(-1).code.rawValue == "negative")
        #expect(FlakeValidationError.tooEarly(millisecondsSince1970: 0, earliest: 1).code.rawValue == "too_early")
        #expect(
            FlakeValidationError.inFuture(aheadByMilliseconds: 2, maximumSkewMilliseconds: 1).code.rawValue
                == "in_future")
        #expect(FlakeValidationError.instanceNotAllowed(1).code.rawValue == "instance_not_allowed")
        #expect(
            FlakeValidationError.inFuture(aheadByMilliseconds: 3_600_000, maximumSkewMilliseconds: 5_000).description
                == "its timestamp is 1 h in the future, more than the 5 s skew allowed")
    }

    @Test("random garbage never crashes the validator", arguments: FlakeLayout.presets)
    func garbage(layout: FlakeLayout) {
        var random = SeededGenerator(seed: 0x5EED_0004)
        var validator = FlakeValidator(layout: layout)
        validator.allowedInstances = [0]
        var outcomes: [String: Int] = [:]
        for _ in 0..<20_000 {
            let value = Int64(bitPattern: random.next())
            do {
                _ = try validator.validate(rawValue: value)
                outcomes["valid", default: 0] += 1
            } catch {
                outcomes[error.code.rawValue, default: 0] += 1
            }
        }
        #expect(outcomes["negative", default: 0] > 9_000)
        // Where the fields leave bits unused (js53), garbage is mostly above the largest ID.
        let tooLate = layout.largestID < .max ? "after_last_tick" : "in_future"
        #expect(outcomes[tooLate, default: 0] > 5_000, "\(outcomes)")
    }
}
