import CoreData
// Checks that the headers in Headers/ import as the Swift declarations Apple publishes for each
// symbol (developer.apple.com's "Declaration"), so a slip in transcribing them fails here.
import Foundation
import Security

func importedAsPublished() {
    let _: Int32.Type = OSStatus.self  // typealias OSStatus = Int32
    let _: OSStatus = errSecSuccess
    let _: [OSStatus] = [
        errSecUnimplemented, errSecParam, errSecAllocate, errSecUserCanceled, errSecNotAvailable, errSecAuthFailed,
        errSecDuplicateItem, errSecItemNotFound, errSecInteractionNotAllowed, errSecDecode, errSecMissingEntitlement,
    ]
    let _: [CFString] = [
        kSecClass, kSecClassGenericPassword, kSecAttrService, kSecAttrAccount, kSecAttrAccessGroup, kSecAttrAccessible,
        kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, kSecUseDataProtectionKeychain, kSecReturnData, kSecMatchLimit,
        kSecMatchLimitOne, kSecValueData,
    ]
    let _: (CFDictionary, UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus = SecItemCopyMatching
    let _: (CFDictionary, UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus = SecItemAdd
    let _: (CFDictionary, CFDictionary) -> OSStatus = SecItemUpdate
    let _: (CFDictionary) -> OSStatus = SecItemDelete
    let _: (OSStatus, UnsafeMutableRawPointer?) -> CFString? = SecCopyErrorMessageString
    let _: AnyObject.Type = CFTypeRef.self
    let _: (NSManagedObject) -> NSManagedObjectContext? = { $0.managedObjectContext }
    let _: (NSManagedObject) -> (Any?, String) -> Void = NSManagedObject.setPrimitiveValue(_:forKey:)
    let _: (NSManagedObject) -> () -> Void = NSManagedObject.awakeFromInsert
    let _: (NSPersistentHistoryToken?) -> NSPersistentHistoryChangeRequest =
        NSPersistentHistoryChangeRequest.fetchHistory(after:)
    let _: (NSPersistentHistoryResult) -> Any? = { $0.result }
    let _: (NSPersistentHistoryTransaction) -> [NSPersistentHistoryChange]? = { $0.changes }
    let _: (NSPersistentHistoryTransaction) -> NSPersistentHistoryToken = { $0.token }
    let _: (NSPersistentHistoryChange) -> NSPersistentHistoryChangeType = { $0.changeType }
    let _: [NSPersistentHistoryChangeType] = [.insert, .update, .delete]
    let _: (NSPersistentHistoryChange) -> NSManagedObjectID = { $0.changedObjectID }
    let _: (NSManagedObjectContext) -> (NSManagedObjectID) -> NSManagedObject = NSManagedObjectContext.object(with:)
    let _: (NSManagedObjectContext) -> Bool = { $0.hasChanges }
    let _: (String) -> NSFetchRequest<NSManagedObject> = NSFetchRequest<NSManagedObject>.init(entityName:)
    let _: (NSFetchRequest<NSManagedObject>) -> NSPredicate? = { $0.predicate }
}
