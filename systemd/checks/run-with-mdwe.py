#!/usr/bin/env python3
"""Run a command the way MemoryDenyWriteExecute=yes runs the service: with the kernel's
memory-deny-write-execute (prctl PR_SET_MDWE, Linux >= 6.3, inherited across execve), so a binary
that needs writable+executable memory (a JIT, text relocations) fails here instead of on a board.

usage: run-with-mdwe.py COMMAND [ARG...]   exit status: the command's; 77 if the kernel lacks MDWE
"""
import ctypes
import os
import sys

PR_SET_MDWE = 65
PR_GET_MDWE = 66
PR_MDWE_REFUSE_EXEC_GAIN = 1

libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN, 0, 0, 0) != 0:
    print(f"run-with-mdwe: PR_SET_MDWE unsupported: {os.strerror(ctypes.get_errno())}", file=sys.stderr)
    sys.exit(77)
assert libc.prctl(PR_GET_MDWE, 0, 0, 0, 0) & PR_MDWE_REFUSE_EXEC_GAIN
os.execvp(sys.argv[1], sys.argv[1:])
