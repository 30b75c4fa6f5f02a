/*
 * Counts heap allocations of a whole process for `make bench`: LD_PRELOAD this library and set
 * ALLOC_COUNT_OUT=FILE; at exit the number of malloc, calloc, realloc, posix_memalign, aligned_alloc and
 * memalign calls is written to FILE. The real allocator (glibc's, found with dlsym RTLD_NEXT) does the work.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static atomic_ulong allocations;
static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
static void *(*real_memalign)(size_t, size_t);

/* dlsym itself may call calloc before real_calloc is known: serve that from a small static arena. */
static char arena[4096];
static size_t arena_used;
static int resolving;

static void resolve(void) {
    if (real_malloc || resolving) return;
    resolving = 1;
    real_malloc = dlsym(RTLD_NEXT, "malloc");
    real_calloc = dlsym(RTLD_NEXT, "calloc");
    real_realloc = dlsym(RTLD_NEXT, "realloc");
    real_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
    real_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
    real_memalign = dlsym(RTLD_NEXT, "memalign");
    resolving = 0;
}

static void *from_arena(size_t size) {
    size = (size + 15) & ~(size_t)15;
    if (arena_used + size > sizeof arena) return NULL;
    void *p = arena + arena_used;
    arena_used += size;
    return p;
}

void *malloc(size_t size) {
    resolve();
    if (!real_malloc) return from_arena(size);
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return real_malloc(size);
}

void *calloc(size_t n, size_t size) {
    resolve();
    if (!real_calloc) { void *p = from_arena(n * size); if (p) memset(p, 0, n * size); return p; }
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return real_calloc(n, size);
}

void *realloc(void *p, size_t size) {
    resolve();
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return real_realloc(p, size);
}

void free(void *p) {
    static void (*real_free)(void *);
    if ((char *)p >= arena && (char *)p < arena + sizeof arena) return;
    if (!real_free) real_free = dlsym(RTLD_NEXT, "free");
    real_free(p);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    resolve();
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return real_posix_memalign(out, alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    resolve();
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return real_aligned_alloc(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    resolve();
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return real_memalign(alignment, size);
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("ALLOC_COUNT_OUT");
    if (!path) return;
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return;
    char text[32];
    int length = snprintf(text, sizeof text, "%lu\n", (unsigned long)atomic_load(&allocations));
    if (length > 0) (void)!write(fd, text, (size_t)length);
    close(fd);
}
