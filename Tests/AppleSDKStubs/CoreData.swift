// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

// (a stand-in for SDK declarations, documented by Apple; each says what it transcribes)
// The Swift side of Core Data that the Apple-only samples use, over the Clang module of
// Headers/CoreData.h: the generic `fetch(_:)` that Core Data's Swift overlay declares, and the two
// `NSError **` methods as Swift imports them on Apple platforms (see Headers/CoreData.h).
// Bodies are never run: this module is only type-checked against.
@_exported import CoreData

extension NSManagedObjectContext {
    /// `func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] where T : NSFetchRequestResult`.
    public func fetch<T: NSFetchRequestResult>(_ request: NSFetchRequest<T>) throws -> [T] { fatalError("stub") }
    /// `func execute(_ request: NSPersistentStoreRequest) throws -> NSPersistentStoreResult` (`executeRequest:error:`).
    public func execute(_ request: NSPersistentStoreRequest) throws -> NSPersistentStoreResult { fatalError("stub") }
    /// `func save() throws` (`save:`).
    public func save() throws { fatalError("stub") }
}
