import MiniFlake
import MiniFlakeRegistry
import Testing

@Suite("Intake outcomes and the rule for an identifier the account already holds")
struct IntakeOutcomeTests {
    static let id = FlakeID(rawValue: 1_155_369_800_826_880_003)!

    @Test("the same origin installation is a re-upload, never a conflict")
    func sameOrigin() {
        #expect(
            IntakeDecision.existingRecord(Self.id, storedInstallation: "phone", uploadedInstallation: "phone")
                == .alreadyPresent(Self.id))
    }

    @Test("another origin installation is a conflict naming the stored one", arguments: ["tablet", "Phone", "phone "])
    func otherOrigin(uploaded: String) {
        #expect(
            IntakeDecision.existingRecord(Self.id, storedInstallation: "phone", uploadedInstallation: uploaded)
                == .conflict(Self.id, storedInstallation: "phone"))
    }

    @Test("a stored record without an origin is never taken for a re-upload")
    func unknownOrigin() {
        #expect(
            IntakeDecision.existingRecord(Self.id, storedInstallation: nil, uploadedInstallation: "phone")
                == .conflict(Self.id, storedInstallation: ""))
    }

    @Test("stable codes, the identifier, and whether the record is stored")
    func codes() {
        let cases: [(IntakeOutcome, String, FlakeID?, Bool)] = [
            (.inserted(Self.id), "inserted", Self.id, true),
            (.alreadyPresent(Self.id), "already_present", Self.id, true),
            (.conflict(Self.id, storedInstallation: "phone"), "id_conflict", Self.id, false),
            (.rejected(rawValue: -1, .negative(-1)), "negative", nil, false),
            (
                .rejected(rawValue: 5, .inFuture(aheadByMilliseconds: 9, maximumSkewMilliseconds: 5)), "in_future", nil,
                false
            ),
            (.rejected(rawValue: 5, .instanceNotRegistered(7)), "instance_not_registered", nil, false),
        ]
        for (outcome, code, id, stored) in cases {
            #expect(outcome.code == code)
            #expect(outcome.id == id)
            #expect(outcome.isStored == stored)
        }
    }

    @Test("one line for a person")
    func descriptions() {
        #expect(IntakeOutcome.inserted(Self.id).description == "1155369800826880003 was inserted")
        #expect(
            IntakeOutcome.alreadyPresent(Self.id).description
                == "1155369800826880003 is already present from the same installation")
        #expect(
            IntakeOutcome.conflict(Self.id, storedInstallation: "phone").description
                == "1155369800826880003 is already taken by a record from installation phone; re-key the record")
        #expect(
            IntakeOutcome.rejected(rawValue: -1, .negative(-1)).description
                == "-1 was rejected: -1 is negative; IDs are never negative")
        #expect(!IntakeOutcome.inserted(Self.id).description.contains("\n"))
    }
}
