"""``twentystrong serve``: the same game in a web browser tab, served from this machine (textual-serve).

Listens on 127.0.0.1 by default, so only this machine can play. Any other host prints a warning first: whoever can
reach it can play as you, with your autosave. A port already in use or a host that cannot be served gives one clear
line on stderr and exit status 2. Each browser connection runs its own ``twentystrong`` process.
"""

from __future__ import annotations

import argparse
import sys

from twentystrong.cli.arguments import error_line
from twentystrong.i18n import _


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("the port must be a whole number, not {text}").format(text=repr(text))
        ) from None
    if not 0 <= value <= 65535:
        words = _("the port must be between 1 and 65535 (0: any free port), not {value}")
        raise argparse.ArgumentTypeError(words.format(value=value))
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``serve`` options."""
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help=_("address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0: every network interface)"),
    )
    parser.add_argument(
        "--port", type=_port, default=8000, help=_("port to listen on (default: 8000; 0: any free port)")
    )
    parser.add_argument("--open", action="store_true", help=_("open the game in your web browser once it is served"))
    parser.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C; 2 when the server cannot listen where asked."""
    from twentystrong.serve.bind import BindError, listen

    try:
        listening = listen(args.host, args.port)
    except BindError as exc:
        print(error_line("twentystrong serve", str(exc)), file=sys.stderr)
        return 2
    if not listening.loopback_only:
        where = _("every network interface of this machine") if listening.every_interface else args.host
        warning = _(
            "listening on {where} (port {port}): anyone who can reach it can play as you, with your saved game. "
            "Use --host 127.0.0.1 to keep it to this machine."
        ).format(where=where, port=listening.port)
        print(f"twentystrong serve: warning: {warning}", file=sys.stderr, flush=True)
    try:
        from twentystrong.serve.server import GameServer

        GameServer(listening, open_browser=args.open, debug=args.debug).serve()
    finally:
        listening.close()
    print("twentystrong serve: " + _("stopped"), flush=True)
    return 0
