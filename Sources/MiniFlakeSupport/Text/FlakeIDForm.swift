import MiniFlake

/// A form an ID is written in: one of the core's text formats, or the version-7 UUID that holds
/// the ID and its layout.
package enum FlakeIDForm: String, Sendable, Hashable, CaseIterable {
    /// Base 10.
    case decimal
    /// Hexadecimal, 1 to 16 digits, with or without `0x`.
    case hex
    /// 13 Crockford base32 symbols.
    case base32
    /// A ``MiniFlake/FlakeUUID``'s text.
    case uuid

    /// The core's text format of the same name; `nil` for ``uuid``.
    package var textFormat: FlakeTextFormat? {
        switch self {
        case .decimal: .decimal
        case .hex: .hex
        case .base32: .base32
        case .uuid: nil
        }
    }
}
