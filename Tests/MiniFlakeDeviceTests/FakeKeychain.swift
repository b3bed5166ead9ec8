import MiniFlake
import MiniFlakeDevice
import MiniFlakeRegistry

/// An in-memory keychain of generic-password items keyed by service, account and access group,
/// that records every query and can be told to answer a status instead.
final class FakeKeychain: KeychainCalls, Sendable {
    struct State {
        var items: [String: [UInt8]] = [:]
        var queries: [KeychainQuery] = []
        /// Answered by the next calls, in order, instead of doing them.
        var forcedStatuses: [KeychainStatus] = []
        /// Run before the next add, as another process storing its key first.
        var beforeAdd: ((inout [String: [UInt8]]) -> Void)?
    }

    private let state = LockedValue(State())

    /// Changes the state.
    func edit(_ change: (inout State) -> Void) {
        state.withLock { change(&$0) }
    }

    /// Every query made so far.
    var queries: [KeychainQuery] { state.withLock { $0.queries } }

    private static func name(_ query: KeychainQuery) -> String {
        [KeychainQuery.Attribute.service, .account, .accessGroup].map { attribute -> String in
            if case .text(let text)? = query.entries[attribute] { return text }
            return "-"
        }.joined(separator: "|")
    }

    private func forced(_ query: KeychainQuery, _ state: inout State) -> KeychainStatus? {
        state.queries.append(query)
        return state.forcedStatuses.isEmpty ? nil : state.forcedStatuses.removeFirst()
    }

    func copyData(matching query: KeychainQuery) -> (status: KeychainStatus, data: [UInt8]?) {
        state.withLock { state in
            if let status = forced(query, &state) { return (status, nil) }
            guard let data = state.items[Self.name(query)] else { return (.itemNotFound, nil) }
            return (.success, data)
        }
    }

    func add(_ item: KeychainQuery) -> KeychainStatus {
        state.withLock { state in
            if let status = forced(item, &state) { return status }
            if let beforeAdd = state.beforeAdd {
                state.beforeAdd = nil
                beforeAdd(&state.items)
            }
            let name = Self.name(item)
            guard state.items[name] == nil else { return .duplicateItem }
            guard case .bytes(let bytes)? = item.entries[.valueData] else { return .invalidParameter }
            state.items[name] = bytes
            return .success
        }
    }

    func update(_ query: KeychainQuery, to attributes: KeychainQuery) -> KeychainStatus {
        state.withLock { state in
            if let status = forced(query, &state) { return status }
            let name = Self.name(query)
            guard state.items[name] != nil else { return .itemNotFound }
            guard case .bytes(let bytes)? = attributes.entries[.valueData] else { return .invalidParameter }
            state.items[name] = bytes
            return .success
        }
    }

    func delete(_ query: KeychainQuery) -> KeychainStatus {
        state.withLock { state in
            if let status = forced(query, &state) { return status }
            return state.items.removeValue(forKey: Self.name(query)) == nil ? .itemNotFound : .success
        }
    }

    func systemMessage(for status: KeychainStatus) -> String? {
        status == .missingEntitlement ? "A required entitlement isn't present." : nil
    }
}
