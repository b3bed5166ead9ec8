// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation, AlwaysUseLowerCamelCase

// (a stand-in for SDK declarations, documented by Apple; each says what it transcribes)
// The CloudKit declarations that Sources/MiniFlakeCloudKit and its documentation samples use,
// transcribed from the Swift declarations Apple publishes (developer.apple.com/documentation/cloudkit),
// with Apple's availability. CloudKit's classes are Objective-C classes and its async methods come
// from its Swift overlay; here both are plain Swift, written as Apple's Swift declarations read.
// Bodies are never run: this module is only type-checked against (scripts/typecheck-apple-only.sh).
@_exported import Foundation

/// `CKAccountStatus`: `enum CKAccountStatus: Int, @unchecked Sendable`.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 3.0, *)
public enum CKAccountStatus: Int, @unchecked Sendable {
    case couldNotDetermine = 0
    case available = 1
    case restricted = 2
    case noAccount = 3
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    case temporarilyUnavailable = 4
}

/// `let CKCurrentUserDefaultName: String` (iOS 10.0).
@available(iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0, *)
public let CKCurrentUserDefaultName: String = "__defaultOwner__"

/// `class CKContainer: NSObject, @unchecked Sendable`.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 3.0, *)
open class CKContainer: NSObject, @unchecked Sendable {
    /// `class func `default`() -> CKContainer`.
    open class func `default`() -> CKContainer { fatalError("stub") }
    /// `convenience init(identifier containerIdentifier: String)`.
    public convenience init(identifier containerIdentifier: String) { fatalError("stub") }
    /// `var privateCloudDatabase: CKDatabase { get }`.
    open var privateCloudDatabase: CKDatabase { fatalError("stub") }
    /// `func accountStatus() async throws -> CKAccountStatus` (iOS 15.0).
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func accountStatus() async throws -> CKAccountStatus { fatalError("stub") }
    /// `func userRecordID() async throws -> CKRecord.ID` (iOS 15.0).
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func userRecordID() async throws -> CKRecord.ID { fatalError("stub") }
}

/// `extension NSNotification.Name { static let CKAccountChanged: NSNotification.Name }` (iOS 9.0).
@available(iOS 9.0, macOS 10.11, tvOS 9.0, watchOS 3.0, *)
extension NSNotification.Name {
    public static let CKAccountChanged = NSNotification.Name(rawValue: "CKAccountChangedNotification")
}

/// `class CKRecordZone: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable`.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 3.0, *)
open class CKRecordZone: NSObject, @unchecked Sendable {
    /// `class ID: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable`.
    open class ID: NSObject, @unchecked Sendable {
        /// `convenience init(zoneName: String = CKRecordZone.ID.defaultZoneName, ownerName: String = CKCurrentUserDefaultName)`.
        public convenience init(zoneName: String, ownerName: String = CKCurrentUserDefaultName) { fatalError("stub") }
        /// `var zoneName: String { get }`.
        open var zoneName: String { fatalError("stub") }
    }
    /// `init(zoneID: CKRecordZone.ID)`.
    public init(zoneID: CKRecordZone.ID) { fatalError("stub") }
}

/// `protocol __CKRecordObjCValue: NSObjectProtocol` (NSString, NSNumber, NSDate… conform).
public protocol __CKRecordObjCValue: NSObjectProtocol {}

/// `protocol CKRecordValueProtocol`: String, Int64, Date, Data, Double, Bool… conform.
public protocol CKRecordValueProtocol {}
extension String: CKRecordValueProtocol {}
extension Int64: CKRecordValueProtocol {}
extension Date: CKRecordValueProtocol {}
extension Data: CKRecordValueProtocol {}

/// `class CKRecord: NSObject, NSSecureCoding, NSCopying`.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 3.0, *)
open class CKRecord: NSObject {
    /// `typealias RecordType = String`.
    public typealias RecordType = String
    /// `typealias FieldKey = String`.
    public typealias FieldKey = String

    /// `class ID: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable`.
    open class ID: NSObject, @unchecked Sendable {
        /// `convenience init(recordName: String, zoneID: CKRecordZone.ID)`.
        public convenience init(recordName: String, zoneID: CKRecordZone.ID) { fatalError("stub") }
        /// `var recordName: String { get }`.
        open var recordName: String { fatalError("stub") }
        /// `var zoneID: CKRecordZone.ID { get }`.
        open var zoneID: CKRecordZone.ID { fatalError("stub") }
    }

    /// `init(recordType: CKRecord.RecordType, recordID: CKRecord.ID)`.
    public init(recordType: CKRecord.RecordType, recordID: CKRecord.ID) { fatalError("stub") }
    /// `var recordID: CKRecord.ID { get }`.
    open var recordID: CKRecord.ID { fatalError("stub") }
    /// `var recordChangeTag: String? { get }`.
    open var recordChangeTag: String? { fatalError("stub") }
    /// `var modificationDate: Date? { get }`.
    open var modificationDate: Date? { fatalError("stub") }

