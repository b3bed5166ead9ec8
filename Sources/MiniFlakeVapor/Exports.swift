#if Vapor
    // `FlakeID` is in every model and route that uses this module, so `import MiniFlakeVapor`
    // brings the core in as well: an app needs no `import MiniFlake` of its own.
    @_exported import MiniFlake
#endif
