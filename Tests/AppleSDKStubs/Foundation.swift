// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

// (a stand-in for SDK declarations, documented by Apple; each group says what it transcribes)
// The Swift side of Foundation that the Apple-only files and samples use, transcribed from the
// declarations Apple publishes for Swift: the bridging of String, Dictionary, Array and Data to
// their Objective-C classes (what makes `as CFDictionary`, `as String?`, `as? Data` and arrays of
// Objective-C objects compile), Thread, URL, NSLock, FileManager, NSPredicate's `init(format:_:)`,
// Date and NotificationCenter. Bodies are never run: this module is only type-checked against.
@_exported import AppleCoreFoundation
@_exported import ObjectiveC

/// `Data`: bytes, bridged to `NSData` (and so to `CFData`).
public struct Data: RandomAccessCollection, Hashable, Sendable {
    public typealias Index = Int
    public init<S: Sequence>(_ elements: S) where S.Element == UInt8 { fatalError("stub") }
    public var startIndex: Int { fatalError("stub") }
    public var endIndex: Int { fatalError("stub") }
    public subscript(position: Int) -> UInt8 { fatalError("stub") }
}

extension Data: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSData { fatalError("stub") }
    public static func _forceBridgeFromObjectiveC(_ source: NSData, result: inout Data?) { fatalError("stub") }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSData, result: inout Data?) -> Bool {
        fatalError("stub")
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSData?) -> Data { fatalError("stub") }
}

extension String: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSString { fatalError("stub") }
    public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout String?) { fatalError("stub") }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSString, result: inout String?) -> Bool {
        fatalError("stub")
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> String { fatalError("stub") }
}

extension Dictionary: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSDictionary { fatalError("stub") }
    public static func _forceBridgeFromObjectiveC(_ source: NSDictionary, result: inout Dictionary?) {
        fatalError("stub")
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSDictionary, result: inout Dictionary?) -> Bool {
        fatalError("stub")
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSDictionary?) -> Dictionary {
        fatalError("stub")
    }
}

/// `extension NSObject: Equatable, Hashable` (the ObjectiveC overlay's: `isEqual(_:)` and `hash`),
/// which makes CloudKit's record and zone IDs dictionary keys.
// swift-format-ignore: AvoidRetroactiveConformances
extension NSObject: @retroactive Equatable, @retroactive Hashable {
    public static func == (lhs: NSObject, rhs: NSObject) -> Bool { fatalError("stub") }
    public func hash(into hasher: inout Hasher) { fatalError("stub") }
}

extension Array: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSArray { fatalError("stub") }
    public static func _forceBridgeFromObjectiveC(_ source: NSArray, result: inout Array?) {
        fatalError("stub")
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSArray, result: inout Array?) -> Bool {
        fatalError("stub")
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSArray?) -> Array {
        fatalError("stub")
    }
}

extension NSPredicate {
    /// `convenience init(format predicateFormat: String, _ args: any CVarArg...)`.
    public convenience init(format predicateFormat: String, _ args: any CVarArg...) { fatalError("stub") }
}

/// `Thread` (`NSThread`).
open class Thread: NSObject {
    /// `class var current: Thread { get }`, which Swift 6 refuses in async code.
    @available(*, noasync, message: "Thread.current cannot be used from async contexts.")
    open class var current: Thread { fatalError("stub") }
}

/// `URL`.
public struct URL: Hashable, Sendable {
    /// `URL.DirectoryHint`.
    public enum DirectoryHint: Sendable {
        case isDirectory, notDirectory, checkFileSystem, inferFromPath
    }

    /// `func appending<S: StringProtocol>(path: S, directoryHint: URL.DirectoryHint = .inferFromPath) -> URL`.
    public func appending<S: StringProtocol>(path: S, directoryHint: DirectoryHint = .inferFromPath) -> URL {
        fatalError("stub")
    }

    /// `func path(percentEncoded: Bool = true) -> String`.
    public func path(percentEncoded: Bool = true) -> String { fatalError("stub") }
}

/// `NSLock`: `class NSLock: NSObject, NSLocking, @unchecked Sendable` with NSLocking's
/// `func lock()` and `func unlock()`.
open class NSLock: NSObject, @unchecked Sendable {
    public override init() { fatalError("stub") }
    open func lock() { fatalError("stub") }
    open func unlock() { fatalError("stub") }
}

/// `FileManager`.
open class FileManager: NSObject {
    /// `class var default: FileManager { get }`.
    open class var `default`: FileManager { fatalError("stub") }

    /// `func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL?`.
    open func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        fatalError("stub")
    }
}

/// `Date` (`struct Date: Comparable, Hashable, Equatable, Sendable`): a point in time.
public struct Date: Comparable, Hashable, Sendable {
    /// `init(timeIntervalSince1970: TimeInterval)`.
    public init(timeIntervalSince1970: Double) { fatalError("stub") }
    /// `var timeIntervalSince1970: TimeInterval { get }`.
    public var timeIntervalSince1970: Double { fatalError("stub") }
    /// `func timeIntervalSince(_ date: Date) -> TimeInterval`.
    public func timeIntervalSince(_ date: Date) -> Double { fatalError("stub") }
    public static func < (lhs: Date, rhs: Date) -> Bool { fatalError("stub") }
}

/// `OperationQueue` (`NSOperationQueue`).
open class OperationQueue: NSObject {}

/// `NSNotification`, for its `Name`.
open class NSNotification: NSObject {
    /// `NSNotification.Name`: `struct Name: Hashable, Equatable, RawRepresentable, @unchecked Sendable`.
    public struct Name: Hashable, RawRepresentable, @unchecked Sendable {
        public var rawValue: String
        public init(rawValue: String) { fatalError("stub") }
        public init(_ rawValue: String) { fatalError("stub") }
    }
}

/// `Notification` (`struct Notification: ReferenceConvertible, Equatable, Hashable`).
public struct Notification: Hashable {
    /// `var name: Notification.Name`.
    public var name: NSNotification.Name
}

/// `NotificationCenter` (`NSNotificationCenter`).
open class NotificationCenter: NSObject, @unchecked Sendable {
    /// `class var default: NotificationCenter { get }`.
    open class var `default`: NotificationCenter { fatalError("stub") }

    /// `func addObserver(forName name: NSNotification.Name?, object obj: Any?, queue: OperationQueue?,
    /// using block: @escaping @Sendable (Notification) -> Void) -> any NSObjectProtocol`.
    open func addObserver(
        forName name: NSNotification.Name?, object obj: Any?, queue: OperationQueue?,
        using block: @escaping @Sendable (Notification) -> Void
    ) -> any NSObjectProtocol { fatalError("stub") }

    /// `func removeObserver(_ observer: Any)`.
    open func removeObserver(_ observer: Any) { fatalError("stub") }
}
