import CoreData
import Foundation
import MiniFlakeDevice

/// A note: the Core Data object of the `Note` entity (``NotesModel``), with its FlakeID and the
/// installation that made it (its origin), both given when the object is inserted.
final class NoteEntity: NSManagedObject {
    /// The note's FlakeID (`FlakeID.rawValue`); 0 until it has one.
    @NSManaged var id: Int64
    /// The installation whose issuer made `id` (`issuer.installation.text`), set with it.
    @NSManaged var origin: String
    /// What the user wrote.
    @NSManaged var title: String

    override func awakeFromInsert() {
        super.awakeFromInsert()
        // A retryable error (another process holds the lock) leaves `id` at 0, which
        // validateForInsert() refuses, so that no record is saved without an ID.
        if let issuer = try? IDs.shared.issuer(), let id = try? issuer.nextBlocking().rawValue {
            setPrimitiveValue(id, forKey: "id")
            setPrimitiveValue(issuer.installation.text, forKey: "origin")
        }
    }

    /// Refuses to save a note that `awakeFromInsert()` could not give an ID (the issuer was busy
    /// or the Keychain locked): the save throws, and the app can make the note again.
    override func validateForInsert() throws {
        try super.validateForInsert()
        if id == 0 { throw CocoaError(.validationMissingMandatoryProperty) }
    }
}
