import Foundation
import MiniFlake
import MiniFlakeDevice

/// One identifier as the simulation saw it issued.
struct SimIssue: Sendable, Hashable, CustomStringConvertible {
    let id: Int64
    let device: Int
    let kind: String
    let process: Int
    /// The issuer's installation when it issued: the record's origin.
    let origin: String
    let instance: Int
    let tick: Int64
    /// The world's time (the server's clock) when it was issued.
    let time: Int64
    let step: Int

    var description: String {
        "\(id) (device \(device) \(kind) process \(process), installation \(origin.prefix(8)), instance \(instance), tick \(tick), step \(step))"
    }
}

/// Holds every identifier the simulation issued and checks the invariants after every step:
/// - no identifier twice across the account, beyond the documented cases (a number used before
///   it was claimed, and a holder silent past the reclaim time, or whose records the user
///   deleted, until its claimer hears from the server), which ``FlakeIDCollision`` must then
///   settle alike on every device;
/// - every identifier below the mark stored for its number when it was issued;
/// - every identifier of a process above all it issued before, and above every identifier its
///   installation issued before the process opened;
/// - the server's own check: a number taken over only when released or silent long enough.
final class SimChecker {
    let cloud: SimCloud
    let layout: FlakeLayout
    /// How long after hearing from the server a holder's other processes may still issue in
    /// the windows they reserved before: twice the largest reservation.
    let graceMilliseconds: Int64
    private var issued: [Int64: SimIssue] = [:]
    private var lastOfProcess: [Int: Int64] = [:]
    private var floorOfProcess: [Int: (origin: String, id: Int64)] = [:]
    private var highestOfInstallation: [String: Int64] = [:]
    private(set) var violations: [String] = []
    private(set) var documented = 0
    private(set) var count = 0

    init(cloud: SimCloud, layout: FlakeLayout, graceMilliseconds: Int64) {
        self.cloud = cloud
        self.layout = layout
        self.graceMilliseconds = graceMilliseconds
    }

    /// A process opened: its identifiers of `origin` must be above every one issued so far.
    func opened(process: Int, origin: String) {
        floorOfProcess[process] = (origin, highestOfInstallation[origin] ?? -1)
    }

    /// Records an identifier; `stored` is the mark the state file holds for its number now.
    func record(_ issue: SimIssue, stored: Int64?) {
        count += 1
        if let last = lastOfProcess[issue.process], issue.id <= last {
            violations.append("process \(issue.process) issued \(issue.id) after \(last)")
        }
        lastOfProcess[issue.process] = issue.id
        if let floor = floorOfProcess[issue.process], floor.origin == issue.origin, issue.id <= floor.id {
            violations.append("\(issue) is not above \(floor.id), issued by its installation before the process opened")
        }
        highestOfInstallation[issue.origin] = max(highestOfInstallation[issue.origin] ?? -1, issue.id)
        if let stored {
            if issue.tick >= stored {
                violations.append("\(issue) is at or above the stored mark \(stored) of its number")
            }
        } else {
            violations.append("\(issue) has a number its state file no longer keeps a mark for")
        }
        guard let earlier = issued[issue.id] else {
            issued[issue.id] = issue
            return
        }
        judge(earlier, issue)
    }

    /// A violation recorded by the simulation itself (an invariant outside the identifiers).
    func fail(_ message: String) { violations.append(message) }

    private func judge(_ first: SimIssue, _ second: SimIssue) {
        if first.origin == second.origin || first.device == second.device {
            violations.append(
                "issued twice by one \(first.origin == second.origin ? "installation" : "device"): \(first) and \(second)"
            )
            return
        }
        guard excused(first) || excused(second) else {
            let history = cloud.history(of: first.instance).map {
                "\($0.time - SimWorld.start) ms \($0.reason) \($0.holder?.prefix(8) ?? "-") mark \($0.markTick)"
            }
            violations.append(
                "issued twice by two holders of the number: \(first) and \(second) at \(first.time - SimWorld.start) and \(second.time - SimWorld.start) ms; the number's records: \(history.joined(separator: ", "))"
            )
            return
        }
        documented += 1
        // The documented case: every device must settle it alike.
        let one = FlakeIDCollision(
            id: FlakeID(unchecked: first.id), localOrigin: first.origin, arrivingOrigin: second.origin)
        let other = FlakeIDCollision(
            id: FlakeID(unchecked: first.id), localOrigin: second.origin, arrivingOrigin: first.origin)
        if one == nil || other == nil || one?.rekeyedOrigin != other?.rekeyedOrigin {
            violations.append("FlakeIDCollision does not settle \(first) and \(second) alike")
        }
    }

    /// Whether an identifier falls in a documented case: its number was not (yet) claimed by its
    /// installation, or the installation lost the number to a silent-holder reclaim or a deleted
    /// zone and had no answer about the number's record since: the process that had the answer
    /// must stop at once, the installation's other processes within the grace their windows need.
    private func excused(_ issue: SimIssue) -> Bool {
        let history = cloud.history(of: issue.instance)
        guard history.contains(where: { $0.time <= issue.time && $0.holder == issue.origin }) else { return true }
        let name = InstanceClaimRecord.name(instance: issue.instance)
        var holder: String?
        for event in history {
            let lostSilently = event.reason == "reclaim-silent" || event.reason == "zone-deleted"
            if lostSilently, holder == issue.origin {
                guard let heard = cloud.heard(installation: issue.origin, about: name, after: event.time) else {
                    return true
                }
                let inTime =
                    heard.process == issue.process
                    ? issue.step < heard.step : issue.time < heard.time + graceMilliseconds
                if inTime { return true }
            }
            holder = event.holder
        }
        return false
    }
}
