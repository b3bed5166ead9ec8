// Filled in by the GRDB work.
