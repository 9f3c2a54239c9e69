"""Entry point of the ``twentystrong`` command: parse arguments, dispatch to one subcommand module.

Each subcommand lives in ``twentystrong/cli/<name>.py`` and exposes ``configure(parser)`` and ``run(args) -> int``.
Modules are imported lazily so ``twentystrong validate`` never pays for importing Textual.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

from twentystrong import __version__
from twentystrong.cli.arguments import error_line
from twentystrong.i18n import N_, _, ngettext

# name -> (module, one-line help). Order is the order shown by --help.
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "play": ("twentystrong.cli.play", N_("play in the terminal UI, straight into a game")),
    "validate": ("twentystrong.cli.validate", N_("check deck files and report every problem")),
    "schema": ("twentystrong.cli.schema", N_("print the JSON Schema of deck files")),
    "headless": ("twentystrong.cli.headless", N_("JSON-lines protocol on stdin/stdout, for bots and scripts")),
    "odds": ("twentystrong.cli.odds", N_("damage distribution and kill probability for a set of dice")),
    "simulate": ("twentystrong.cli.simulate", N_("play many bot games and report win rates")),
    "bench": ("twentystrong.cli.bench", N_("run the project's benchmarks")),
    "serve": ("twentystrong.cli.serve", N_("play in a web browser tab, served from this machine")),
    "stats": ("twentystrong.cli.stats", N_("your record: every finished game, win rates, streaks (--json, --export)")),
    "replay": ("twentystrong.cli.replay", N_("replay a game of your record, read-only, step by step")),
    "daily": ("twentystrong.cli.daily", N_("play the daily challenge: the same game for everyone today")),
    "review": ("twentystrong.cli.review", N_("the expert's review of a game of your record: what each decision cost")),
}


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors say how to get help (exit status 2, no traceback), in the language spoken.

    argparse's own words ("usage:", "options", "show this help message and exit", its error messages) come from its
    ``gettext`` calls: they are pointed at the game's catalogues (:data:`ARGPARSE_WORDS` marks them), so
    ``--help`` reads in one language; in English they are argparse's own, word for word.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        speak_argparse()
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        words = _("Try '{prog} --help'.").format(prog=self.prog)
        self.exit(2, f"{error_line(self.prog, message)}\n{words}\n")


ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
"""The words argparse itself says (Python 3.11's ``argparse``, which marks them with ``_``) that a player may read:
marked here so the catalogues hold them."""


def speak_argparse() -> None:
    """argparse's words through the game's catalogues (its module's ``_`` and ``ngettext``, read at each call)."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def build_parser() -> argparse.ArgumentParser:
    """The full parser, every subcommand configured (imports each subcommand module)."""
    parser = _Parser(prog="twentystrong", description=_("20 Strong in your terminal."))
    parser.add_argument(
        "--version",
        action="version",
        version=f"twentystrong {__version__}",
        help=_("show program's version number and exit"),  # argparse's own words, which it never translates
    )
    parser.add_argument("--lang", metavar="{en,de,fr}", help=_(LANG_HELP))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        module = importlib.import_module(module_name)
        subparser = sub.add_parser(name, help=_(help_text), description=_(help_text))
        subparser.add_argument("--lang", metavar="{en,de,fr}", help=_(LANG_HELP))
        module.configure(subparser)
    return parser


LANG_HELP = N_("the language of the game's words: en, de or fr (else LANGUAGE / LC_ALL / LANG, or the setup screen's)")


def _take_language(args_list: list[str]) -> tuple[list[str], str | None]:
    """``--lang CODE`` (or ``--lang=CODE``) wherever it stands, taken out of the arguments: every command has it."""
    rest: list[str] = []
    code: str | None = None
    items = iter(args_list)
    for item in items:
        if item == "--":
            rest.append(item)
            rest.extend(items)
            break
        if item == "--lang":
            code = next(items, "")
        elif item.startswith("--lang="):
            code = item.partition("=")[2]
        else:
            rest.append(item)
    return rest, code


def _choose_language(code: str | None) -> str | None:
    """Speak ``code`` (None: the profile's choice, else the environment's); an error message for a bad one."""
    from twentystrong import i18n

    if code is None:
        return None
    if not code:
        return i18n._("--lang needs a language: {choices}.").format(choices=", ".join(i18n.LANGUAGES))
    try:
        i18n.set_language(code)
    except ValueError as exc:
        return str(exc)
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args_list, lang = _take_language(list(sys.argv[1:] if argv is None else argv))
    problem = _choose_language(lang)
    if problem is not None:
        sys.stderr.write(error_line("twentystrong", f"--lang: {problem}") + "\n")
        return 2
    if not args_list or args_list[0].startswith("-") and args_list[0] not in ("-h", "--help", "--version"):
        # Bare `twentystrong` (or only play options): the TUI, resuming the autosave if there is one.
        args_list = ["play", "--resume", *args_list]
    if args_list and args_list[0] in SUBCOMMANDS:
        # Configure only the subcommand that runs, so each stays as light as its own imports.
        name = args_list[0]
        module = importlib.import_module(SUBCOMMANDS[name][0])
        parser = _Parser(prog=f"twentystrong {name}", description=_(SUBCOMMANDS[name][1]))
        parser.add_argument("--lang", metavar="{en,de,fr}", help=_(LANG_HELP))
        module.configure(parser)
        args = parser.parse_args(args_list[1:])
        try:
            return int(module.run(args))
        except KeyboardInterrupt:
            return 130
        except BrokenPipeError:
            # The reader went away (``twentystrong odds … | head``): stop quietly, as a Unix command does.
            import os

            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return 141
    build_parser().parse_args(args_list)
    return 0
