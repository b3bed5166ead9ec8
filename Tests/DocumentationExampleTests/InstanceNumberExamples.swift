import MiniFlake
import Testing

/// The Swift blocks of "Choosing instance numbers" that need no lease, as they appear there.
@Suite("Documentation: choosing instance numbers")
struct InstanceNumberExamples {
    @Test("Given, and from a StatefulSet's pod ordinal")
    func given() throws {
        let maker = try FlakeMaker(instance: 7)

        let environment = ["MINIFLAKE_POD_INDEX": "2"]
        let hostName = "miniflake-2"
        let ordinal = try StatefulSetOrdinal(podIndex: environment["MINIFLAKE_POD_INDEX"], hostName: hostName)
        let podMaker = try FlakeMaker(instance: try ordinal.instanceNumber(offset: 512))

        #expect(maker.instanceNumber == 7)
        #expect(podMaker.instanceNumber == 514)
    }
}
