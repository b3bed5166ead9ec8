#if CLI
    import ArgumentParser

    // Placeholder until this command is written.
    struct Validate: ParsableCommand {}
#endif
