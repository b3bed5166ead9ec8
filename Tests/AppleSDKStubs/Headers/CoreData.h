// From <CoreData/NSManagedObjectContext.h>, NSManagedObject.h, NSFetchRequest.h and the
// persistent history headers: only what is used.
#include "Foundation.h"

#pragma clang assume_nonnull begin

@class NSManagedObject;

// NSFetchRequest.h
@protocol NSFetchRequestResult <NSObject>
@end

@interface NSManagedObjectID : NSObject
@end

// NSPersistentStoreRequest.h and NSPersistentStoreResult.h
@interface NSPersistentStoreRequest : NSObject
@end

@interface NSPersistentStoreResult : NSObject
@end

@interface NSFetchRequest<__covariant ResultType:id<NSFetchRequestResult>> : NSPersistentStoreRequest
+ (instancetype)fetchRequestWithEntityName:(NSString *)entityName;
@property (nullable, nonatomic, strong) NSPredicate *predicate;
@end

// NSPersistentHistoryToken.h, NSPersistentHistoryChange.h, NSPersistentHistoryTransaction.h,
// NSPersistentHistoryChangeRequest.h and NSPersistentStoreResult.h (NSPersistentHistoryResult)
@interface NSPersistentHistoryToken : NSObject
@end

typedef NS_ENUM(NSInteger, NSPersistentHistoryChangeType) {
    NSPersistentHistoryChangeTypeInsert,
    NSPersistentHistoryChangeTypeUpdate,
    NSPersistentHistoryChangeTypeDelete,
};

@interface NSPersistentHistoryChange : NSObject
@property (readonly) NSPersistentHistoryChangeType changeType;
@property (readonly, copy) NSManagedObjectID *changedObjectID;
@end

@interface NSPersistentHistoryTransaction : NSObject
@property (nullable, readonly, copy) NSArray<NSPersistentHistoryChange *> *changes;
@property (readonly, strong) NSPersistentHistoryToken *token;
@end

@interface NSPersistentHistoryChangeRequest : NSPersistentStoreRequest
+ (instancetype)fetchHistoryAfterToken:(nullable NSPersistentHistoryToken *)token;
@end

@interface NSPersistentHistoryResult : NSPersistentStoreResult
@property (nullable, readonly, strong) id result;
@end

// NSManagedObjectContext.h. Its `executeRequest:error:` and `save:` import as throwing methods
// through an `NSError **` parameter, which Linux's standard library cannot import (it has no
// AutoreleasingUnsafeMutablePointer): ../CoreData.swift declares them as Swift sees them, with the
// overlay's fetch(_:).
@interface NSManagedObjectContext : NSObject
@property (nonatomic, readonly) BOOL hasChanges;
- (NSManagedObject *)objectWithID:(NSManagedObjectID *)objectID;
@end

// NSManagedObject.h
@interface NSManagedObject : NSObject <NSFetchRequestResult>
@property (nullable, nonatomic, readonly, assign) NSManagedObjectContext *managedObjectContext;
- (void)awakeFromInsert;
- (void)setPrimitiveValue:(nullable id)value forKey:(NSString *)key;
@end

#pragma clang assume_nonnull end
