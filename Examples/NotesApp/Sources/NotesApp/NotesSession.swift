import Foundation
import MiniFlakeDevice

/// What the app holds for its whole run: the Core Data stack, and the observer that claims the
/// issuer's number again when the iCloud account changes.
@MainActor
final class NotesSession {
    /// The Core Data stack.
    let persistence = NotesPersistence()
    /// The `CKAccountChanged` observer of ``startClaiming(for:claimed:)``.
    private var claims: (any NSObjectProtocol)?

    /// At launch: opens the issuer in the App Group container (off the main thread), then
    /// claims its number in iCloud and, once claimed, checks what iCloud imported meanwhile.
    func launch() {
        let remoteChanges = persistence.remoteChanges
        IDs.shared.openAtLaunch { issuer in
            guard let issuer else { return }  // not yet (first unlock, a busy lock): the first ID opens it
            Task { @MainActor in
                self.claims = startClaiming(for: issuer) { remoteChanges.process() }
            }
        }
    }
}
