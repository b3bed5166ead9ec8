// From <objc/NSObject.h>: the root class. Only what is used.
#pragma clang assume_nonnull begin

__attribute__((objc_root_class))
@interface NSObject
- (instancetype)init;
@end

#pragma clang assume_nonnull end
