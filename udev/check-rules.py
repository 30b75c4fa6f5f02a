#!/usr/bin/env python3
"""Syntax check for udev rules files, for udev versions without `udevadm verify` (systemd < 253).

Checks what udev's rule parser checks: every rule is comma-separated KEY[{attr}]OP"value" pairs,
keys are udev's, match keys use == / !=, assignment keys = += -= :=, attribute keys carry {attr},
values are double-quoted, GOTO targets exist as LABELs, GROUP names exist, MODE is octal.
Commented-out example lines ("#KEY...") are checked too, so they work when uncommented; and a
LIBINPUT_CALIBRATION_MATRIX must be six numbers.

usage: check-rules.py FILE...   exit 1 with one "file:line: problem" per error
"""
import grp
import re
import sys

MATCH_ONLY = {"ACTION", "DEVPATH", "KERNEL", "SUBSYSTEM", "DRIVER", "KERNELS", "SUBSYSTEMS", "DRIVERS",
              "ATTRS", "TAGS", "CONST", "TEST", "RESULT"}
ASSIGN_ONLY = {"OWNER", "GROUP", "MODE", "SECLABEL", "RUN", "LABEL", "GOTO", "OPTIONS"}
# IMPORT and PROGRAM run something and match on its success; udev accepts either operator.
BOTH = {"NAME", "SYMLINK", "ATTR", "SYSCTL", "ENV", "TAG", "IMPORT", "PROGRAM"}
WITH_ATTRIBUTE = {"ATTR", "ATTRS", "SYSCTL", "ENV", "CONST", "SECLABEL"}
OPTIONAL_ATTRIBUTE = {"TEST", "RUN", "IMPORT"}
PAIR = re.compile(r'\s*([A-Z]+)(\{([^}]*)\})?\s*(==|!=|\+=|-=|:=|=)\s*"((?:[^"\\]|\\.)*)"\s*(,|$)')
EXAMPLE = re.compile(r"^#\s?([A-Z]+(\{[^}]*\})?\s*(==|!=|\+=|-=|:=|=)\s*\".*)$")


def logical_lines(path):
    """(line number, text, is_example) for every rule, continuation lines joined."""
    pending, start = "", 0
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not pending:
                start = number
            if line.endswith("\\"):
                pending += line[:-1]
                continue
            line, pending = pending + line, ""
            stripped = line.strip()
            if not stripped:
                continue
            if stripped.startswith("#"):
                example = EXAMPLE.match(stripped)
                if example:
                    yield start, example.group(1), True
                continue
            yield start, stripped, False


def check_rule(text):
    problems, labels, gotos = [], [], []
    position = 0
    while position < len(text):
        m = PAIR.match(text, position)
        if not m:
            problems.append(f"cannot parse near: {text[position:position + 40]!r}")
            break
        key, _, attribute, op, value, _ = m.groups()
        position = m.end()
        if key not in MATCH_ONLY | ASSIGN_ONLY | BOTH:
            problems.append(f"unknown key {key}")
            continue
        is_match = op in ("==", "!=")
        if is_match and key in ASSIGN_ONLY:
            problems.append(f"{key} is an assignment key, {op} is a match")
        if not is_match and key in MATCH_ONLY:
            problems.append(f"{key} is a match key, {op} assigns")
        if key in WITH_ATTRIBUTE and not attribute:
            problems.append(f"{key} needs {{attribute}}")
        if attribute is not None and key not in WITH_ATTRIBUTE | OPTIONAL_ATTRIBUTE:
            problems.append(f"{key} takes no {{attribute}}")
        if key == "GROUP" and "$" not in value and "%" not in value:
            try:
                grp.getgrnam(value)
            except KeyError:
                problems.append(f"GROUP {value!r} does not exist on this system")
        if key == "MODE" and not re.fullmatch(r"0?[0-7]{3,4}", value):
            problems.append(f"MODE {value!r} is not octal")
        if key == "ENV" and attribute == "LIBINPUT_CALIBRATION_MATRIX" and not is_match:
            numbers = value.split()
            if len(numbers) != 6 or not all(re.fullmatch(r"-?\d+(\.\d+)?", n) for n in numbers):
                problems.append(f"LIBINPUT_CALIBRATION_MATRIX needs six numbers, got {value!r}")
        if key == "LABEL":
            labels.append(value)
        if key == "GOTO":
            gotos.append(value)
    return problems, labels, gotos


def main(paths):
    errors = 0
    for path in paths:
        labels, gotos = set(), []
        rules = 0
        for number, text, is_example in logical_lines(path):
            problems, found_labels, found_gotos = check_rule(text)
            labels.update(found_labels)
            gotos += [(number, g) for g in found_gotos]
            rules += 1
            for p in problems:
                print(f"{path}:{number}: {'(commented example) ' if is_example else ''}{p}")
                errors += 1
        for number, target in gotos:
            if target not in labels:
                print(f"{path}:{number}: GOTO {target!r} has no LABEL")
                errors += 1
        print(f"{path}: {rules} rules checked, {errors} problems", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
