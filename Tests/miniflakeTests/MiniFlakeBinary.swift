#if CLI
    import Foundation
    import MiniFlakeTestSupport

    /// The built `miniflake` executable, run as a child process.
    enum MiniFlakeBinary {
        /// What a run of the executable produced.
        struct Outcome {
            /// The exit status.
            let status: Int32
            /// Standard output.
            let stdout: String
            /// Standard error.
            let stderr: String
        }

        /// Why the executable could not be run.
        struct NotFound: Error, CustomStringConvertible {
            /// Where it was looked for.
            let searched: [String]
            /// Says where it was looked for.
            var description: String {
                "no miniflake executable found; looked in: \(searched.joined(separator: ", "))"
            }
        }

        /// The executable: `MINIFLAKE_BINARY` when set, else a `miniflake` next to the test
        /// bundle (the products directory of whatever scratch path `swift test` used) or in a
        /// directory above it, else the newest one under a `.build*` directory of the package.
        static let location: Result<URL, NotFound> = locate()

        /// Runs the executable with arguments, standard input and these environment variables on
        /// top of the test's (`nil` unsets one); kills it after `timeout`.
        static func run(
            _ arguments: [String], stdin: String = "", environment: [String: String?] = [:], timeout: TimeInterval = 60
        ) throws -> Outcome {
            let executable = try location.get()
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let inputFile = directory.appending("stdin")
            let outputFile = directory.appending("stdout")
            let errorFile = directory.appending("stderr")
            try Data(stdin.utf8).write(to: inputFile)
            try Data().write(to: outputFile)
            try Data().write(to: errorFile)

            let process = try ChildProcess(
                executable.path, arguments, environment: environment, standardInput: .file(inputFile.path),
                standardOutput: .file(outputFile.path), standardError: .file(errorFile.path))
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning {
                if Date() > deadline {
                    process.terminate()
                    break
                }
                Thread.sleep(forTimeInterval: 0.005)
            }
            return Outcome(
                status: process.waitUntilExit().status,
                stdout: try String(contentsOf: outputFile, encoding: .utf8),
                stderr: try String(contentsOf: errorFile, encoding: .utf8))
        }

        private static func locate() -> Result<URL, NotFound> {
            let files = FileManager.default
            if let path = ProcessInfo.processInfo.environment["MINIFLAKE_BINARY"] {
                return .success(URL(fileURLWithPath: path))
            }
            var searched: [String] = []
            // The products directory holds the test bundle and the executable side by side.
            var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()]
            starts += Bundle.allBundles.map(\.bundleURL)
            for start in starts {
                var directory = start.deletingLastPathComponent()
                for _ in 0..<4 {
                    let candidate = directory.appendingPathComponent("miniflake")
                    searched.append(candidate.path)
                    if isExecutableFile(candidate) {
                        return .success(candidate)
                    }
                    directory = directory.deletingLastPathComponent()
                }
            }
            // Fall back to the package's scratch directories, newest build first.
            let package = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let scratch = (try? files.contentsOfDirectory(atPath: package.path))?.filter { $0.hasPrefix(".build") }
            var found: [(URL, Date)] = []
            for name in scratch ?? [] {
                let root = package.appendingPathComponent(name)
                searched.append(root.path + "/**/debug/miniflake")
                let enumerator = files.enumerator(at: root, includingPropertiesForKeys: [.contentModificationDateKey])
                while let url = enumerator?.nextObject() as? URL {
                    guard url.lastPathComponent == "miniflake", isExecutableFile(url) else { continue }
                    let date = (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?
                        .contentModificationDate
                    found.append((url, date ?? .distantPast))
                }
            }
            if let newest = found.max(by: { $0.1 < $1.1 }) {
                return .success(newest.0)
            }
            return .failure(NotFound(searched: searched))
        }

        private static func isExecutableFile(_ url: URL) -> Bool {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
                && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: url.path)
        }
    }
#endif
