import MiniFlake
import Testing

@Suite("FlakeError: one error for every generator and issuer")
struct FlakeErrorCodeTests {
    @Test("every code keeps a stable snake_case string")
    func codes() {
        let codes: [(FlakeError.Code, String)] = [
            (.leadLimitReached, "lead_limit_reached"), (.noInstance, "no_instance"),
            (.reservationPending, "reservation_pending"), (.shutDown, "shut_down"),
            (.timestampOverflow, "timestamp_overflow"), (.clockBeforeEpoch, "clock_before_epoch"),
            (.batchCountOutOfRange, "batch_count_out_of_range"), (.timestampOutOfRange, "timestamp_out_of_range"),
            (.sequenceOutOfRange, "sequence_out_of_range"), (.instanceOutOfRange, "instance_out_of_range"),
            (.maximumLeadOutOfRange, "maximum_lead_out_of_range"), (.instancePoolExhausted, "instance_pool_exhausted"),
            (.invalidLayout, "invalid_layout"), (.afterLastTick, "after_last_tick"),
        ]
        for (code, text) in codes {
            #expect(code.rawValue == text)
            #expect(code.description == text)
        }
        #expect(Set(codes.map(\.0)).count == codes.count)
    }

    @Test("a generator's lead limit is retryable after the ticks the clock must still advance")
    func leadLimitIsRetryable() {
        let error = FlakeError.leadLimitReached(leadTicks: 7, maximumLeadTicks: 4, tickMilliseconds: 1)
        #expect(error.code == .leadLimitReached)
        #expect(error.retryAfter == .milliseconds(3))
        #expect(error.isRetryable)
        #expect(error.description == "\(error.message); retry after 3 ms")
        let coarse = FlakeError.leadLimitReached(leadTicks: 5, maximumLeadTicks: 4, tickMilliseconds: 10)
        #expect(coarse.retryAfter == .milliseconds(10))
    }

    @Test("errors that retrying cannot fix are permanent, and say so in one line")
    func permanentErrors() {
        let cases: [(FlakeError, FlakeError.Code)] = [
            (.timestampOverflow(tick: 9, maximumTick: 8), .timestampOverflow),
            (.clockBeforeEpoch(millisecondsSince1970: 0, epochMillisecondsSince1970: 1), .clockBeforeEpoch),
            (.batchCountOutOfRange(0, maximum: 5), .batchCountOutOfRange),
            (.invalidLayout("no"), .invalidLayout),
            (.fieldOutOfRange(.instanceNumber, value: 1024, maximum: 1023), .instanceOutOfRange),
            (.fieldOutOfRange(.sequence, value: 4096, maximum: 4095), .sequenceOutOfRange),
            (.fieldOutOfRange(.timestamp, value: -1, maximum: 9), .timestampOutOfRange),
        ]
        for (error, code) in cases {
            #expect(error.code == code)
            #expect(error.retryAfter == nil)
            #expect(!error.isRetryable)
            #expect(error.description == error.message)
            #expect(!error.message.isEmpty && !error.message.contains("\n"))
        }
    }

    @Test("a generator throws the same error from its blocking and its non-waiting calls")
    func oneErrorFromEveryPath() throws {
        let layout = FlakeLayout.miniFlake
        let time = ManualFlakeClock(millisecondsSince1970: layout.lastMillisecondsSince1970 + 1)
        let maker = try FlakeMaker(instance: 0, layout: layout, clock: time.flakeClock)
        var blocking: FlakeError?
        var immediate: FlakeError?
        do { _ = try maker.nextBlocking() } catch { blocking = error }
        do { _ = try maker.nextImmediately() } catch { immediate = error }
        #expect(blocking?.code == .timestampOverflow)
        #expect(immediate == blocking)
    }

    @Test("retryAfterSeconds is the Retry-After value: whole seconds, rounded up, at least 1")
    func retryAfterSeconds() {
        func seconds(_ duration: Duration?) -> Int? {
            FlakeError(.leadLimitReached, retryAfter: duration, message: "busy").retryAfterSeconds
        }
        #expect(seconds(nil) == nil)
        #expect(seconds(.zero) == 1)
        #expect(seconds(.milliseconds(1)) == 1)
        #expect(seconds(.seconds(1)) == 1)
        #expect(seconds(.milliseconds(1001)) == 2)
        #expect(seconds(.seconds(90)) == 90)
        #expect(seconds(.seconds(Int64.max)) == Int(Int32.max))
    }

    @Test("Duration to milliseconds: one conversion, rounding down or up, saturating")
    func durationMilliseconds() {
        #expect(Duration.milliseconds(1500).milliseconds() == 1500)
        #expect(Duration.microseconds(1500).milliseconds() == 1)
        #expect(Duration.microseconds(1500).milliseconds(roundingUp: true) == 2)
        #expect(Duration.microseconds(-1500).milliseconds() == -2)
        #expect(Duration.microseconds(-1500).milliseconds(roundingUp: true) == -1)
        #expect(Duration.seconds(Int64.max).milliseconds() == .max)
        #expect(Duration.seconds(Int64.min).milliseconds() == .min)
        #expect(Duration.milliseconds(250).secondsAsDouble == 0.25)
    }
}
