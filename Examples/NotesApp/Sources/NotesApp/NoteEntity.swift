import CoreData
import Foundation
import MiniFlakeDevice

/// A note: the Core Data object of the `Note` entity (``NotesModel``), with its FlakeID and the
/// installation that made it (its origin), both given when the object is inserted.
final class NoteEntity: NSManagedObject {
    @NSManaged var id: Int64
    @NSManaged var origin: String
    @NSManaged var title: String

    override func awakeFromInsert() {
        super.awakeFromInsert()
        // A retryable error (another process holds the lock) leaves `id` at 0; have
        // validateForInsert() assign it again or refuse 0, so that no record is saved without one.
        if let issuer = try? IDs.shared.issuer(), let id = try? issuer.nextBlocking().rawValue {
            setPrimitiveValue(id, forKey: "id")
            setPrimitiveValue(issuer.installation.text, forKey: "origin")
        }
    }

    /// Gives the note its ID now if `awakeFromInsert()` could not (the issuer was busy), and
    /// refuses to save a note without one.
    override func validateForInsert() throws {
        try super.validateForInsert()
        guard id == 0 else { return }
        let issuer = try IDs.shared.issuer()
        id = try issuer.nextBlocking().rawValue
        origin = issuer.installation.text
    }
}
