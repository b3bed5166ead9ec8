// The atomics and the lock under MiniFlake's concurrency layer (Sources/MiniFlake/Concurrency):
// a 64-bit word with explicit memory orderings, and the platform's plain mutex. Everything is
// `static inline`, so that Swift code calling it through the layer's `@inline(__always)`
// wrappers compiles to the bare instructions, with the ordering a constant.
//
// The word is a plain `uint64_t` that the caller allocates once (a stable address) and touches
// only through these functions. They use the compiler's `__atomic` built-ins, which clang and
// GCC provide on every platform Swift runs on, with the C11 ordering numbers below.

#ifndef C_MINIFLAKE_ATOMICS_H
#define C_MINIFLAKE_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

#if defined(__APPLE__)
#include <os/lock.h>
#else
#include <pthread.h>
#endif

#define CMF_INLINE static inline __attribute__((always_inline))

// The orderings, as the Swift side passes them: C11's memory_order numbers.
_Static_assert(__ATOMIC_RELAXED == 0, "relaxed is 0");
_Static_assert(__ATOMIC_ACQUIRE == 2, "acquire is 2");
_Static_assert(__ATOMIC_RELEASE == 3, "release is 3");
_Static_assert(__ATOMIC_ACQ_REL == 4, "acq_rel is 4");
_Static_assert(__ATOMIC_SEQ_CST == 5, "seq_cst is 5");
_Static_assert(__atomic_always_lock_free(sizeof(uint64_t), 0), "a 64-bit word must be lock-free");

/// Loads the word. `order`: relaxed, acquire or seq_cst.
CMF_INLINE uint64_t cmf_atomic_load(const uint64_t *word, int order) {
    return __atomic_load_n(word, order);
}

/// Stores into the word. `order`: relaxed, release or seq_cst.
CMF_INLINE void cmf_atomic_store(uint64_t *word, uint64_t value, int order) {
    __atomic_store_n(word, value, order);
}

/// Stores `value` and returns what the word held.
CMF_INLINE uint64_t cmf_atomic_exchange(uint64_t *word, uint64_t value, int order) {
    return __atomic_exchange_n(word, value, order);
}

/// A strong compare-and-swap: if the word holds `*expected`, stores `desired` and returns true;
/// otherwise writes what it holds into `*expected` and returns false. `failure`: relaxed,
/// acquire or seq_cst.
CMF_INLINE bool cmf_atomic_compare_exchange(
    uint64_t *word, uint64_t *expected, uint64_t desired, int success, int failure) {
    return __atomic_compare_exchange_n(word, expected, desired, false, success, failure);
}

/// Adds `delta` (wrapping) and returns what the word held before.
CMF_INLINE uint64_t cmf_atomic_fetch_add(uint64_t *word, uint64_t delta, int order) {
    return __atomic_fetch_add(word, delta, order);
}

#if defined(__APPLE__)

/// The platform's lock: `os_unfair_lock` on Apple platforms.
typedef os_unfair_lock cmf_lock;

/// Initializes the lock; 0 on success.
CMF_INLINE int cmf_lock_init(cmf_lock *lock) {
    *lock = OS_UNFAIR_LOCK_INIT;
    return 0;
}

/// Destroys the lock; 0 on success.
CMF_INLINE int cmf_lock_destroy(cmf_lock *lock) {
    (void)lock;
    return 0;
}

/// Takes the lock, waiting for it; 0 on success.
CMF_INLINE int cmf_lock_lock(cmf_lock *lock) {
    os_unfair_lock_lock(lock);
    return 0;
}

/// Takes the lock if it is free; true if it did.
CMF_INLINE bool cmf_lock_trylock(cmf_lock *lock) {
    return os_unfair_lock_trylock(lock);
}

/// Releases the lock; 0 on success.
CMF_INLINE int cmf_lock_unlock(cmf_lock *lock) {
    os_unfair_lock_unlock(lock);
    return 0;
}

#else

/// The platform's lock: a default (non-recursive) `pthread_mutex_t` elsewhere.
typedef pthread_mutex_t cmf_lock;

/// Initializes the lock; 0 on success, otherwise the error number.
CMF_INLINE int cmf_lock_init(cmf_lock *lock) {
    return pthread_mutex_init(lock, NULL);
}

/// Destroys the lock; 0 on success, otherwise the error number.
CMF_INLINE int cmf_lock_destroy(cmf_lock *lock) {
    return pthread_mutex_destroy(lock);
}

/// Takes the lock, waiting for it; 0 on success, otherwise the error number.
CMF_INLINE int cmf_lock_lock(cmf_lock *lock) {
    return pthread_mutex_lock(lock);
}

/// Takes the lock if it is free; true if it did.
CMF_INLINE bool cmf_lock_trylock(cmf_lock *lock) {
    return pthread_mutex_trylock(lock) == 0;
}

/// Releases the lock; 0 on success, otherwise the error number.
CMF_INLINE int cmf_lock_unlock(cmf_lock *lock) {
    return pthread_mutex_unlock(lock);
}

#endif

#endif  // C_MINIFLAKE_ATOMICS_H
