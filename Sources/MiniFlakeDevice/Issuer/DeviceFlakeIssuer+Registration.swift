import MiniFlake
import MiniFlakeRegistry

/// Changes of the installation's state. Each takes the directory lock and writes the state file
/// with `fsync`, so each blocks its thread: call these from a thread of your own, and their
/// `async` twins (`DeviceFlakeIssuer+AsyncRegistration.swift`) from async code.
extension DeviceFlakeIssuer {
    /// Takes the number the registry assigned: sets the account and number, no longer
    /// provisional, and raises the mark above the highest identifier the registry has seen from
    /// this installation.
    ///
    /// If that raise would put the mark more than ``DeviceFlakeIssuer/Configuration/maximumMarkLead``
    /// ahead of the clock, the installation is left for a new one with a fresh provisional
    /// number (the same rule as at launch); check ``needsRegistration`` afterwards.
    ///
    /// - Parameter registration: The registry's answer for ``installation``.
    /// - Returns: The recovery made, if any.
    /// - Throws: ``DeviceStateError/Code/registrationMismatch`` for a registration of another
    ///   installation or a number the layout does not have; the storage errors.
    @discardableResult
    @available(*, noasync, message: "it takes the directory lock and writes with fsync; use 'try await adopt(_:)'")
    public func adoptBlocking(_ registration: InstanceRegistration) throws(DeviceStateError) -> DeviceRecovery? {
        let layout = self.layout
        guard (0...layout.maximumInstanceNumber).contains(registration.instance) else {
            throw DeviceStateError(
                .registrationMismatch,
                message: "instance \(registration.instance) is outside 0...\(layout.maximumInstanceNumber)")
        }
        // A number assigned again (the holder that took it released it) is this process's again.
        snapshot.withLock { if $0.avoidedInstance == registration.instance { $0.avoidedInstance = nil } }
        let result = try transact { draft throws(DeviceStateError) in
            guard draft.state.installation == registration.installation.text else {
                throw DeviceStateError(
                    .registrationMismatch,
                    message:
                        "the registration is for installation \(registration.installation), this one is \(draft.state.installation)"
                )
            }
            draft.state.account = registration.account.text
            draft.moveToNumber(registration.instance, registered: true)
            if let seen = registration.highestSeenID {
                draft.state.markTick = max(draft.state.markTick, layout.parts(of: seen).tick + 1)
            }
        }
        return result.recoveries.last
    }

    /// Signs out: forgets the account, keeps the installation and its number as the number
    /// to offer next (the registry answers the same pair with the same number, so signing back
    /// in to the same account gets it again).
    ///
    /// - Throws: The storage errors.
    @available(*, noasync, message: "it takes the directory lock and writes with fsync; use 'try await signOut()'")
    public func signOutBlocking() throws(DeviceStateError) {
        _ = try transact { draft in
            draft.state.account = nil
            draft.moveToNumber(draft.state.instance, registered: false)
        }
    }

    /// Records the account being signed into before registering, so that ``account`` says
    /// which one the registration is for; the number stays provisional until `adopt(_:)`.
    ///
    /// - Throws: The storage errors.
    @available(
        *, noasync, message: "it takes the directory lock and writes with fsync; use 'try await signIn(account:)'"
    )
    public func signInBlocking(account: RegistryName) throws(DeviceStateError) {
        _ = try transact { draft in
            if draft.state.account != account.text { draft.moveToNumber(draft.state.instance, registered: false) }
            draft.state.account = account.text
        }
    }

    /// Raises the mark above an identifier, such as the highest one the app finds in its
    /// store at launch: a floor that protects against an older state file restored on this
    /// device. A raise further ahead than ``DeviceFlakeIssuer/Configuration/maximumMarkLead`` leaves the
    /// installation for a fresh number instead.
    ///
    /// - Returns: The recovery made, if any.
    /// - Throws: The storage errors.
    @discardableResult
    @available(
        *, noasync, message: "it takes the directory lock and writes with fsync; use 'try await raiseMark(above:)'"
    )
    public func raiseMarkBlocking(above id: FlakeID) throws(DeviceStateError) -> DeviceRecovery? {
        let tick = layout.parts(of: id).tick
        let result = try transact { draft in
            draft.state.markTick = max(draft.state.markTick, tick + 1)
        }
        return result.recoveries.last
    }
}

extension DeviceFlakeIssuer {
    /// Removes a left-behind installation from ``leftBehind`` once the app is done with it: its
    /// records are uploaded and it is retired in the registry. The state keeps the newest 32
    /// left-behind installations and drops the oldest beyond that, so forget each one when done.
    ///
    /// One whose mark is still ahead of the clock stays until the clock passes it: identifiers
    /// were issued under its number at ticks the clock has yet to reach, and no process kind may
    /// draw that number before then. Call again later.
    ///
    /// - Parameter installation: The left-behind installation's name.
    /// - Returns: Whether it is gone from ``leftBehind`` (`true` also when it was not there).
    /// - Throws: The storage errors.
    @discardableResult
    @available(
        *, noasync, message: "it takes the directory lock and writes with fsync; use 'try await forgetLeftBehind(_:)'"
    )
    public func forgetLeftBehindBlocking(_ installation: RegistryName) throws(DeviceStateError) -> Bool {
        var gone = true
        _ = try transact { draft in
            let now = draft.now
            draft.state.leftBehind.removeAll { left in
                guard left.installation == installation else { return false }
                gone = left.markTick <= now
                return gone
            }
        }
        return gone
    }
}
