#if canImport(CoreData)
    import CoreData

    extension NSManagedObjectContext {
        #if canImport(ObjectiveC)
            /// Makes the next identifier of this process's shared generator, as an `Int64`.
            ///
            /// Give a managed object its permanent identifier the moment it is created, before
            /// it is saved, in an Integer 64 attribute:
            ///
            /// ```swift
            /// override func awakeFromInsert() {
            ///     super.awakeFromInsert()
            ///     setPrimitiveValue(managedObjectContext?.nextFlakeID(), forKey: "id")
            /// }
            /// ```
            ///
            /// Every context shares the generator behind `Thread.nextFlakeID()`, so identifiers
            /// from all contexts of the process are unique and ordered by time. Like
            /// ``FlakeMaker/nextValue()`` it may block the thread for a moment (a burst past the
            /// generator's lead), so async code cannot call it: keep an issuer and call
            /// `try await issuer.next()`.
            @available(*, noasync, message: "it may block the thread; use 'try await issuer.next()'")
            @objc public func nextFlakeID() -> Int64 {
                ProcessFlakeMaker.nextValue()
            }
        #else
            /// Makes the next identifier of this process's shared generator, as an `Int64`;
            /// see the Objective-C variant for how to use it in `awakeFromInsert`. It may block
            /// the thread for a moment, so async code cannot call it.
            @available(*, noasync, message: "it may block the thread; use 'try await issuer.next()'")
            public func nextFlakeID() -> Int64 {
                ProcessFlakeMaker.nextValue()
            }
        #endif
    }
#endif
