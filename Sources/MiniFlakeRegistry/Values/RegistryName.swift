/// An account's or an installation's name in an ``InstanceRegistry``: 1 to 128 bytes of UTF-8
/// without control characters.
public struct RegistryName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The most bytes of UTF-8 a name may have.
    public static let maximumBytes = 128

    /// The name's text.
    public let text: String

    /// Checks a name.
    ///
    /// - Throws: ``InstanceRegistryError/Code/invalidName`` when the text is empty, longer
    ///   than ``maximumBytes`` bytes of UTF-8, or holds a control character.
    public init(_ text: String) throws(InstanceRegistryError) {
        let bytes = text.utf8.count
        guard bytes > 0 else { throw InstanceRegistryError(.invalidName, message: "a name must not be empty") }
        guard bytes <= Self.maximumBytes else {
            throw InstanceRegistryError(
                .invalidName, message: "a name is at most \(Self.maximumBytes) bytes of UTF-8, not \(bytes)")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw InstanceRegistryError(.invalidName, message: "a name must not hold control characters")
        }
        self.text = text
    }

    /// A name whose text the caller has already checked (a device's installation, 32
    /// hexadecimal digits, made and read back by the device issuer).
    package init(checkedText text: String) {
        self.text = text
    }

    /// The name's text.
    public var description: String { text }

    /// Orders names by their text.
    public static func < (lhs: RegistryName, rhs: RegistryName) -> Bool { lhs.text < rhs.text }
}
