/// A result code of a Keychain call (`OSStatus`, an `Int32`), and the ``DeviceStateError`` each
/// one becomes. Plain values, so that Linux compiles and tests the mapping; only
/// `KeychainDeviceKey` calls the Keychain.
///
/// The numbers are those of `<Security/SecBase.h>`.
package struct KeychainStatus: Sendable, Hashable, CustomStringConvertible {
    /// The `OSStatus`.
    package let rawValue: Int32

    /// Wraps an `OSStatus`.
    package init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// `errSecSuccess`.
    package static let success = KeychainStatus(0)
    /// `errSecUnimplemented`.
    package static let unimplemented = KeychainStatus(-4)
    /// `errSecParam`: the query holds something the Keychain does not accept.
    package static let invalidParameter = KeychainStatus(-50)
    /// `errSecUserCanceled`.
    package static let userCanceled = KeychainStatus(-128)
    /// `errSecAllocate`.
    package static let allocationFailed = KeychainStatus(-108)
    /// `errSecNotAvailable`: no keychain is available.
    package static let notAvailable = KeychainStatus(-25291)
    /// `errSecAuthFailed`.
    package static let authenticationFailed = KeychainStatus(-25293)
    /// `errSecDuplicateItem`: an add found the item already there.
    package static let duplicateItem = KeychainStatus(-25299)
    /// `errSecItemNotFound`.
    package static let itemNotFound = KeychainStatus(-25300)
    /// `errSecInteractionNotAllowed`: the item's data is protected and the device is locked;
    /// for an `…AfterFirstUnlock…` item, the device has not been unlocked since it started.
    package static let interactionNotAllowed = KeychainStatus(-25308)
    /// `errSecDecode`.
    package static let decodeFailed = KeychainStatus(-26275)
    /// `errSecMissingEntitlement`: the process may not use the data protection keychain, or
    /// the access group.
    package static let missingEntitlement = KeychainStatus(-34018)

    /// `OSStatus N`.
    package var description: String { "OSStatus \(rawValue)" }

    /// The Security framework's name for the status and what it means here, or `nil` for a
    /// status that `KeychainDeviceKey` does not expect.
    package var explanation: String? {
        switch self {
        case .success: "errSecSuccess: no error"
        case .unimplemented: "errSecUnimplemented: the Keychain does not implement this call here"
        case .invalidParameter:
            "errSecParam: the Keychain refused the query's attributes (a MiniFlake bug: please report it)"
        case .userCanceled: "errSecUserCanceled: the user cancelled a Keychain prompt"
        case .allocationFailed: "errSecAllocate: the Keychain ran out of memory"
        case .notAvailable: "errSecNotAvailable: no keychain is available on this device"
        case .authenticationFailed: "errSecAuthFailed: the Keychain refused the authentication"
        case .duplicateItem: "errSecDuplicateItem: the item already exists"
        case .itemNotFound: "errSecItemNotFound: there is no such item"
        case .interactionNotAllowed:
            "errSecInteractionNotAllowed: the device has not been unlocked since it started, and the key is"
                + " readable only after the first unlock; open the issuer again once the user has unlocked the device"
        case .decodeFailed: "errSecDecode: the Keychain could not decode the item"
        case .missingEntitlement:
            "errSecMissingEntitlement: this process may not use the data protection keychain or the access group;"
                + " sign a Mac app with a keychain-access-groups entitlement that lists the group,"
                + " and give an unsigned command-line tool a FileDeviceKey instead"
        default: nil
        }
    }

    /// The error for this status, met while doing `action` (`read`, `store`, `replace`,
    /// `delete`) to the device key: always ``DeviceStateError/Code/deviceKeyUnavailable``, with
    /// the status number, what it means, and the system's own text when there is one.
    ///
    /// - Parameters:
    ///   - action: What was being done to the item.
    ///   - systemMessage: `SecCopyErrorMessageString`'s text, if any.
    package func error(_ action: String, systemMessage: String? = nil) -> DeviceStateError {
        var message = "cannot \(action) the device key in the Keychain (\(self)"
        message += explanation.map { ", \($0))" } ?? ", a status MiniFlake does not expect)"
        if let systemMessage, !systemMessage.isEmpty { message += "; the system says: \(systemMessage)" }
        return DeviceStateError(.deviceKeyUnavailable, message: message)
    }
}
