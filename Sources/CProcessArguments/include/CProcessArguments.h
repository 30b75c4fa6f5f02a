#ifndef TOUCHSCROLL_CPROCESSARGUMENTS_H
#define TOUCHSCROLL_CPROCESSARGUMENTS_H

// The Swift runtime's two entry points for the command line, defined in process_arguments.c over
// what glibc hands the program's initialisers (declared here for the tests, which call them).

/// The arguments (argv, terminated by a null pointer) and their count, or those set in their place
/// by `_swift_stdlib_overrideUnsafeArgvArgc`.
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen);

/// Sets the arguments `_swift_stdlib_getUnsafeArgvArgc` gives from now on; a null `argv` clears it.
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

#endif
