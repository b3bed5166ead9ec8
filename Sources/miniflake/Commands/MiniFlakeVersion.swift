/// The version of MiniFlake that `miniflake --version` prints.
///
/// This is the one place the version is written. `scripts/version.sh` reads it for the
/// container image's tag and the release tarball's name, and `.ci/run` checks that it equals
/// the newest numbered heading of CHANGELOG.md, the image tag of the Kubernetes manifests,
/// `openapi.yaml`'s `info.version` and the `from:` of the README's `.package(url:...)` lines.
enum MiniFlakeVersion {
    /// The version, as `MAJOR.MINOR.PATCH`.
    static let current = "1.1.0"
}
