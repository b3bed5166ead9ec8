import CoreData
import MiniFlakeDevice
import os

/// Finds the notes that two devices made with one ID among those the container imported
/// since `token`, and re-keys the one `FlakeIDCollision.match` names. Call it on the context's queue
/// after each import from iCloud, once the issuer holds a claimed number.
///
/// - Returns: The token to pass next time.
func resolveCollisions(
    importedAfter token: NSPersistentHistoryToken?, in context: NSManagedObjectContext, issuer: DeviceFlakeIssuer
) throws -> NSPersistentHistoryToken? {
    // Only what others wrote (the import's transactions): this app's saves name their author.
    let request = NSPersistentHistoryChangeRequest.fetchHistory(after: token)
    if let transactions = NSPersistentHistoryTransaction.fetchRequest {
        transactions.predicate = NSPredicate(format: "author != %@", NotesPersistence.author)
        request.fetchRequest = transactions
    }
    let history = try context.execute(request)
    let transactions = (history as? NSPersistentHistoryResult)?.result as? [NSPersistentHistoryTransaction] ?? []
    for change in transactions.flatMap({ $0.changes ?? [] }) where change.changeType == .insert {
        guard let arriving = try? context.existingObject(with: change.changedObjectID) as? NoteEntity,
            let id = FlakeID(rawValue: arriving.id)
        else { continue }
        let sameID = NSFetchRequest<NoteEntity>(entityName: "Note")
        sameID.predicate = NSPredicate(format: "id == %lld", arriving.id)
        for local in try context.fetch(sameID) where local !== arriving && local.id == arriving.id {
            switch FlakeIDCollision.match(id: id, localOrigin: local.origin, arrivingOrigin: arriving.origin) {
            case .collision(let collision):
                let note = collision.rekeyed == .local ? local : arriving
                note.id = try issuer.nextBlocking().rawValue
                note.origin = issuer.installation.text  // in the same save as the ID
            case .sameOrigin, .unknownOrigins:
                // One note synced twice; or, should the two differ, an ID made twice (which
                // MiniFlake promises never happens) or two rows from before origins: report it.
                os_log(.fault, "two notes share the ID %lld", arriving.id)
            }
        }
    }
    if context.hasChanges { try context.save() }
    return transactions.last?.token ?? token
}
