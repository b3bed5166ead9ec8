import CloudKit
import CoreData
import Foundation
import os

/// The Core Data stack: an `NSPersistentCloudKitContainer` on the model of ``NotesModel``,
/// mirrored to the user's private CloudKit database, with persistent history on so that
/// ``RemoteChangeProcessor`` can check what each import brought in.
@MainActor
final class NotesPersistence {
    /// The author of this app's own transactions, which the history check skips.
    nonisolated static let author = "app"
    /// The CloudKit container the store mirrors to (the iCloud capability's); the number claims
    /// live there too (``numberClaims``).
    nonisolated static let cloudKitContainer = "iCloud.com.example.notes"

    /// The container; its `viewContext` is the one the views use.
    let container: NSPersistentCloudKitContainer
    /// Checks each import from iCloud for colliding IDs.
    let remoteChanges: RemoteChangeProcessor
    /// The `NSPersistentStoreRemoteChange` observer.
    private var observer: (any NSObjectProtocol)?
    // `os_log` rather than `Logger`: the SDK check's compiler cannot fold `Logger`'s interpolations.
    private let log = OSLog(subsystem: "com.example.notes", category: "persistence")

    /// Loads the store, or logs why it could not (the views then show an empty list).
    init() {
        container = NSPersistentCloudKitContainer(name: "Notes", managedObjectModel: NotesModel.make())
        let description =
            container.persistentStoreDescriptions.first
            ?? NSPersistentStoreDescription(
                url: NSPersistentContainer.defaultDirectoryURL().appending(path: "Notes.sqlite"))
        // The history that the collision check reads, and a notification after each import.
        description.setOption(true as NSNumber, forKey: NSPersistentHistoryTrackingKey)
        description.setOption(true as NSNumber, forKey: NSPersistentStoreRemoteChangeNotificationPostOptionKey)
        description.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(
            containerIdentifier: Self.cloudKitContainer)
        container.persistentStoreDescriptions = [description]
        let log = log
        container.loadPersistentStores { store, error in
            if let error { os_log("cannot load the store: %{public}@", log: log, type: .error, "\(error)") }
        }
        let viewContext = container.viewContext
        viewContext.automaticallyMergesChangesFromParent = true
        viewContext.transactionAuthor = Self.author
        viewContext.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
        remoteChanges = RemoteChangeProcessor(container: container)
        let remoteChanges = remoteChanges
        observer = NotificationCenter.default.addObserver(
            forName: .NSPersistentStoreRemoteChange, object: container.persistentStoreCoordinator, queue: nil
        ) { _ in
            remoteChanges.process()
        }
    }
}
