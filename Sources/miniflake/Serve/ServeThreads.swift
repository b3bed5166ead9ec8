#if Server
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif
    import NIOCore

    /// How many event loops `miniflake serve` runs: the number `--threads` gives, else the CPUs
    /// the process may run on. SwiftNIO sizes its shared group from the machine's cores, its
    /// cgroup quota and its cpuset, but not from the process's CPU affinity (`taskset`,
    /// `sched_setaffinity`), so a server confined to 8 of 16 cores by affinity ran 16 loops on 8
    /// cores, and its tail latency suffered. This reads the affinity too.
    enum ServeThreads {
        /// The loop count for a command line: its `--threads` if well-formed, else
        /// ``defaultCount()``.
        static func count(for arguments: [String]) -> Int {
            requested(in: arguments) ?? defaultCount()
        }

        /// The smaller of SwiftNIO's core count and the CPUs of the process's affinity mask.
        static func defaultCount() -> Int {
            let cores = System.coreCount
            guard let allowed = affinityCPUCount() else { return cores }
            return max(1, min(cores, allowed))
        }

        /// The number after `--threads` (`--threads 4` or `--threads=4`) before a `--`, if it is
        /// a whole number from 1 to 1024; the command's own parser reports any other value.
        static func requested(in arguments: [String]) -> Int? {
            var index = arguments.startIndex
            while index < arguments.endIndex, arguments[index] != "--" {
                let argument = arguments[index]
                var value: String?
                if argument == "--threads", index + 1 < arguments.endIndex {
                    value = arguments[index + 1]
                } else if argument.hasPrefix("--threads=") {
                    value = String(argument.dropFirst("--threads=".count))
                }
                if let value { return Int(value).flatMap { (1...1024).contains($0) ? $0 : nil } }
                index += 1
            }
            return nil
        }

        /// The number of CPUs in the process's affinity mask, from `Cpus_allowed_list` of
        /// `/proc/self/status` (Linux); `nil` where it cannot be read.
        static func affinityCPUCount() -> Int? {
            #if os(Linux)
                guard let data = FileManager.default.contents(atPath: "/proc/self/status"),
                    let status = String(data: data, encoding: .utf8)
                else { return nil }
                for line in status.split(separator: "\n") where line.hasPrefix("Cpus_allowed_list:") {
                    return cpuCount(inList: line.dropFirst("Cpus_allowed_list:".count))
                }
                return nil
            #else
                return nil
            #endif
        }

        /// The number of CPUs a kernel CPU list names (`0-3,8,10-11` is 7); `nil` for a list that
        /// cannot be read or names none.
        static func cpuCount(inList list: Substring) -> Int? {
            var count = 0
            for range in list.split(separator: ",") {
                let bounds = range.split(separator: "-", omittingEmptySubsequences: false).map {
                    Int(String($0.filter { !$0.isWhitespace }))
                }
                switch bounds.count {
                case 1:
                    guard bounds[0] != nil else { return nil }
                    count += 1
                case 2:
                    guard let low = bounds[0], let high = bounds[1], low <= high else { return nil }
                    count += high - low + 1
                default:
                    return nil
                }
            }
            return count > 0 ? count : nil
        }
    }
#endif
