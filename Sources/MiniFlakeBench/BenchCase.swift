// Benchmark cases and baselines; filled in by the benchmarks work.
