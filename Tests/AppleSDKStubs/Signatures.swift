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
}
