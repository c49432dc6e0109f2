"""The command line of a benchmark whose named cases each run in a child process of their own.

The script's main() starts `<script> --child CASE` for each case asked for (none: all), so
that a case's peak memory is its own; the child measures that one case.
"""

from __future__ import annotations

import argparse


def case_parser(
    cases: tuple[str, ...], *, description: str, epilog: str
) -> argparse.ArgumentParser:
    """A parser of CASE… (any of `cases`) and the internal --child CASE; a script adds its
    own options to it, and reads it with `parsed_cases`."""
    parser = argparse.ArgumentParser(description=description, epilog=epilog)
    parser.add_argument(
        "cases",
        nargs="*",
        metavar="CASE",
        help=f"cases to measure, of: {', '.join(cases)} (default all)",
    )
    # Internal: the child process that measures one case (see the script's main).
    parser.add_argument("--child", choices=cases, help=argparse.SUPPRESS)
    return parser


def parsed_cases(
    parser: argparse.ArgumentParser, cases: tuple[str, ...], argv: list[str] | None
) -> argparse.Namespace:
    """`argv` read by `parser`; a case not among `cases` stops the script with usage."""
    args = parser.parse_args(argv)
    # Checked here rather than with choices=: Python 3.11 refuses an empty nargs="*" list then.
    unknown = [case for case in args.cases if case not in cases]
    if unknown:
        parser.error(f"unknown cases: {', '.join(unknown)} (choose from {', '.join(cases)})")
    return args
