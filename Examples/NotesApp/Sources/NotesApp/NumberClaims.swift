import CloudKit
import MiniFlakeCloudKit

/// The app's claims of instance numbers, in its iCloud container's private database.
let numberClaims = AccountInstanceClaims(
    store: CloudKitInstanceClaimStore(container: CKContainer(identifier: "iCloud.com.example.notes")))

/// Claims (or renews) the issuer's number; on failure, tries again after the delay the error
/// names, still issuing with the number it had.
func claimNumber(for issuer: DeviceFlakeIssuer) async {
    while true {
        do throws(InstanceClaimError) {
            try await numberClaims.claim(for: issuer)
            return
        } catch {
            try? await Task.sleep(for: error.retryAfter ?? .seconds(300))
        }
    }
}

/// At launch: claim, and claim again whenever the iCloud account changes. `claimed` runs after
/// each successful claim (the app then checks what iCloud imported meanwhile).
func startClaiming(for issuer: DeviceFlakeIssuer, claimed: @escaping @Sendable () -> Void) -> any NSObjectProtocol {
    Task {
        await claimNumber(for: issuer)
        claimed()
    }
    return NotificationCenter.default.addObserver(forName: .CKAccountChanged, object: nil, queue: nil) { _ in
        Task {
            await claimNumber(for: issuer)
            claimed()
        }
    }
}
