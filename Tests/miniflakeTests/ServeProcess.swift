#if CLI && Server
    import Foundation
    import MiniFlakeTestSupport

    /// A `miniflake serve` child process on a free port of 127.0.0.1, started with a lease,
    /// and what its log said: the port it bound and the instance number it claimed.
    final class ServeProcess {
        /// The process.
        let process: ChildProcess
        /// Where its standard error (the log) goes.
        let logFile: URL
        /// The directory that holds the log, removed with the value.
        private let directory: TemporaryDirectory
        /// The port it listens on.
        private(set) var port = 0
        /// The instance number it claimed.
        private(set) var instanceNumber = -1

        /// Why the server did not come up.
        struct StartFailure: Error, CustomStringConvertible {
            /// What happened, with the log.
            let description: String
        }

        /// Starts `miniflake serve --port 0 --lease LEASE` (through `launcher`, such as
        /// `taskset -c 0`, when one is given) and waits (up to `timeout`) until the log says which
        /// number it claimed and where it listens.
        init(
            lease: String, extraArguments: [String] = [], launcher: [String] = [], timeout: TimeInterval = 60
        ) throws {
            let executable = try MiniFlakeBinary.location.get()
            directory = try TemporaryDirectory(prefix: "miniflake-serve")
            logFile = directory.appending("serve.log")
            try Data().write(to: logFile)
            let command =
                launcher + [executable.path, "serve", "--host", "127.0.0.1", "--port", "0", "--lease", lease]
                + extraArguments
            process = try ChildProcess(
                command[0], Array(command.dropFirst()),
                environment: ["MINIFLAKE_INSTANCE": nil, "MINIFLAKE_LEASE": nil], standardError: .file(logFile.path))
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                let text = self.log
                if let port = Self.number(after: "listening on http://127.0.0.1:", in: text),
                    let number = Self.number(after: "claimed instance ", in: text)
                {
                    self.port = port
                    self.instanceNumber = number
                    return
                }
                guard process.isRunning, Date() < deadline else {
                    kill()
                    throw StartFailure(description: "miniflake serve did not come up; its log:\n\(self.log)")
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
        }

        /// The log so far.
        var log: String {
            (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        }

        /// The whole number right after `marker` in `text`, if there is one.
        private static func number(after marker: String, in text: String) -> Int? {
            guard let range = text.range(of: marker) else { return nil }
            return Int(text[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
        }

        /// `GET /v1/ids?count=N` as text, parsed; the request must succeed.
        func ids(count: Int) throws -> [Int64] {
            let response = try LoopbackHTTP.get(port: port, path: "/v1/ids?count=\(count)")
            guard response.status == 200 else {
                throw StartFailure(description: "GET /v1/ids answered \(response.status): \(response.body)")
            }
            return response.body.split(separator: "\n").compactMap { Int64($0) }
        }

        /// Sends SIGTERM and waits for the process to exit; returns its status.
        @discardableResult
        func terminate() -> Int32 {
            process.terminate()
            return process.waitUntilExit().status
        }

        /// Sends SIGKILL, as a crash would, and waits for the process to be gone.
        func kill() {
            process.killAndWait()
        }

        deinit {
            kill()
            directory.remove()
        }
    }
#endif
