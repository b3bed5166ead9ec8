import MiniFlake
import MiniFlakeSupport

extension DeviceFlakeIssuer {
    /// Ends the open window and stores the tick after the last identifier actually issued as the
    /// mark, so that the next launch resumes there rather than at the end of the window
    /// reserved. Call it when the app moves to the background (UIKit's
    /// `sceneDidEnterBackground(_:)`, SwiftUI's `scenePhase` becoming `.background`) and
    /// before a command-line tool exits.
    ///
    /// The issuer stays usable: the next identifier reserves a new window, as after a pause. The
    /// mark is lowered only while no other process of this kind has reserved since this one last
    /// wrote the state file (its windows start at or above that mark); otherwise it stays, and
    /// the rest of the window is skipped. It waits for a reservation running in the background.
    ///
    /// - Throws: ``DeviceStateError/Code/directoryBusy`` and the storage errors; the mark then
    ///   stays where the reservation put it, so nothing can repeat.
    @available(*, noasync, message: "it takes the directory lock and writes with fsync; use 'try await close()'")
    public func closeBlocking() throws(DeviceStateError) {
        try reserving.withLock { () throws(DeviceStateError) in
            windows.withLock { windows in
                windows.ready = nil
                windows.demand.pause()
                maker.closeWindow()
            }
            // No call issues from here until a window opens again, which takes `reserving`.
            let resumeTick = (maker.lastIssuedTick ?? -1) + 1
            let written = snapshot.withLock { $0.state }
            guard resumeTick < written.markTick else { return }
            let store = change.store
            let outcome = try store.lock.withLock(waitingAtMost: configuration.lockWaitLimit) {
                () throws(DeviceStateError) -> DeviceState? in
                guard case .valid(let stored)? = try store.readOwn(), stored == written else { return nil }
                var lowered = stored
                lowered.markTick = resumeTick
                try store.write(lowered)
                return lowered
            }
            switch outcome {
            case .busy: throw directoryBusy()
            case .done(let lowered?): snapshot.withLock { $0.state = lowered }
            case .done(nil): return
            }
        }
    }

    /// Ends the open window and stores the tick after the last identifier issued as the mark, as
    /// ``closeBlocking()`` does, on a thread of its own: the directory lock and the `fsync`
    /// never hold a thread of Swift's cooperative pool.
    ///
    /// ```swift
    /// .onChange(of: scenePhase) { phase in   // iOS 16; iOS 17 adds a two-value form
    ///     if phase == .background { Task { try? await issuer.close() } }
    /// }
    /// ```
    ///
    /// - Throws: The errors of ``closeBlocking()``.
    public func close() async throws(DeviceStateError) {
        try await BlockingThread.run { () throws(DeviceStateError) in try self.closeBlocking() }
    }
}
