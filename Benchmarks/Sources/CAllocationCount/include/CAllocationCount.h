#ifndef MINIFLAKE_BENCH_ALLOCATION_COUNT_H
#define MINIFLAKE_BENCH_ALLOCATION_COUNT_H

#include <stdint.h>

/// How many times this process has called malloc, calloc, realloc, posix_memalign,
/// aligned_alloc or memalign so far, or -1 where the count is not kept (anywhere but Linux
/// with glibc).
///
/// The executable that links this target replaces those functions with ones that count each
/// call and then hand it to glibc's own allocator (`__libc_malloc` and its siblings), so
/// memory they return is released by the usual `free`.
int64_t miniflake_bench_allocation_count(void);

#endif