    /// `subscript(key: CKRecord.FieldKey) -> (any __CKRecordObjCValue)? { get set }`.
    public subscript(key: CKRecord.FieldKey) -> (any __CKRecordObjCValue)? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    /// `subscript<T>(key: CKRecord.FieldKey) -> T? where T : CKRecordValueProtocol { get set }`.
    public subscript<T: CKRecordValueProtocol>(key: CKRecord.FieldKey) -> T? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

/// `class CKModifyRecordsOperation: CKDatabaseOperation`, for its `RecordSavePolicy`.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 3.0, *)
open class CKModifyRecordsOperation: NSObject {
    /// `enum RecordSavePolicy: Int, @unchecked Sendable`.
    public enum RecordSavePolicy: Int, @unchecked Sendable {
        case ifServerRecordUnchanged = 0
        case changedKeys = 1
        case allKeys = 2
    }
}

/// `class CKDatabase: NSObject, @unchecked Sendable`.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 3.0, *)
open class CKDatabase: NSObject, @unchecked Sendable {
    /// `func record(for recordID: CKRecord.ID) async throws -> CKRecord` (iOS 15.0).
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func record(for recordID: CKRecord.ID) async throws -> CKRecord { fatalError("stub") }

    /// `func modifyRecords(saving recordsToSave: [CKRecord], deleting recordIDsToDelete: [CKRecord.ID],
    /// savePolicy: CKModifyRecordsOperation.RecordSavePolicy = .ifServerRecordUnchanged, atomically: Bool = true)
    /// async throws -> (saveResults: [CKRecord.ID : Result<CKRecord, any Error>], deleteResults: [CKRecord.ID : Result<Void, any Error>])`
    /// (iOS 15.0).
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func modifyRecords(
        saving recordsToSave: [CKRecord], deleting recordIDsToDelete: [CKRecord.ID],
        savePolicy: CKModifyRecordsOperation.RecordSavePolicy = .ifServerRecordUnchanged, atomically: Bool = true
    ) async throws -> (
        saveResults: [CKRecord.ID: Result<CKRecord, any Error>], deleteResults: [CKRecord.ID: Result<Void, any Error>]
    ) { fatalError("stub") }

    /// `func modifyRecordZones(saving recordZonesToSave: [CKRecordZone], deleting recordZoneIDsToDelete: [CKRecordZone.ID])
    /// async throws -> (saveResults: [CKRecordZone.ID : Result<CKRecordZone, any Error>], deleteResults: [CKRecordZone.ID : Result<Void, any Error>])`
    /// (iOS 15.0).
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func modifyRecordZones(
        saving recordZonesToSave: [CKRecordZone], deleting recordZoneIDsToDelete: [CKRecordZone.ID]
    )
        async throws -> (
            saveResults: [CKRecordZone.ID: Result<CKRecordZone, any Error>],
            deleteResults: [CKRecordZone.ID: Result<Void, any Error>]
        )
    { fatalError("stub") }
}

/// `struct CKError`: `CustomNSError, Hashable, Error`, with the `Code` Apple documents.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 3.0, *)
public struct CKError: Error, Hashable {
    /// `enum Code: Int, @unchecked Sendable, Equatable`; the cases the adapter names, with Apple's raw values.
    public enum Code: Int, @unchecked Sendable, Equatable {
        case internalError = 1
        case partialFailure = 2
        case networkUnavailable = 3
        case networkFailure = 4
        case serviceUnavailable = 6
        case requestRateLimited = 7
        case notAuthenticated = 9
        case unknownItem = 11
        case serverRecordChanged = 14
        case zoneBusy = 23
        case zoneNotFound = 26
        case userDeletedZone = 28
        @available(iOS 11.0, macOS 10.13, tvOS 11.0, watchOS 4.0, *)
        case serverResponseLost = 34
        @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
        case accountTemporarilyUnavailable = 36
    }

    /// `var code: CKError.Code { get }`.
    public var code: Code { fatalError("stub") }
    /// `var serverRecord: CKRecord? { get }`: the server's record for `serverRecordChanged`.
    public var serverRecord: CKRecord? { fatalError("stub") }
    /// `var retryAfterSeconds: Double? { get }`.
    public var retryAfterSeconds: Double? { fatalError("stub") }
    /// `var partialErrorsByItemID: [AnyHashable : any Error]? { get }`.
    public var partialErrorsByItemID: [AnyHashable: any Error]? { fatalError("stub") }

    public static func == (lhs: CKError, rhs: CKError) -> Bool { fatalError("stub") }
    public func hash(into hasher: inout Hasher) { fatalError("stub") }
}
