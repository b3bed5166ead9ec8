// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

// (a stand-in for SDK declarations, documented by Apple; each group says what it transcribes)
// The Swift side of Foundation that the Apple-only files and samples use, transcribed from the
// declarations Apple publishes for Swift: the bridging of String, Dictionary and Data to their
// Objective-C classes (what makes `as CFDictionary`, `as String?` and `as? Data` compile), and
// Thread, URL, NSLock and FileManager. Bodies are never run: this module is only type-checked against.
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
