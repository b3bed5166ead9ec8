import MiniFlake

/// The rules every ``InstanceRegistry`` follows to pick a number, as a pure function the
/// storage backends call inside a transaction that has locked the account's rows.
///
/// For a pair that is not yet live, in this order:
/// 1. its own earlier number, if it had one and no live installation holds it now (a retired
///    pair that registers again comes back to its number);
/// 2. the provisional number it offers, if no installation of the account holds it, live or
///    retired;
/// 3. the lowest number no installation of the account holds;
/// 4. when there is none, the number whose retirement is oldest, once the reuse horizon has
///    passed since (that retired installation is then forgotten);
/// 5. otherwise none: ``InstanceRegistryError/Code/noFreeInstance``.
///
/// Provisional numbers come from the upper half of the range (``provisionalRange(instanceCount:)``)
/// and assigned ones from the bottom, so a device that has not signed in yet rarely shares a
/// number with one that has.
package struct InstanceAssignment: Sendable, Hashable {
    /// One installation of the account as stored.
    package struct Holder: Sendable, Hashable {
        /// The installation's name.
        package var installation: RegistryName
        /// Its number.
        package var instance: Int
        /// When it was retired, or `nil` while live.
        package var retiredAtMilliseconds: Int64?

        /// Makes a holder.
        package init(installation: RegistryName, instance: Int, retiredAtMilliseconds: Int64?) {
            self.installation = installation
            self.instance = instance
            self.retiredAtMilliseconds = retiredAtMilliseconds
        }
    }

    /// What the backend must store.
    package enum Decision: Sendable, Hashable {
        /// The pair is live already with this number: answer it, store nothing but last-seen.
        case existing(instance: Int)
        /// Store the pair as live with this number (updating its row if it had one); when
        /// `forgetting` is set, delete that retired installation's row first.
        case assign(instance: Int, forgetting: RegistryName?)
    }

    /// The numbers provisional instance numbers are drawn from: the upper half.
    package static func provisionalRange(instanceCount: Int) -> Range<Int> {
        instanceCount < 2 ? 0..<instanceCount : (instanceCount / 2)..<instanceCount
    }

    /// Checks that a provisional number is one of the layout's, as ``decide(for:provisionalInstance:holders:instanceCount:nowMilliseconds:reuseHorizonMilliseconds:)``
    /// does first; a backend that answers a live pair without reading the whole account calls
    /// it so that it refuses the same requests.
    ///
    /// - Throws: ``InstanceRegistryError/Code/instanceOutOfRange`` for a number outside
    ///   `0..<instanceCount`.
    package static func checkProvisional(_ provisionalInstance: Int?, instanceCount: Int) throws(InstanceRegistryError)
    {
        guard let provisionalInstance, !(0..<instanceCount).contains(provisionalInstance) else { return }
        throw InstanceRegistryError(
            .instanceOutOfRange,
            message: "provisional instance \(provisionalInstance) is outside 0...\(instanceCount - 1)")
    }

    /// Decides the number for `installation`.
    ///
    /// - Parameters:
    ///   - installation: The installation registering.
    ///   - provisionalInstance: The number it offers, if any.
    ///   - holders: Every stored installation of the account.
    ///   - instanceCount: How many numbers the layout has.
    ///   - nowMilliseconds: The registry's clock.
    ///   - reuseHorizonMilliseconds: How long a retired number rests.
    /// - Throws: ``InstanceRegistryError/Code/instanceOutOfRange`` for a provisional number
    ///   outside the layout, ``InstanceRegistryError/Code/noFreeInstance`` when none is left.
    package static func decide(
        for installation: RegistryName,
        provisionalInstance: Int?,
        holders: [Holder],
        instanceCount: Int,
        nowMilliseconds: Int64,
        reuseHorizonMilliseconds: Int64
    ) throws(InstanceRegistryError) -> Decision {
        try checkProvisional(provisionalInstance, instanceCount: instanceCount)
        let own = holders.first { $0.installation == installation }
        if let own, own.retiredAtMilliseconds == nil { return .existing(instance: own.instance) }

        var live = Set<Int>()
        var held = Set<Int>()
        for holder in holders where holder.installation != installation {
            held.insert(holder.instance)
            if holder.retiredAtMilliseconds == nil { live.insert(holder.instance) }
        }
        if let own, (0..<instanceCount).contains(own.instance), !live.contains(own.instance) {
            return .assign(instance: own.instance, forgetting: nil)
        }
        if let provisionalInstance, !held.contains(provisionalInstance) {
            return .assign(instance: provisionalInstance, forgetting: nil)
        }
        if let free = (0..<instanceCount).first(where: { !held.contains($0) }) {
            return .assign(instance: free, forgetting: nil)
        }
        let reusable =
            holders
            .filter { holder in
                guard holder.installation != installation, let retired = holder.retiredAtMilliseconds,
                    (0..<instanceCount).contains(holder.instance), !live.contains(holder.instance)
                else { return false }
                let (end, overflow) = retired.addingReportingOverflow(reuseHorizonMilliseconds)
                return !overflow && end <= nowMilliseconds
            }
            .min { ($0.retiredAtMilliseconds ?? 0, $0.instance) < ($1.retiredAtMilliseconds ?? 0, $1.instance) }
        if let reusable {
            return .assign(instance: reusable.instance, forgetting: reusable.installation)
        }
        throw InstanceRegistryError(
            .noFreeInstance,
            message:
                "every one of the account's \(instanceCount) instance numbers is live or retired within the reuse horizon"
        )
    }

    /// Decides the number for `installation` from the account's stored records, with the
    /// layout and horizon of `configuration`: what both storage backends call.
    package static func decide(
        for installation: RegistryName,
        provisionalInstance: Int?,
        records: [InstallationRecord],
        configuration: InstanceRegistryConfiguration,
        nowMilliseconds: Int64
    ) throws(InstanceRegistryError) -> Decision {
        try decide(
            for: installation, provisionalInstance: provisionalInstance,
            holders: records.map {
                Holder(
                    installation: $0.installation, instance: $0.instance,
                    retiredAtMilliseconds: $0.retiredAt?.millisecondsSince1970)
            },
            instanceCount: configuration.layout.instanceCount, nowMilliseconds: nowMilliseconds,
            reuseHorizonMilliseconds: configuration.reuseHorizonMilliseconds)
    }
}
