import CoreData
import Foundation
import MiniFlakeDevice
import os

/// Runs ``resolveCollisions(importedAfter:in:issuer:)`` after each change iCloud imports, on a
/// background context of its own, and keeps the history token between launches, the way Apple's
/// sample *Synchronizing a local store to the cloud* processes history to remove duplicates.
final class RemoteChangeProcessor: @unchecked Sendable {
    // @unchecked: `context` and `token` are used only on the context's queue (`perform`).
    private let context: NSManagedObjectContext
    private var token: NSPersistentHistoryToken?
    private let tokenFile: URL
    private let log = OSLog(subsystem: "com.example.notes", category: "collisions")

    /// Makes the processor on a new background context of `container`, with the token the last
    /// launch stored.
    init(container: NSPersistentContainer) {
        context = container.newBackgroundContext()
        context.transactionAuthor = NotesPersistence.author
        context.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
        tokenFile = NSPersistentContainer.defaultDirectoryURL().appending(path: "NotesHistoryToken.data")
        token = (try? Data(contentsOf: tokenFile)).flatMap {
            try? NSKeyedUnarchiver.unarchivedObject(ofClass: NSPersistentHistoryToken.self, from: $0)
        }
    }

    /// Checks, on the context's queue, what was imported since the last check. Until the issuer
    /// holds a claimed number it checks nothing and keeps the token: a re-keyed note would get
    /// an ID from a provisional number, which may collide again. The app calls it again after
    /// each claim.
    func process() {
        context.perform {
            guard let issuer = try? IDs.shared.issuer(), !issuer.needsRegistration else { return }
            do {
                let next = try resolveCollisions(importedAfter: self.token, in: self.context, issuer: issuer)
                guard let next, next != self.token else { return }
                self.token = next
                let data = try NSKeyedArchiver.archivedData(withRootObject: next, requiringSecureCoding: true)
                try data.write(to: self.tokenFile, options: .atomic)
            } catch {
                self.context.rollback()
                os_log(
                    "collision check failed, retried after the next import: %{public}@", log: self.log, type: .error,
                    "\(error)")
            }
        }
    }
}
