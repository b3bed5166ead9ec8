import MiniFlake
import MiniFlakeDevice
import MiniFlakeTestSupport
import Testing

@Suite("FlakeIDCollision: which of two records with one ID is re-keyed")
struct FlakeIDCollisionTests {
    let id = FlakeID(rawValue: 243_162_257_817_603_079)!

    @Test("the same origin is no collision, and its own verdict: the same record, or an ID issued twice")
    func sameOrigin() {
        #expect(FlakeIDCollision(id: id, localOrigin: "abc", arrivingOrigin: "abc") == nil)
        #expect(FlakeIDCollision.match(id: id, localOrigin: "abc", arrivingOrigin: "abc") == .sameOrigin)
    }

    @Test("two rows without an origin are not called one record: unknown origins")
    func unknownOrigins() throws {
        #expect(FlakeIDCollision(id: id, localOrigin: "", arrivingOrigin: "") == nil)
        #expect(FlakeIDCollision.match(id: id, localOrigin: "", arrivingOrigin: "") == .unknownOrigins)
        let collision = try #require(FlakeIDCollision(id: id, localOrigin: "a", arrivingOrigin: "b"))
        #expect(FlakeIDCollision.match(id: id, localOrigin: "a", arrivingOrigin: "b") == .collision(collision))
    }

    @Test("both devices re-key the record whose origin sorts last, whichever side it is on")
    func bothSidesAgree() throws {
        var random = SeededGenerator(seed: 39)
        for _ in 0..<1_000 {
            let a = String(random.next(), radix: 16)
            let b = String(random.next(), radix: 16)
            guard a != b else { continue }
            let onA = try #require(FlakeIDCollision(id: id, localOrigin: a, arrivingOrigin: b))
            let onB = try #require(FlakeIDCollision(id: id, localOrigin: b, arrivingOrigin: a))
            #expect(onA.rekeyedOrigin == onB.rekeyedOrigin && onA.keptOrigin == onB.keptOrigin)
            #expect(onA.rekeyed != onB.rekeyed)
            #expect(onA.rekeyedOrigin == max(a, b))
        }
    }

    @Test("origins compare by their UTF-8 bytes; an unknown (empty) origin keeps the ID")
    func byteOrder() throws {
        // "é" (U+00E9, bytes C3 A9) sorts after "z" (7A) by bytes.
        #expect(try #require(FlakeIDCollision(id: id, localOrigin: "z", arrivingOrigin: "é")).rekeyed == .arriving)
        let unknown = try #require(FlakeIDCollision(id: id, localOrigin: "", arrivingOrigin: "0"))
        #expect(unknown.rekeyed == .arriving && unknown.keptOrigin == "")
    }
}
