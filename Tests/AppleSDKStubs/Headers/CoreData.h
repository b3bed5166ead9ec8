// From <CoreData/NSManagedObjectContext.h> and NSManagedObject.h: only what is used.
#include "Foundation.h"

#pragma clang assume_nonnull begin

@interface NSManagedObjectContext : NSObject
@end

@interface NSManagedObject : NSObject
@property (nullable, nonatomic, readonly, assign) NSManagedObjectContext *managedObjectContext;
- (void)awakeFromInsert;
- (void)setPrimitiveValue:(nullable id)value forKey:(NSString *)key;
@end

#pragma clang assume_nonnull end
