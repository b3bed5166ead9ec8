import MiniFlake
import MiniFlakeRegistry
import MiniFlakeSupport

/// The changes of state for async code: each runs its blocking twin (the directory lock, the
/// state file's `fsync`) on a thread of its own, never on a thread of Swift's cooperative
/// pool.
extension DeviceFlakeIssuer {
    /// Takes the number the registry assigned, as ``adoptBlocking(_:)`` does,
    /// off the cooperative pool.
    ///
    /// - Parameter registration: The registry's answer for ``installation``.
    /// - Returns: The recovery made, if any.
    /// - Throws: The errors of ``adoptBlocking(_:)``.
    @discardableResult
    public func adopt(_ registration: InstanceRegistration) async throws(DeviceStateError) -> DeviceRecovery? {
        try await BlockingThread.run { () throws(DeviceStateError) in try self.adoptBlocking(registration) }
    }

    /// Signs out, as ``signOutBlocking()`` does, off the cooperative pool.
    ///
    /// - Throws: The storage errors.
    public func signOut() async throws(DeviceStateError) {
        try await BlockingThread.run { () throws(DeviceStateError) in try self.signOutBlocking() }
    }

    /// Records the account being signed into, as ``signInBlocking(account:)`` does, off the
    /// cooperative pool.
    ///
    /// - Parameter account: The account.
    /// - Throws: The storage errors.
    public func signIn(account: RegistryName) async throws(DeviceStateError) {
        try await BlockingThread.run { () throws(DeviceStateError) in try self.signInBlocking(account: account) }
    }

    /// Raises the mark above an identifier, as ``raiseMarkBlocking(above:)`` does, off the
    /// cooperative pool.
    ///
    /// - Parameter id: The identifier to stay above.
    /// - Returns: The recovery made, if any.
    /// - Throws: The storage errors.
    @discardableResult
    public func raiseMark(above id: FlakeID) async throws(DeviceStateError) -> DeviceRecovery? {
        try await BlockingThread.run { () throws(DeviceStateError) in try self.raiseMarkBlocking(above: id) }
    }

    /// Removes a left-behind installation, as ``forgetLeftBehindBlocking(_:)`` does, off the
    /// cooperative pool.
    ///
    /// - Parameter installation: The left-behind installation's name.
    /// - Returns: Whether it is gone from ``leftBehind``.
    /// - Throws: The storage errors.
    @discardableResult
    public func forgetLeftBehind(_ installation: RegistryName) async throws(DeviceStateError) -> Bool {
        try await BlockingThread.run { () throws(DeviceStateError) in try self.forgetLeftBehindBlocking(installation) }
    }
}
