import Foundation

/// The figures of one run of the benchmark cases, with ratios against the baselines measured
/// in the same run.
public struct BenchReport: Sendable {
    /// The counts the run used.
    public let scale: BenchScale
    /// The cases' figures, in the order they ran.
    public let measurements: [BenchMeasurement]
    /// How far the coarse clock trailed the precise one.
    public let coarseLag: CoarseClockLag?
    /// When the run finished.
    public let date: Date
    /// The processor, cores, memory and operating system the run saw.
    public let machine: String
    /// The 1-, 5- and 15-minute load averages when the run started (Linux), to recognise a run
    /// that shared the machine with other work.
    public let loadAverageAtStart: String?

    /// Makes a report, noting the date and the machine.
    public init(
        scale: BenchScale, measurements: [BenchMeasurement], coarseLag: CoarseClockLag?,
        loadAverageAtStart: String? = nil
    ) {
        self.scale = scale
        self.measurements = measurements
        self.coarseLag = coarseLag
        self.date = Date()
        self.machine = Self.describeMachine()
        self.loadAverageAtStart = loadAverageAtStart
    }

    /// The system's load averages now, from `/proc/loadavg`, or `nil` where there is none.
    public static func currentLoadAverage() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The measurement of the case with this key, if it ran.
    public func measurement(_ key: String) -> BenchMeasurement? {
        measurements.first { $0.key == key }
    }

    /// The whole report: a heading, the table, notes on the clocks and cores, and the targets.
    public func rendered() -> String {
        var lines: [String] = []
        let stamp = date.formatted(.iso8601)
        lines.append("MiniFlake benchmarks, \(scale.name) run, \(stamp)")
        lines.append(machine + (loadAverageAtStart.map { "; load average at start \($0)" } ?? ""))
        lines.append(
            "Method: bursts of \(scale.itemsPerBurst) items (\(scale.pauseMilliseconds) ms pause before each burst "
                + "of a case that makes IDs), the cases interleaved one burst each per round (single-threaded cases, then multi-threaded); median and best of "
                + "\(scale.bursts) bursts per case after \(scale.warmupBursts) warm-up; sustained cases run alone "
                + "afterwards; ns per item; ratios use the medians.")
        if scale == .quick {
            lines.append("Quick run: tiny counts to check that every case runs; its figures mean nothing.")
        }
        lines.append("")
        lines.append(contentsOf: table())
        lines.append("")
        lines.append(contentsOf: notes())
        lines.append("")
        lines.append("Targets (ratios within this run):")
        for target in targets() {
            lines.append("- " + target.line)
        }
        return lines.joined(separator: "\n")
    }

    /// The results as a Markdown table with a row per case and a heading row per section.
    public func table() -> [String] {
        let clock = measurement("clock.realtime")?.medianNanoseconds
        let nextValue = measurement("maker.nextValue")?.medianNanoseconds
        var rows: [[String]] = [
            [
                "case", "threads", "items/burst", "ns/item median", "ns/item best", "× clock", "× nextValue()",
                "drift ms", "mallocs/item",
            ]
        ]
        var headings: Set<Int> = []
        for group in BenchGroup.allCases {
            let members = measurements.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            headings.insert(rows.count)
            rows.append(["**\(group.title)**", "", "", "", "", "", "", "", ""])
            for item in members {
                rows.append([
                    item.name, "\(item.threads)", "\(item.itemsPerBurst)",
                    Self.nanoseconds(item.medianNanoseconds), Self.nanoseconds(item.bestNanoseconds),
                    clock.map { Self.ratio(item.medianNanoseconds / $0) } ?? "",
                    nextValue.map { Self.ratio(item.medianNanoseconds / $0) } ?? "",
                    item.driftMilliseconds.map { "\($0)" } ?? "",
                    item.allocationsPerItem.map(Self.allocations) ?? "",
                ])
            }
        }
        var widths = Array(repeating: 0, count: rows[0].count)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = Swift.max(widths[column], cell.count)
            }
        }
        func line(_ row: [String]) -> String {
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }
            return "| " + cells.joined(separator: " | ") + " |"
        }
        var lines = [line(rows[0])]
        lines.append(
            "|"
                + widths.enumerated().map { column, width in
                    column == 0
                        ? String(repeating: "-", count: width + 2) : String(repeating: "-", count: width + 1) + ":"
                }.joined(separator: "|") + "|")
        for row in rows.dropFirst() {
            lines.append(line(row))
        }
        return lines
    }

    /// Notes on the coarse clock's lag and on whether the threads had cores of their own.
    public func notes() -> [String] {
        var lines: [String] = []
        if let lag = coarseLag {
            if lag.hasCoarseClock {
                lines.append(
                    "Coarse clock: largest lag seen \(Self.milliseconds(lag.largestNanoseconds)) ms behind the precise "
                        + "clock over \(lag.samples) paired readings; FlakeClock.coarse declares at most "
                        + "\(lag.declaredMaximumMilliseconds) ms.")
            } else {
                lines.append("Coarse clock: none on this platform; FlakeClock.coarse reads the precise clock.")
            }
        }
        if let clock = measurement("clock.realtime") {
            for threads in [2, 4] {
                guard let control = measurement("threads.control.\(threads)") else { continue }
                let speedup = clock.medianNanoseconds / control.medianNanoseconds
                lines.append(
                    "Cores: \(threads) threads reading the clock independently ran \(Self.ratio(speedup)) as fast as "
                        + "1 thread (\(Self.ratio(Double(Swift.min(threads, Self.cores)))) would mean "
                        + "every thread that fits on a core had one).")
            }
        }
        lines.append(
            "Sequence ceiling: 12 bits give 4096 IDs per millisecond. Above that MiniFlake carries into the next "
                + "millisecond (its IDs run ahead of the clock, shown as drift), up to the maximum lead "
                + "(1 s by default), then waits for the clock.")
        return lines
    }

    static var cores: Int {
        ProcessInfo.processInfo.activeProcessorCount
    }

    static func nanoseconds(_ value: Double) -> String {
        value < 10
            ? String(format: "%.2f", value)
            : value < 1000 ? String(format: "%.1f", value) : String(format: "%.0f", value)
    }

    static func ratio(_ value: Double) -> String {
        value < 100 ? String(format: "%.2fx", value) : String(format: "%.0fx", value)
    }

    static func allocations(_ perItem: Double) -> String {
        perItem == 0 ? "0" : perItem < 0.01 ? String(format: "%.4f", perItem) : String(format: "%.2f", perItem)
    }

    static func milliseconds(_ nanoseconds: Int64) -> String {
        String(format: "%.3f", Double(nanoseconds) / 1_000_000)
    }

    private static func describeMachine() -> String {
        let info = ProcessInfo.processInfo
        var processor = "unknown processor"
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let name = line.split(separator: ":", maxSplits: 1).last
        {
            processor = name.trimmingCharacters(in: .whitespaces)
        }
        let memory = Double(info.physicalMemory) / Double(1 << 30)
        return "Machine: \(processor), \(info.activeProcessorCount) cores, "
            + String(format: "%.0f GiB", memory) + ", \(info.operatingSystemVersionString)"
    }
}
