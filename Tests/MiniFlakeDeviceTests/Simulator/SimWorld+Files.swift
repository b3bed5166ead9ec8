import Foundation

extension SimWorld {
    /// The mark a process kind's state file keeps for `instance` now: the state's own mark when
    /// it is the state's number, else the mark it was retired or left behind with; `nil` when the
    /// file keeps none for it.
    func storedMark(device: Int, kind: String, instance: Int) -> Int64? {
        let path = devices[device].directory + "/miniflake-\(kind).state"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var current: Int?
        var mark: Int64?
        var others: [Int64] = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let key = words.first else { continue }
            switch key {
            case "instance": current = words.count > 1 ? Int(words[1]) : nil
            case "mark": mark = words.count > 1 ? Int64(words[1]) : nil
            case "left-behind" where words.count > 3 && Int(words[2]) == instance:
                others.append(Int64(words[3]) ?? 0)
            case "retired":
                for entry in words.dropFirst() {
                    let parts = entry.split(separator: "@")
                    if parts.count == 2, Int(parts[0]) == instance, let retired = Int64(parts[1]) {
                        others.append(retired)
                    }
                }
            default: continue
            }
        }
        if current == instance, let mark { others.append(mark) }
        return others.max()
    }

    /// Copies a device's state files onto a new device, as restoring its backup there does.
    func restore(_ device: SimDevice) {
        let index = addDevice()
        let target = devices[index]
        let files = FileManager.default
        try? files.createDirectory(atPath: target.directory, withIntermediateDirectories: true)
        for name in (try? files.contentsOfDirectory(atPath: device.directory)) ?? [] where name.hasSuffix(".state") {
            try? files.copyItem(atPath: device.directory + "/" + name, toPath: target.directory + "/" + name)
        }
    }
}
