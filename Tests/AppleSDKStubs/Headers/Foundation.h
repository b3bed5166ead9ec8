// From <Foundation/NSString.h>, NSDictionary.h, NSArray.h and NSData.h: the classes the Core
// Foundation types bridge to, and that the Swift overlay (../Foundation.swift) bridges String,
// Dictionary, Array and Data to (the SwiftBridge entries of Foundation's API notes); and
// NSPredicate.h's class, whose `init(format:_:)` is the overlay's. Only what is used.
#include "ObjectiveC.h"

// <Foundation/NSObjCRuntime.h> and <CoreFoundation/CFAvailability.h>: NSInteger and NS_ENUM.
typedef long NSInteger;
#define NS_ENUM(_type, _name)                                                                   \
    enum __attribute__((enum_extensibility(open))) _name : _type _name;                        \
    enum __attribute__((enum_extensibility(open))) _name : _type

__attribute__((swift_bridge("Swift.String")))
@interface NSString : NSObject
@end

__attribute__((swift_bridge("Swift.Dictionary")))
@interface NSDictionary : NSObject
@end

__attribute__((swift_bridge("Foundation.Data")))
@interface NSData : NSObject
@end

__attribute__((swift_bridge("Swift.Array")))
@interface NSArray<__covariant ObjectType> : NSObject
@end

@interface NSPredicate : NSObject
@end
