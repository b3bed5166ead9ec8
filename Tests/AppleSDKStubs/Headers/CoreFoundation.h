// From <CoreFoundation/CFBase.h>, CFString.h, CFDictionary.h, CFData.h and <MacTypes.h>: the
// types the Security calls take, toll-free bridged (CF_BRIDGED_TYPE) as in the SDK, so that
// Swift imports them as the classes CFString, CFDictionary, CFData and CFTypeRef as AnyObject.
#include <stdint.h>
#include "Foundation.h"

typedef int32_t OSStatus;
typedef const void *CFTypeRef;
typedef const struct __attribute__((objc_bridge(NSString))) __CFString *CFStringRef;
typedef const struct __attribute__((objc_bridge(NSDictionary))) __CFDictionary *CFDictionaryRef;
typedef const struct __attribute__((objc_bridge(NSData))) __CFData *CFDataRef;
