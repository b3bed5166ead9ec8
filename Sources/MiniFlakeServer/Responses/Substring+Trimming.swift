#if Server
    extension Substring {
        /// The text without leading and trailing spaces and tabs, as header values allow.
        func trimmingSpaces() -> Substring {
            guard let first = firstIndex(where: { $0 != " " && $0 != "\t" }),
                let last = lastIndex(where: { $0 != " " && $0 != "\t" })
            else { return self[endIndex...] }
            return self[first...last]
        }
    }
#endif
