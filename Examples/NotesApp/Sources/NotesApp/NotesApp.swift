import CoreData
import SwiftUI

/// The app: one window of notes. The issuer opens at launch and closes when the scene moves to
/// the background, so that the next launch resumes right after the last ID issued. (`@MainActor`:
/// the iOS 16 SDK isolates only `body` of `App` and `View`, and the session is the main actor's.)
@main
@MainActor
struct NotesApp: App {
    @Environment(\.scenePhase) private var scenePhase
    private let session = NotesSession()

    init() {
        session.launch()
    }

    var body: some Scene {
        WindowGroup {
            NotesView().environment(\.managedObjectContext, session.persistence.container.viewContext)
        }
        .onChange(of: scenePhase) { phase in
            if phase == .background { Task { await IDs.shared.close() } }
        }
    }
}
