import MiniFlake
import MiniFlakeRegistry
import Testing

/// Registrations racing each other, against SQLite and PostgreSQL.
@Suite("Instance registry under concurrency")
struct RegistryConcurrencyTests {
    @Test(
        "64 installations of one account registering at once get 64 distinct numbers",
        arguments: Backend.available)
    func distinctInstallations(backend: Backend) async throws {
        try await backend.withRegistry { registry in
            let account = try Fixture.account()
            let registrations = try await Self.registerAll(
                (0..<64).map { (registry, account, try Fixture.installation($0)) })
            #expect(registrations.count == 64)
            #expect(Set(registrations.map(\.instance)).count == 64)
            #expect(registrations.allSatisfy { $0.isNew })
            #expect(try await registry.liveInstances(of: account) == Set(registrations.map(\.instance)))
        }
    }

    @Test(
        "one pair registering 32 times at once gets one number, registered once",
        arguments: Backend.available)
    func samePair(backend: Backend) async throws {
        try await backend.withRegistry { registry in
            let account = try Fixture.account()
            let device = try Fixture.installation(7)
            let registrations = try await Self.registerAll(
                (0..<32).map { _ in (registry, account, device) }, provisional: 512)
            #expect(Set(registrations.map(\.instance)) == [512])
            #expect(registrations.filter { $0.isNew }.count == 1)
            #expect(try await registry.installations(of: account).count == 1)
        }
    }

    @Test(
        "two registry objects on one store (two SQLite pools, two PostgreSQL clients) never share a number",
        arguments: Backend.available)
    func twoRegistries(backend: Backend) async throws {
        try await backend.withRegistries(2) { registries in
            let account = try Fixture.account()
            // Half the installations offer the same provisional number, so they race for it.
            let requests = try (0..<64).map { (registries[$0 % 2], account, try Fixture.installation($0 / 2)) }
            let registrations = try await Self.registerAll(requests, provisional: 700)
            #expect(Set(registrations.map(\.instance)).count == 32)
            #expect(registrations.filter { $0.instance == 700 }.count == 2)
            #expect(registrations.filter { $0.isNew }.count == 32)
            let stored = try await registries[1].installations(of: account)
            #expect(stored.count == 32)
            #expect(Set(stored.map(\.instance)).count == 32)
        }
    }

    /// Registers every (registry, account, installation) at once, in a task group.
    private static func registerAll(
        _ requests: [(any InstanceRegistry, RegistryName, RegistryName)], provisional: Int? = nil
    ) async throws -> [InstanceRegistration] {
        try await withThrowingTaskGroup(of: InstanceRegistration.self) { group in
            for (registry, account, installation) in requests {
                group.addTask {
                    try await registry.register(
                        account: account, installation: installation, provisionalInstance: provisional)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }
}
