/// What two records that carry one ``MiniFlake/FlakeID`` are, judged by their origins (the
/// installations whose issuers made the ID): ``FlakeIDCollision/match(id:localOrigin:arrivingOrigin:)``.
public enum FlakeIDMatch: Sendable, Hashable {
    /// Different origins: two records; re-key the one the collision names.
    case collision(FlakeIDCollision)
    /// One origin: the same record (a re-upload, a backup restored elsewhere), or, if the two
    /// records differ, an ID its installation issued twice, which MiniFlake promises never
    /// happens. Compare the records; if they differ, report it rather than merge them.
    case sameOrigin
    /// Neither record has an origin (rows from before origins were stored): nothing tells one
    /// record from two. Compare the records themselves.
    case unknownOrigins
}
