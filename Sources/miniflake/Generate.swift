#if CLI
    import ArgumentParser

    // Placeholder until this command is written.
    struct Generate: ParsableCommand {}
#endif
