// From <Foundation/NSString.h>, NSDictionary.h and NSData.h: the classes the Core Foundation
// types bridge to, and that the Swift overlay (../Foundation.swift) bridges String, Dictionary
// and Data to (the SwiftBridge entries of Foundation's API notes). Only what is used.
#include "ObjectiveC.h"

__attribute__((swift_bridge("Swift.String")))
@interface NSString : NSObject
@end

__attribute__((swift_bridge("Swift.Dictionary")))
@interface NSDictionary : NSObject
@end

__attribute__((swift_bridge("Foundation.Data")))
@interface NSData : NSObject
@end
