extension SimulationFigures {
    /// Adds one account's figures.
    mutating func add(_ other: SimulationFigures) {
        accounts += 1
        devices += other.devices
        records += other.records
        sharedProvisional += other.sharedProvisional
        idsBeforeClaim += other.idsBeforeClaim
        collidingIDs += other.collidingIDs
        collidingIDsAllClaimed += other.collidingIDsAllClaimed
        pairsFound += other.pairsFound
        detections += other.detections
        rekeyed += other.rekeyed
        rowsRekeyed += other.rowsRekeyed
        disagreements += other.disagreements
        sameOriginDuplicates += other.sameOriginDuplicates
        claims += other.claims
        renewals += other.renewals
        reclaims += other.reclaims
        lostNumbers += other.lostNumbers
        releases += other.releases
        retries += other.retries
        failures += other.failures
        signOuts += other.signOuts
        restoredBackups += other.restoredBackups
        lostForAYear += other.lostForAYear
        deletedZones += other.deletedZones
        faultsDrawn += other.faultsDrawn
    }
}
