#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Names the holders of leases, so that `miniflake lease list` shows which process holds which
/// number.
public enum LeaseHolder {
    /// This process: `host name pid N`.
    public static var current: String {
        "\(ProcessInfo.processInfo.hostName) pid \(ProcessInfo.processInfo.processIdentifier)"
    }

    /// A holder name unique to one claim: the label followed by a random token, so that two
    /// processes given the same label can never renew each other's leases.
    public static func unique(_ label: String) -> String {
        let token = String(UInt64.random(in: 0...UInt64(UInt32.max)), radix: 16)
        return "\(label) #\(String(repeating: "0", count: max(0, 8 - token.count)))\(token)"
    }
}
