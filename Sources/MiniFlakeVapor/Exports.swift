#if Vapor
    // Every MiniFlake library re-exports the libraries its API is written in, so that one import
    // (`import MiniFlakeVapor`) is enough: `FlakeID` is in every model and route that uses it.
    @_exported import MiniFlake
#endif
