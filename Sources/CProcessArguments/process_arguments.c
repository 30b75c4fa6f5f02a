// The command line for Swift's `CommandLine.arguments`, as the C library hands it over.
//
// The Swift runtime asks `_swift_stdlib_getUnsafeArgvArgc` for argc and argv. Its own definition on
// Linux (stdlib/public/CommandLineSupport/CommandLine.cpp) finds them with a global constructor that
// runs at every start: it reads all of /proc/self/maps, a file the kernel writes out mapping by
// mapping, to find the stack, then walks the stack back from `environ` to argv. That was 0.3 ms of a
// 2.3 ms start here. glibc passes argc, argv and envp to every function in .init_array (the
// initialisation functions of the System V ABI), which is how Rust's standard library takes them
// too. This file defines the runtime's two functions over what such a function saw: the linker then
// has no reason to take the runtime's own object from libswiftCore.a, and its constructor is gone.
//
// Linked into the executable only (the `touchscroll` target depends on it). Were a Swift runtime to
// need that object for a symbol of its own, the link would fail with two definitions of each
// function rather than misbehave. Other C libraries do not pass the arguments to initialisers, so
// outside glibc nothing is defined here and the runtime's own way stays.

#include <stddef.h>
#include <stdlib.h> // glibc's headers define __GLIBC__
#include "CProcessArguments.h"

#if defined(__GLIBC__)

static int capturedArgc;
static char **capturedArgv;
static int overrideArgc;
static char **overrideArgv;

// Run by glibc with (argc, argv, envp) before any Swift code runs: priority 101, the first an
// application may use, so before constructors of the default priority, which might ask.
__attribute__((constructor(101), used))
static void captureProcessArguments(int argc, char **argv, char **envp) {
    (void)envp;
    capturedArgc = argc;
    capturedArgv = argv;
}

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (overrideArgv) {
        *outArgLen = overrideArgc;
        return overrideArgv;
    }
    if (!capturedArgv) {
        // Asked before the initialisers ran: no arguments (argv is still terminated).
        static char *noArguments[] = { NULL };
        *outArgLen = 0;
        return noArguments;
    }
    *outArgLen = capturedArgc;
    return capturedArgv;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    overrideArgv = argv;
    overrideArgc = argc;
}

#endif
