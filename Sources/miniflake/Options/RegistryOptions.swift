#if CLI && Server
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif
    import ArgumentParser

    /// The options of `miniflake serve` that serve an instance registry: where it is, the
    /// bearer token that guards it, and how long retired numbers rest.
    struct RegistryOptions: ParsableArguments {
        /// The default reuse horizon, in days.
        static let defaultReuseHorizonDays = 90

        /// The registry given, or `nil` for `MINIFLAKE_REGISTRY` or the default file.
        @Option(
            name: .customLong("registry"),
            help: ArgumentHelp(
                "Serve an instance registry under /v1/accounts, kept in \(RegistrySpec.forms). Needs a token. Default with a token: $MINIFLAKE_REGISTRY, else sqlite:\(RegistrySpec.defaultPath).",
                valueName: "registry"),
            transform: { text in
                SecretBearing(text) { text throws(ValidationError) in try RegistrySpec(text, source: "--registry") }
            })
        var registry: SecretBearing<RegistrySpec>?

        /// The file holding the registry's bearer token.
        @Option(
            name: .customLong("registry-token-file"),
            help: ArgumentHelp(
                "A file holding the bearer token registry requests must send (surrounding white space ignored); wins over $MINIFLAKE_REGISTRY_TOKEN. A token turns the registry on.",
                valueName: "file"))
        var tokenFile: String?

        /// How long retired numbers rest, in days, or `nil` for the default.
        @Option(
            name: .customLong("registry-reuse-horizon-days"),
            help: ArgumentHelp(
                "Days a retired instance number rests before the registry hands it out again, 0 to \(HorizonDays.maximum). (default: \(Self.defaultReuseHorizonDays))",
                valueName: "days"),
            transform: HorizonDays.init(parsing:))
        var reuseHorizonDays: HorizonDays?

        /// Refuses a `--registry` that is none of the forms, in words that leave out what may be
        /// a password.
        func validate() throws {
            _ = try registry?.value()
        }

        /// The registry options, checked.
        struct Resolved: Equatable {
            /// Where the registry is kept.
            let spec: RegistrySpec
            /// The bearer token.
            let token: String
            /// Where the token came from, for the log.
            let tokenSource: String
            /// How long retired numbers rest, in days.
            let reuseHorizonDays: Int
        }

        /// The registry to serve, or `nil` when no token is configured.
        ///
        /// - Throws: `ValidationError` (exit status 2) for a token file that cannot be read, an
        ///   empty token, a `MINIFLAKE_REGISTRY` that is none of the forms, or registry options
        ///   without a token.
        func resolved(
            environment: (String) -> String? = ProcessEnvironment.variable,
            readFile: (String) throws -> String = Self.readFile
        ) throws -> Resolved? {
            var token: (text: String, source: String)?
            if let tokenFile {
                let text: String
                do {
                    text = try readFile(tokenFile)
                } catch {
                    throw ValidationError("cannot read --registry-token-file '\(tokenFile.prefix(200))': \(error)")
                }
                token = (text, "--registry-token-file \(tokenFile)")
            } else if let variable = environment("MINIFLAKE_REGISTRY_TOKEN") {
                token = (variable, "MINIFLAKE_REGISTRY_TOKEN")
            }
            let registrySpec = try Sourced.from(
                registry?.value(), named: "--registry", else: "MINIFLAKE_REGISTRY", in: environment
            ) { try RegistrySpec($0, source: $1) }
            guard let token else {
                if let registrySpec {
                    throw ValidationError(
                        "\(registrySpec.source) needs a token: give --registry-token-file FILE or set MINIFLAKE_REGISTRY_TOKEN"
                    )
                }
                if reuseHorizonDays != nil {
                    throw ValidationError(
                        "--registry-reuse-horizon-days needs a registry token: give --registry-token-file FILE or set MINIFLAKE_REGISTRY_TOKEN"
                    )
                }
                return nil
            }
            let trimmed = Self.trimmed(token.text)
            guard !trimmed.isEmpty else {
                throw ValidationError("the registry token from \(token.source.prefix(200)) is empty")
            }
            let spec = registrySpec?.value ?? .sqlite(path: RegistrySpec.defaultPath)
            let days = reuseHorizonDays?.value ?? Self.defaultReuseHorizonDays
            return Resolved(spec: spec, token: trimmed, tokenSource: token.source, reuseHorizonDays: days)
        }

        /// The text without leading and trailing spaces, tabs and line breaks.
        static func trimmed(_ text: String) -> String {
            let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        }

        /// Reads a whole file as UTF-8.
        static func readFile(_ path: String) throws -> String {
            let data = try Data(contentsOf: URL(filePath: path))
            guard let text = String(validating: data, as: UTF8.self) else {
                throw ValidationError("the file is not UTF-8 text")
            }
            return text
        }
    }
#endif
