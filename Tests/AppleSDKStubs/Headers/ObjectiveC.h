// From <objc/objc.h> and <objc/NSObject.h>: BOOL, the NSObject protocol and the root class.
// Only what is used.
#include <stdbool.h>

#pragma clang assume_nonnull begin

typedef bool BOOL;

// The NSObject protocol, which Swift imports as NSObjectProtocol (NotificationCenter's observer tokens).
@protocol NSObject
@end

__attribute__((objc_root_class))
@interface NSObject <NSObject>
- (instancetype)init;
@end

#pragma clang assume_nonnull end
