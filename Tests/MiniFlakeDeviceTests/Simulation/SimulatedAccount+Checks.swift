import MiniFlake
import MiniFlakeDevice
import MiniFlakeTestSupport
import Testing

/// What must hold once an account has settled.
extension SimulatedAccount {
    /// Records the issues it finds with `#expect`, naming the account, and adds the claim figures.
    func check() async {
        let label = "account \(index)"
        // No number held by two installations at once, and each holder's record names it.
        var holders: [Int: String] = [:]
        for device in devices {
            #expect(!device.issuer.needsRegistration, "\(label): \(device.name) settled without a number")
            guard let instance = device.issuer.currentInstanceNumber, !device.issuer.needsRegistration else { continue }
            if let other = holders[instance], other != device.installation {
                Issue.record("\(label): instance \(instance) is held by \(other) and \(device.installation)")
            }
            holders[instance] = device.installation
            let record = model.records[InstanceClaimRecord.name(instance: instance)]
            #expect(record?.holder == device.installation, "\(label): the record of \(instance) names another holder")
        }
        // No record lost: the sync service holds every row made, and every device holds them all, alike.
        #expect(cloud.count == figures.records, "\(label): \(figures.records) rows made, \(cloud.count) in the cloud")
        for device in devices {
            #expect(device.rows == cloud, "\(label): \(device.name) differs from the cloud after the sync settled")
        }
        // No ID carried by two rows any more.
        var seen: [FlakeID: String] = [:]
        for row in cloud.values {
            if let other = seen[row.id] { Issue.record("\(label): rows \(other) and \(row.key) still share \(row.id)") }
            seen[row.id] = row.key
        }
        // Every ID that two rows were made with was found by a device, and the kept row is the
        // one whose origin sorts first, as every device decided.
        for (id, rows) in made where rows.count > 1 {
            figures.collidingIDs += 1
            if !rows.contains(where: \.provisional) { figures.collidingIDsAllClaimed += 1 }
            let pairs = decisions.keys.filter { $0.id == id }
            #expect(!pairs.isEmpty, "\(label): the rows made with \(id) were never found together")
        }
        figures.pairsFound = decisions.count
        figures.rowsRekeyed = rekeyedRows.count
        #expect(figures.disagreements == 0 && figures.sameOriginDuplicates == 0, "\(label)")
        for device in devices {
            let counts = await device.claims.counts
            figures.claims += counts.claims
            figures.renewals += counts.renewals
            figures.reclaims += counts.reclaims
            figures.lostNumbers += counts.lost
            figures.releases += counts.releases
            figures.retries += counts.retries
            figures.failures += counts.failures
        }
        figures.faultsDrawn = model.faultsDrawn
        for device in devices { try? await device.issuer.close() }
        directory.remove()
    }
}
