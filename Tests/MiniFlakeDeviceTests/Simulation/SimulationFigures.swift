/// What the simulation counted, over every account.
struct SimulationFigures: Sendable {
    var accounts = 0
    var devices = 0
    var records = 0
    /// Accounts in which two installations drew the same provisional number at first launch.
    var sharedProvisional = 0
    /// IDs made while the issuer's number was provisional.
    var idsBeforeClaim = 0
    /// IDs that two or more rows carried when they were made.
    var collidingIDs = 0
    /// Of those, IDs made under a claimed number on every side (a claim that failed to keep
    /// numbers apart, or one held through a deleted zone or a year away).
    var collidingIDsAllClaimed = 0
    /// Distinct pairs of rows found carrying one ID, and how many devices found each.
    var pairsFound = 0
    var detections = 0
    /// Re-key writes (every device that found a pair re-keys its row), and the rows they re-keyed.
    var rekeyed = 0
    var rowsRekeyed = 0
    /// Devices that decided a pair differently from an earlier device (must stay 0).
    var disagreements = 0
    /// Rows of one origin with one ID (must stay 0: one installation never repeats an ID).
    var sameOriginDuplicates = 0
    var claims = 0
    var renewals = 0
    var reclaims = 0
    var lostNumbers = 0
    var releases = 0
    var retries = 0
    var failures = 0
    var signOuts = 0
    var restoredBackups = 0
    var lostForAYear = 0
    var deletedZones = 0
    var faultsDrawn = 0

    /// The figures as the test prints them and the article quotes them.
    var summary: String {
        """
        accounts \(accounts), devices \(devices), records \(records)
        accounts whose devices shared a provisional number at first launch: \(sharedProvisional)
        IDs made before a claim: \(idsBeforeClaim)
        colliding IDs: \(collidingIDs) (made under claimed numbers on every side: \(collidingIDsAllClaimed))
        pairs of records found with one ID: \(pairsFound), found on \(detections) devices in all
        records re-keyed: \(rowsRekeyed) (in \(rekeyed) re-key writes; the sync kept one per record), devices that decided differently: \(disagreements)
        claims \(claims), renewals \(renewals), reclaims \(reclaims), numbers found taken over \(lostNumbers), releases \(releases)
        retries \(retries) (calls that failed \(failures); faults drawn by the model \(faultsDrawn))
        sign-outs \(signOuts), backups restored onto a new device \(restoredBackups), devices lost for a year \(lostForAYear), zones deleted \(deletedZones)
        """
    }
}
