#if canImport(Foundation)
    import Foundation

    extension Thread {
        #if canImport(ObjectiveC)
            /// Makes the next identifier of this process's shared generator, as an `Int64`.
            ///
            /// Kept from the original MiniFlake, which kept one generator per thread, and
            /// callable as it was from Swift, `Thread.current.nextFlakeID()`, and from
            /// Objective-C, `[NSThread.currentThread nextFlakeID]` (an `int64_t`). Every thread
            /// now shares one lock-free generator with an instance number from the in-process
            /// pool, so the call costs little more than reading `Thread.current`. It never stops the
            /// process: when no identifier can be made (the pool was already exhausted at first
            /// use, or the layout ran out of time) it returns `-1`, as ``FlakeMaker/nextValue()``
            /// does. `Thread.current` is unavailable from async code in Swift 6, so this cannot be
            /// called there: keep one issuer for the process (an ``InProcessFlakeMaker``, or the
            /// app's `DeviceFlakeIssuer`) and call `try await issuer.next()`, which suspends
            /// instead of blocking.
            @objc(nextFlakeID) public func nextFlakeID() -> Int64 {
                ProcessFlakeMaker.nextValue()
            }
        #else
            /// Makes the next identifier of this process's shared generator, as an `Int64`.
            ///
            /// Kept from the original MiniFlake, which kept one generator per thread:
            /// `Thread.current.nextFlakeID()`. Every thread now shares one lock-free generator
            /// with an instance number from the in-process pool. It never stops the process: when
            /// no identifier can be made (the pool was already exhausted at first use, or the
            /// layout ran out of time) it returns `-1`, as ``FlakeMaker/nextValue()`` does.
            /// `Thread.current` is unavailable from async code in Swift 6; there, keep one issuer
            /// for the process (an ``InProcessFlakeMaker``) and call `try await issuer.next()`.
            public func nextFlakeID() -> Int64 {
                ProcessFlakeMaker.nextValue()
            }
        #endif
    }
#endif
