import MiniFlake

/// The issuing error a call throws, or `nil` when it returns (or throws something else).
func issueError<Value>(_ body: () throws -> Value) -> FlakeError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? FlakeError
    }
}
