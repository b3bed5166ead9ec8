import CoreData
import Foundation

/// The managed object model, defined in code rather than in an `.xcdatamodeld` (no model
/// compiler runs where this example is checked): one entity, `Note`, whose attributes follow
/// CloudKit's rules (optional or with a default, no unique constraint).
enum NotesModel {
    /// The entity's name.
    static let noteEntityName = "Note"

    /// Makes the model. Make it once per process: two models that name one class confuse Core Data.
    static func make() -> NSManagedObjectModel {
        let note = NSEntityDescription()
        note.name = noteEntityName
        note.managedObjectClassName = NSStringFromClass(NoteEntity.self)
        let id = attribute("id", .integer64AttributeType, default: Int64(0))
        let origin = attribute("origin", .stringAttributeType, default: "")
        note.properties = [id, origin, attribute("title", .stringAttributeType, default: "")]
        // The ID is looked up after each import (CollisionResolver): indexed, and not unique,
        // since a CloudKit-mirrored store cannot have unique constraints.
        let byID = NSFetchIndexElementDescription(property: id, collationType: .binary)
        note.indexes = [NSFetchIndexDescription(name: "byID", elements: [byID])]
        let model = NSManagedObjectModel()
        model.entities = [note]
        return model
    }

    /// A non-optional attribute with a default value, as CloudKit requires.
    private static func attribute(_ name: String, _ type: NSAttributeType, default value: Any) -> NSAttributeDescription
    {
        let attribute = NSAttributeDescription()
        attribute.name = name
        attribute.attributeType = type
        attribute.isOptional = false
        attribute.defaultValue = value
        return attribute
    }
}
