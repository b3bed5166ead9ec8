// From <Security/SecBase.h> and <Security/SecItem.h>: exactly the result codes, keys, values
// and functions KeychainDeviceKey uses, with the SDK's nullability and its implicit bridging
// (CF_ASSUME_NONNULL, CF_IMPLICIT_BRIDGING_ENABLED). The result codes' values are SecBase.h's.
#include "CoreFoundation.h"

#pragma clang assume_nonnull begin
#pragma clang arc_cf_code_audited begin

enum : OSStatus {
    errSecSuccess = 0,
    errSecUnimplemented = -4,
    errSecParam = -50,
    errSecAllocate = -108,
    errSecUserCanceled = -128,
    errSecNotAvailable = -25291,
    errSecAuthFailed = -25293,
    errSecDuplicateItem = -25299,
    errSecItemNotFound = -25300,
    errSecInteractionNotAllowed = -25308,
    errSecDecode = -26275,
    errSecMissingEntitlement = -34018,
};

extern const CFStringRef kSecClass;
extern const CFStringRef kSecClassGenericPassword;
extern const CFStringRef kSecAttrService;
extern const CFStringRef kSecAttrAccount;
extern const CFStringRef kSecAttrAccessGroup;
extern const CFStringRef kSecAttrAccessible;
extern const CFStringRef kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
extern const CFStringRef kSecUseDataProtectionKeychain;
extern const CFStringRef kSecReturnData;
extern const CFStringRef kSecMatchLimit;
extern const CFStringRef kSecMatchLimitOne;
extern const CFStringRef kSecValueData;

OSStatus SecItemCopyMatching(CFDictionaryRef query, CFTypeRef _Nullable *_Nullable __attribute__((cf_returns_retained)) result);
OSStatus SecItemAdd(CFDictionaryRef attributes, CFTypeRef _Nullable *_Nullable __attribute__((cf_returns_retained)) result);
OSStatus SecItemUpdate(CFDictionaryRef query, CFDictionaryRef attributesToUpdate);
OSStatus SecItemDelete(CFDictionaryRef query);
CFStringRef _Nullable SecCopyErrorMessageString(OSStatus status, void *_Nullable reserved);

#pragma clang arc_cf_code_audited end
#pragma clang assume_nonnull end
