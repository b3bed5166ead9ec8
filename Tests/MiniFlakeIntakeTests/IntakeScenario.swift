import MiniFlake
import MiniFlakeRegistry
import MiniFlakeTestSupport
import Testing

/// A fixed-seed run of many uploads that checks, against any intake, that no record is lost
/// or stored twice and that every collision is answered `id_conflict`.
///
/// Installations of a few accounts make records offline under identifiers drawn from a tiny
/// space, and pairs of installations share an instance number, so identifiers collide often.
/// Uploads arrive in random order, are repeated, and are mixed with garbage and far-future
/// identifiers. A record answered `id_conflict` is re-keyed with a fresh identifier and
/// uploaded again, as a device does.
struct IntakeScenario {
    /// One record on a device.
    struct Record: Sendable {
        var account: String
        var installation: String
        var title: String
        var rawID: Int64
    }

    /// What one run saw, for the test to check.
    struct Report: Sendable, CustomStringConvertible {
        var inserted = 0
        var alreadyPresent = 0
        var conflicts = 0
        var rejected = 0
        /// Every record as the device holds it at the end, by title.
        var records: [String: Record] = [:]

        var description: String {
            "\(inserted) inserted, \(alreadyPresent) already present, \(conflicts) id_conflict, \(rejected) rejected"
        }
    }

    static let now: Int64 = 1_750_000_000_000
    static let accounts = ["alice", "bob"]
    /// Installation names and the instance number each makes identifiers with: two by two the same.
    static let installations = [("phone", 1), ("tablet", 1), ("laptop", 2), ("watch", 2)]

    /// The validator the intake under test uses: the scenario's clock, 5 seconds of skew.
    static let validator = FlakeValidator(maximumSkew: .milliseconds(5_000), clock: FlakeClock { now })

    var seed: UInt64 = 0x1D_7A4E
    var recordsPerInstallation = 12
    var uploads = 600

    /// Runs the uploads through `upload` and checks every answer against a model of the
    /// server's table.
    func run(upload: (Record) async throws -> IntakeOutcome) async throws -> Report {
        var random = SeededGenerator(seed: seed)
        var report = Report()
        var pending: [Record] = []
        for account in Self.accounts {
            for (installation, instance) in Self.installations {
                // Distinct identifiers per installation, from a space shared with its twin.
                let slots = (0..<8).flatMap { ms in (0..<2).map { (ms, $0) } }.shuffled(using: &random)
                for (index, (ms, sequence)) in slots.prefix(recordsPerInstallation).enumerated() {
                    let id = try FlakeLayout.miniFlake.compose(
                        millisecondsSince1970: Self.now - 10_000 + Int64(ms), sequence: sequence,
                        instanceNumber: instance)
                    pending.append(
                        Record(
                            account: account, installation: installation, title: "\(account)/\(installation)/\(index)",
                            rawID: id.rawValue))
                }
            }
        }
        var stored: [Record] = []
        var table: [String: Record] = [:]  // "account/id" -> what the server holds
        var nextFreshTick = FlakeLayout.miniFlake.tick(millisecondsSince1970: Self.now - 5_000)

        var step = 0
        while step < uploads || !pending.isEmpty {
            step += 1
            // After the random part, only what is still pending goes up, until nothing is left.
            let roll = step <= uploads ? Int.random(in: 0..<10, using: &random) : 9
            if roll == 0 {
                let garbage =
                    Bool.random(using: &random) ? -Int64.random(in: 1...Int64.max, using: &random) : try futureID()
                let outcome = try await upload(
                    Record(account: "alice", installation: "phone", title: "garbage", rawID: garbage))
                #expect(outcome.code == (garbage < 0 ? "negative" : "in_future"))
                report.rejected += 1
                continue
            }
            let reupload = (roll <= 3 && !stored.isEmpty) || pending.isEmpty
            var record =
                reupload
                ? stored[Int.random(in: 0..<stored.count, using: &random)]
                : pending.remove(at: Int.random(in: 0..<pending.count, using: &random))
            let key = "\(record.account)/\(record.rawID)"
            let outcome = try await upload(record)
            switch outcome {
            case .inserted(let id):
                #expect(id.rawValue == record.rawID)
                #expect(table[key] == nil, "\(key) inserted twice")
                table[key] = record
                if !reupload { stored.append(record) }
                report.inserted += 1
            case .alreadyPresent:
                #expect(reupload, "\(record.title) answered already present for \(key)")
                #expect(table[key]?.title == record.title, "\(record.title) answered already present for \(key)")
                report.alreadyPresent += 1
            case .conflict(_, let storedInstallation):
                #expect(!reupload, "a stored record's re-upload answered \(outcome)")
                #expect(table[key]?.installation == storedInstallation)
                #expect(table[key]?.installation != record.installation)
                // The device re-keys the record and uploads it again later.
                record.rawID = try FlakeLayout.miniFlake.compose(
                    tick: nextFreshTick, sequence: 0, instanceNumber: Self.instance(of: record.installation)
                ).rawValue
                nextFreshTick += 1
                pending.append(record)
                report.conflicts += 1
            case .rejected:
                Issue.record("\(record.title) was rejected: \(outcome)")
            }
            report.records[record.title] = record
        }
        #expect(table.count == report.records.count)
        return report
    }

    static func instance(of installation: String) -> Int {
        installations.first { $0.0 == installation }?.1 ?? 0
    }

    private func futureID() throws -> Int64 {
        try FlakeLayout.miniFlake.compose(millisecondsSince1970: Self.now + 3_600_000, sequence: 0, instanceNumber: 1)
            .rawValue
    }
}
