import MiniFlake
import MiniFlakeRegistry

/// The changes of state for async code: each runs its blocking twin (the directory lock, the
/// state file's `fsync`) on a thread of Dispatch's, never on a thread of Swift's cooperative
/// pool.
extension DeviceFlakeIssuer {
    /// Takes the number the registry assigned, as `adopt(_:)` does,
    /// off the cooperative pool.
    ///
    /// - Parameter registration: The registry's answer for ``installation``.
    /// - Returns: The recovery made, if any.
    /// - Throws: The errors of the blocking `adopt(_:)`.
    @discardableResult
    public func adopt(_ registration: InstanceRegistration) async throws(DeviceStateError) -> DeviceRecovery? {
        try await Self.offThePool { () throws(DeviceStateError) in try self.adopt(registration) }.get()
    }

    /// Signs out, as the blocking `signOut()` does, off the cooperative pool.
    ///
    /// - Throws: The storage errors.
    public func signOut() async throws(DeviceStateError) {
        try await Self.offThePool { () throws(DeviceStateError) in try self.signOut() }.get()
    }

    /// Records the account being signed into, as the blocking `signIn(account:)` does, off the
    /// cooperative pool.
    ///
    /// - Parameter account: The account.
    /// - Throws: The storage errors.
    public func signIn(account: RegistryName) async throws(DeviceStateError) {
        try await Self.offThePool { () throws(DeviceStateError) in try self.signIn(account: account) }.get()
    }

    /// Raises the mark above an identifier, as the blocking `raiseMark(above:)` does, off the
    /// cooperative pool.
    ///
    /// - Parameter id: The identifier to stay above.
    /// - Returns: The recovery made, if any.
    /// - Throws: The storage errors.
    @discardableResult
    public func raiseMark(above id: FlakeID) async throws(DeviceStateError) -> DeviceRecovery? {
        try await Self.offThePool { () throws(DeviceStateError) in try self.raiseMark(above: id) }.get()
    }
}
