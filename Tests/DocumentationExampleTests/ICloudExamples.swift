#if canImport(CloudKit) && canImport(CoreData)
    import CloudKit
    import CoreData
    import MiniFlakeCloudKit

    // The Apple-only blocks of MiniFlakeDevice's "iCloud without a server", as they appear there.
    // Compiled on Apple platforms by this target, and on Linux by scripts/typecheck-apple-only.sh.
    // NoteEntity and IDs are "Issuing on devices"' (DeviceAppExamples.swift).

    /// The app's claims of instance numbers, in its iCloud container's private database.
    let numberClaims = AccountInstanceClaims(
        store: CloudKitInstanceClaimStore(container: CKContainer(identifier: "iCloud.com.example.notes")))

    /// Claims (or renews) the issuer's number; on failure, tries again after the delay the error
    /// names, still issuing with the number it had.
    func claimNumber(for issuer: DeviceFlakeIssuer) async {
        while true {
            do throws(InstanceClaimError) {
                try await numberClaims.claim(for: issuer)
                return
            } catch {
                try? await Task.sleep(for: error.retryAfter ?? .seconds(300))
            }
        }
    }

    /// At launch: claim, and claim again whenever the iCloud account changes.
    func startClaiming(for issuer: DeviceFlakeIssuer) -> any NSObjectProtocol {
        Task { await claimNumber(for: issuer) }
        return NotificationCenter.default.addObserver(forName: .CKAccountChanged, object: nil, queue: nil) { _ in
            Task { await claimNumber(for: issuer) }
        }
    }

    /// Finds the notes that two devices made with one ID among those the container imported
    /// since `token`, and re-keys the one `FlakeIDCollision` names. Call it on the context's queue
    /// after each import from iCloud, once the issuer holds a claimed number.
    ///
    /// - Returns: The token to pass next time.
    func resolveCollisions(
        importedAfter token: NSPersistentHistoryToken?, in context: NSManagedObjectContext, issuer: DeviceFlakeIssuer
    ) throws -> NSPersistentHistoryToken? {
        let history = try context.execute(NSPersistentHistoryChangeRequest.fetchHistory(after: token))
        let transactions = (history as? NSPersistentHistoryResult)?.result as? [NSPersistentHistoryTransaction] ?? []
        for change in transactions.flatMap({ $0.changes ?? [] }) where change.changeType == .insert {
            guard let arriving = context.object(with: change.changedObjectID) as? NoteEntity,
                let id = FlakeID(rawValue: arriving.id)
            else { continue }
            let sameID = NSFetchRequest<NoteEntity>(entityName: "Note")
            sameID.predicate = NSPredicate(format: "id == %lld", arriving.id)
            for local in try context.fetch(sameID) where local !== arriving && local.id == arriving.id {
                guard
                    let collision = FlakeIDCollision(id: id, localOrigin: local.origin, arrivingOrigin: arriving.origin)
                else { continue }
                let note = collision.rekeyed == .local ? local : arriving
                note.id = try issuer.nextBlocking().rawValue
                note.origin = issuer.installation.text  // in the same save as the ID
            }
        }
        if context.hasChanges { try context.save() }
        return transactions.last?.token ?? token
    }
#endif
