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
    /// mark is never lowered below a window another process of this kind may have reserved
    /// (the mark this process found before its own last reservation), and only while no other
    /// process has written the state since this one did; nothing is lowered when this process
    /// reserved no window (a clock before the layout's epoch). A reservation running in the
    /// background is waited for; one asked for before this call and not yet started never runs.
    ///
    /// - Throws: ``DeviceStateError/Code/directoryBusy`` and the storage errors; the mark then
    ///   stays where the reservation put it, so nothing can repeat.
    @available(*, noasync, message: "it takes the directory lock and writes with fsync; use 'try await close()'")
    public func closeBlocking() throws(DeviceStateError) {
        try reserving.withLock { () throws(DeviceStateError) in
            windows.withLock { windows in
                windows.ready = nil
                windows.closings += 1
                windows.demand.pause()
                maker.closeWindow()
            }
            // No call issues from here until a window opens again, which takes `reserving`.
            let resumeTick = (maker.lastIssuedTick ?? -1) + 1
            let (written, floor) = snapshot.withLock { ($0.state, $0.markFloor) }
            let outcome = try change.lowerMark(
                to: resumeTick, floor: floor, ifUnchangedSince: written, waitingAtMost: configuration.lockWaitLimit)
            switch outcome {
            case .busy: throw directoryBusy()
            case .done(let lowered?):
                snapshot.withLock {
                    $0.state = lowered
                    $0.markFloor = lowered.markTick
                }
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
