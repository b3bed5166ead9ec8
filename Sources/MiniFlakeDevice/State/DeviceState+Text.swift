import MiniFlake
import MiniFlakeRegistry

extension DeviceState {
    /// The first line of every state file; the number is the format's version.
    static let header = "miniflake-device-state 1"
    /// What a state file starts with, whatever its version.
    static let headerPrefix = "miniflake-device-state "

    /// The file's text.
    func text(layout: FlakeLayout) -> String {
        var lines = [
            Self.header,
            "layout \(Self.oneLine(layout.name)) \(layout.epochMillisecondsSince1970) \(layout.tickMilliseconds)",
            "installation \(installation)",
            "device-key \(deviceKeyFingerprint)",
            "instance \(instance)",
            "registered \(registered ? 1 : 0)",
            "mark \(markTick)",
        ]
        if let account { lines.append("account \(Self.oneLine(account))") }
        for left in leftBehind {
            let account = left.account.map { " " + $0.text } ?? ""
            lines.append("left-behind \(left.installation) \(left.instance) \(left.markTick)\(account)")
        }
        if !retired.isEmpty {
            lines.append("retired " + retired.map { "\($0.instance)@\($0.markTick)" }.joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What could be read from a file that is not a valid state: a floor and a number to avoid.
    struct Salvage: Sendable, Hashable {
        /// The largest mark found (the state's own, or a left-behind one), if any.
        var markTick: Int64?
        /// Instance numbers found, to keep away from.
        var instances: Set<Int>
        /// What was wrong, for the recovery's message.
        var reason: String
    }

    /// The outcome of reading a state file.
    enum Reading: Sendable, Hashable {
        case valid(DeviceState)
        case unreadable(Salvage)
    }

    /// Reads a state file's text.
    ///
    /// - Throws: ``DeviceStateError/Code/unsupportedVersion`` for a file of another version.
    static func read(_ text: String, layout: FlakeLayout) throws(DeviceStateError) -> Reading {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = lines.first, first.hasPrefix(headerPrefix), first != header,
            let version = Int(first.dropFirst(headerPrefix.count)), version > 1
        {
            throw DeviceStateError(
                .unsupportedVersion,
                message: "the state file has version \(version); this MiniFlake reads version 1 and leaves it untouched"
            )
        }
        var fields: [Substring: Substring] = [:]
        var left: [LeftBehindInstallation] = []
        var salvage = Salvage(markTick: nil, instances: [], reason: "")
        var problems: [String] = []
        for line in lines.dropFirst() where !line.isEmpty {
            let (key, value) = split(line)
            if key == "left-behind" {
                if let entry = leftBehind(value, layout: layout) {
                    left.append(entry)
                    salvage.note(mark: entry.markTick)
                    salvage.instances.insert(entry.instance)
                } else {
                    problems.append("a left-behind line is malformed")
                }
            } else if fields[key] != nil {
                problems.append("\(key) appears twice")
            } else {
                fields[key] = value
            }
        }
        let mark = fields["mark"].flatMap { Int64($0) }.flatMap { (0...layout.maximumTick + 1).contains($0) ? $0 : nil }
        let instance = fields["instance"].flatMap { Int($0) }.flatMap {
            (0...layout.maximumInstanceNumber).contains($0) ? $0 : nil
        }
        salvage.note(mark: mark)
        if let instance { salvage.instances.insert(instance) }
        let expectedLayout = "\(oneLine(layout.name)) \(layout.epochMillisecondsSince1970) \(layout.tickMilliseconds)"
        if lines.first != Substring(header) { problems.append("the first line is not \"\(header)\"") }
        if fields["layout"] != Substring(expectedLayout) { problems.append("the layout is not \(layout.name)") }
        if mark == nil { problems.append("the mark is missing or outside the layout") }
        if instance == nil { problems.append("the instance number is missing or outside the layout") }
        let installation = fields["installation"].map(String.init)
        if !(installation.map(isInstallationName) ?? false) { problems.append("the installation name is malformed") }
        let fingerprint = fields["device-key"].map(String.init)
        if !(fingerprint.map(isInstallationName) ?? false) {
            problems.append("the device-key fingerprint is malformed")
        }
        let registered = fields["registered"].flatMap { $0 == "1" ? true : $0 == "0" ? false : nil }
        if registered == nil { problems.append("the registered flag is malformed") }
        let account = fields["account"].map(String.init)
        if let account, (try? RegistryName(account)) == nil { problems.append("the account is not a valid name") }
        var retired: [RetiredNumber]? = []
        if let line = fields["retired"] { retired = retiredNumbers(line, layout: layout) }
        for number in retired ?? [] {
            salvage.note(mark: number.markTick)
            salvage.instances.insert(number.instance)
        }
        if retired == nil { problems.append("the retired line is malformed") }
        guard problems.isEmpty, let installation, let fingerprint, let instance, let registered, let mark,
            let retired
        else {
            salvage.reason = problems.joined(separator: "; ")
            return .unreadable(salvage)
        }
        return .valid(
            DeviceState(
                installation: installation, deviceKeyFingerprint: fingerprint, account: account, instance: instance,
                registered: registered, markTick: mark, leftBehind: left, retired: retired))
    }

    /// The numbers of a `retired` line (`538@277514563180 …`), or `nil` when it is malformed.
    private static func retiredNumbers(_ value: Substring, layout: FlakeLayout) -> [RetiredNumber]? {
        var numbers: [RetiredNumber] = []
        for entry in value.split(separator: " ") {
            let parts = entry.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, let instance = Int(parts[0]),
                (0...layout.maximumInstanceNumber).contains(instance),
                let mark = Int64(parts[1]), (0...layout.maximumTick + 1).contains(mark)
            else { return nil }
            numbers.append(RetiredNumber(instance: instance, markTick: mark))
        }
        return numbers.count <= DeviceState.leftBehindLimit ? numbers : nil
    }

    /// Whether a string is 32 lowercase hexadecimal digits.
    static func isInstallationName(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private static func split(_ line: Substring) -> (Substring, Substring) {
        guard let space = line.firstIndex(of: " ") else { return (line, "") }
        return (line[..<space], line[line.index(after: space)...])
    }

    private static func leftBehind(_ value: Substring, layout: FlakeLayout) -> LeftBehindInstallation? {
        let parts = value.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3, isInstallationName(String(parts[0])),
            let instance = Int(parts[1]), (0...layout.maximumInstanceNumber).contains(instance),
            let mark = Int64(parts[2]), (0...layout.maximumTick + 1).contains(mark)
        else { return nil }
        // An account that is not a registry name makes the line malformed, as it does the
        // state's own account.
        var account: RegistryName?
        if parts.count == 4, !parts[3].isEmpty {
            guard let name = try? RegistryName(String(parts[3])) else { return nil }
            account = name
        }
        return LeftBehindInstallation(
            installation: RegistryName(checkedText: String(parts[0])), instance: instance, account: account,
            markTick: mark)
    }

    /// Text with line breaks and other control characters replaced by spaces.
    private static func oneLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}

extension DeviceState.Reading {
    /// What can be salvaged from the reading, for a file unusable whatever it says (one cut
    /// short at its size limit): a valid state's numbers (its own and those it left behind)
    /// and largest mark, or the salvage already made.
    func salvage(reason: String) -> DeviceState.Salvage {
        switch self {
        case .valid(let state):
            var salvage = DeviceState.Salvage(
                markTick: state.markTick, instances: [state.instance], reason: reason)
            for left in state.leftBehind {
                salvage.note(mark: left.markTick)
                salvage.instances.insert(left.instance)
            }
            for number in state.retired {
                salvage.note(mark: number.markTick)
                salvage.instances.insert(number.instance)
            }
            return salvage
        case .unreadable(var salvage):
            salvage.reason = salvage.reason.isEmpty ? reason : "\(reason); \(salvage.reason)"
            return salvage
        }
    }
}

extension DeviceState.Salvage {
    /// Keeps the larger of the marks.
    mutating func note(mark: Int64?) {
        guard let mark else { return }
        markTick = Swift.max(markTick ?? mark, mark)
    }
}
