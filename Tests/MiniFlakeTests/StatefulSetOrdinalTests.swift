import MiniFlake
import Testing

@Suite("StatefulSet ordinals")
struct StatefulSetOrdinalTests {
    @Test("the pod-index label wins over the host name")
    func podIndexFirst() throws {
        let ordinal = try StatefulSetOrdinal(podIndex: "4", hostName: "miniflake-2")
        #expect(ordinal == StatefulSetOrdinal(ordinal: 4, source: .podIndexLabel))
        #expect(ordinal.description == "4 (from the pod-index label)")
    }

    @Test(
        "the host name's last -N is the ordinal",
        arguments: [
            ("miniflake-0", 0), ("miniflake-17", 17), ("id-service-eu-3", 3),
            ("miniflake-2.miniflake.default.svc.cluster.local", 2), ("web-007", 7),
        ])
    func hostName(name: String, expected: Int) throws {
        let ordinal = try StatefulSetOrdinal(podIndex: nil, hostName: name)
        #expect(ordinal == StatefulSetOrdinal(ordinal: expected, source: .hostName))
    }

    @Test("an empty pod index falls back to the host name")
    func emptyPodIndex() throws {
        #expect(try StatefulSetOrdinal(podIndex: "", hostName: "miniflake-5").ordinal == 5)
    }

    @Test("every ordinal of a full layout round-trips through a pod name")
    func everyOrdinal() throws {
        for number in 0...FlakeLayout.miniFlake.maximumInstanceNumber {
            let ordinal = try StatefulSetOrdinal(podIndex: nil, hostName: "miniflake-\(number)")
            #expect(try ordinal.instanceNumber() == number)
        }
    }

    @Test(
        "a host name without an ordinal is refused",
        arguments: ["miniflake", "miniflake-", "-3", "miniflake-x", "miniflake-+3", "", "web-1234567890"]
    )
    func noOrdinal(name: String) {
        #expect(throws: StatefulSetOrdinalError.noOrdinal(hostName: name)) {
            try StatefulSetOrdinal(podIndex: nil, hostName: name)
        }
    }

    @Test("no host name and no pod index is refused")
    func nothing() {
        #expect(throws: StatefulSetOrdinalError.noOrdinal(hostName: "")) {
            try StatefulSetOrdinal(podIndex: nil, hostName: nil)
        }
    }

    @Test("a pod index that is not a whole number is refused", arguments: ["x", "-1", "1.5", " 2", "9999999999"])
    func invalidPodIndex(value: String) {
        #expect(throws: StatefulSetOrdinalError.invalidPodIndex(value)) {
            try StatefulSetOrdinal(podIndex: value, hostName: "miniflake-1")
        }
    }

    @Test("the offset moves the instance number and the layout bounds it")
    func offset() throws {
        let ordinal = StatefulSetOrdinal(ordinal: 3, source: .hostName)
        #expect(try ordinal.instanceNumber(offset: 512) == 515)
        #expect(throws: StatefulSetOrdinalError.outOfRange(ordinal: 3, offset: 1021, maximum: 1023)) {
            try ordinal.instanceNumber(offset: 1021)
        }
        #expect(throws: StatefulSetOrdinalError.outOfRange(ordinal: 3, offset: -4, maximum: 1023)) {
            try ordinal.instanceNumber(offset: -4)
        }
        #expect(throws: StatefulSetOrdinalError.outOfRange(ordinal: 3, offset: .max, maximum: 1023)) {
            try ordinal.instanceNumber(offset: .max)
        }
        #expect(try ordinal.instanceNumber(offset: 252, layout: .sonyflake) == 255)
    }

    @Test("errors read as one line that says what to do")
    func messages() {
        #expect(
            StatefulSetOrdinalError.outOfRange(ordinal: 3, offset: 1021, maximum: 1023).description
                == "ordinal 3 + offset 1021 is outside the layout's instance numbers 0...1023")
        #expect(StatefulSetOrdinalError.noOrdinal(hostName: "web").description.contains("downward API"))
    }
}
