// Every MiniFlake library re-exports the libraries its API is written in, so that one import
// (`import MiniFlakeCloudKit`) is enough. On platforms without CloudKit this module has no public
// API at all: it builds, empty, so a package can depend on it everywhere.
#if canImport(CloudKit)
    @_exported import MiniFlakeDevice
#endif
