// The smallest Swift program, built like touchscroll (release, Swift runtime linked in, stripped): the
// baseline for binary size, resident memory and start-up time in `make bench`.
print("hello")
