import MiniFlake
import Testing

@Suite("Issuing errors")
struct FlakeIssueErrorTests {
    @Test("every code keeps a stable snake_case string")
    func codes() {
        let codes: [(FlakeIssueError.Code, String)] = [
            (.leadLimitReached, "lead_limit_reached"), (.noInstance, "no_instance"),
            (.reservationPending, "reservation_pending"), (.shutDown, "shut_down"),
            (.timestampOverflow, "timestamp_overflow"), (.clockBeforeEpoch, "clock_before_epoch"),
            (.batchCountOutOfRange, "batch_count_out_of_range"), (.generatorFailed, "generator_failed"),
        ]
        for (code, text) in codes {
            #expect(code.rawValue == text)
            #expect(code.description == text)
        }
        #expect(Set(codes.map(\.0)).count == codes.count)
    }

    @Test("a generator's lead limit is retryable after the ticks the clock must still advance")
    func leadLimitIsRetryable() {
        let error = FlakeIssueError(.leadLimitReached(leadTicks: 7, maximumLeadTicks: 4))
        #expect(error.code == .leadLimitReached)
        #expect(error.retryAfter == .milliseconds(3))
        #expect(error.isRetryable)
        #expect(error.message == FlakeError.leadLimitReached(leadTicks: 7, maximumLeadTicks: 4).description)
        #expect(error.description == "\(error.message); retry after 3 ms")
        let coarse = FlakeIssueError(.leadLimitReached(leadTicks: 5, maximumLeadTicks: 4), tickMilliseconds: 10)
        #expect(coarse.retryAfter == .milliseconds(10))
    }

    @Test("errors that retrying cannot fix are permanent")
    func permanentErrors() {
        let cases: [(FlakeError, FlakeIssueError.Code)] = [
            (.timestampOverflow(tick: 9, maximumTick: 8), .timestampOverflow),
            (.clockBeforeEpoch(millisecondsSince1970: 0, epochMillisecondsSince1970: 1), .clockBeforeEpoch),
            (.batchCountOutOfRange(0, maximum: 5), .batchCountOutOfRange),
            (.invalidLayout("no"), .generatorFailed),
        ]
        for (flakeError, code) in cases {
            let error = FlakeIssueError(flakeError)
            #expect(error.code == code)
            #expect(error.retryAfter == nil)
            #expect(!error.isRetryable)
            #expect(error.description == flakeError.description)
        }
    }

    @Test("retryAfterSeconds is the Retry-After value: whole seconds, rounded up, at least 1")
    func retryAfterSeconds() {
        func seconds(_ duration: Duration?) -> Int? {
            FlakeIssueError(.leadLimitReached, retryAfter: duration, message: "busy").retryAfterSeconds
        }
        #expect(seconds(nil) == nil)
        #expect(seconds(.zero) == 1)
        #expect(seconds(.milliseconds(1)) == 1)
        #expect(seconds(.seconds(1)) == 1)
        #expect(seconds(.milliseconds(1001)) == 2)
        #expect(seconds(.seconds(90)) == 90)
        #expect(seconds(.seconds(Int64.max)) == Int(Int32.max))
    }
}
