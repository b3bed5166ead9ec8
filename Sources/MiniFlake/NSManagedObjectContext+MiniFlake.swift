#if canImport(CoreData)
    import CoreData

    extension NSManagedObjectContext {
        /// Makes the next identifier of this process's shared generator, as an `Int64`.
        ///
        /// Give a managed object its permanent identifier the moment it is created, before it
        /// is saved:
        ///
        /// ```swift
        /// override func awakeFromInsert() {
        ///     super.awakeFromInsert()
        ///     setPrimitiveValue(managedObjectContext?.nextFlakeID(), forKey: "id")
        /// }
        /// ```
        ///
        /// Every context shares the generator behind `Thread.nextFlakeID()`, so identifiers
        /// from all contexts of the process are unique and ordered by time.
        #if canImport(ObjectiveC)
            @objc public func nextFlakeID() -> Int64 {
                ProcessFlakeMaker.nextValue()
            }
        #else
            public func nextFlakeID() -> Int64 {
                ProcessFlakeMaker.nextValue()
            }
        #endif
    }
#endif
