import MiniFlake

/// Two rows of one account that carried one ID, as a key that does not depend on the order.
struct RowPair: Sendable, Hashable {
    let id: FlakeID
    let first: String
    let second: String

    init(id: FlakeID, _ a: String, _ b: String) {
        self.id = id
        first = min(a, b)
        second = max(a, b)
    }
}
