"""The web server behind ``twentystrong serve``: textual-serve's server, made to work offline and kept to its page.

What it changes from :class:`textual_serve.server.Server`:

- **Every asset is local.** textual-serve's own page asks a font CDN for Roboto Mono; ours
  (``templates/app_index.html``) declares the copy textual-serve ships in its static folder, and links nothing
  outside the server, so the game plays with no network at all.
- **Addresses come from the request.** The page's asset and websocket addresses are built from the ``Host`` the
  browser used, so the page works on a port chosen at random (``--port 0``) and on a wildcard host alike.
- **Only its own pages may drive a game.** Any web page can open a websocket to localhost, so the websocket checks
  that its ``Origin`` is the server itself; and while the server listens on this machine only, a request must name
  a local host (a page of another site whose name was pointed at 127.0.0.1 is refused).
- **Games end cleanly on Ctrl+C.** Open connections are closed on shutdown, which asks each game process to quit
  (the game has already saved after its last move: contract 6).

Each browser connection runs its own game process: the plain ``twentystrong`` command with this server's
environment, so it resumes and writes the same autosave (``TWENTYSTRONG_DATA_DIR`` or the user data folder) as
the terminal.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import shlex
import sys
import webbrowser
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int
from yarl import URL

from twentystrong.serve.bind import Listening

TEMPLATES = Path(__file__).parent / "templates"
"""Our page template (``app_index.html``), in place of textual-serve's."""

TITLE = "20 Strong"

log = logging.getLogger("twentystrong.serve")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def game_command() -> str:
    """The command each browser connection runs: this interpreter's ``twentystrong``, as in a terminal.

    textual-serve runs it through ``sh -c``; ``exec`` makes the game the process itself, so stopping or killing the
    process textual-serve started ends the game, not just a shell above it.
    """
    return "exec " + shlex.join([sys.executable, "-m", "twentystrong"])


def host_name(authority: str) -> str:
    """The host part of a ``Host`` header or an origin's authority (``[::1]:8000`` -> ``::1``), lower case."""
    return (URL(f"http://{authority}").host or "").lower().rstrip(".")


def is_local_name(name: str) -> bool:
    """True for names a browser on this machine uses for it: ``localhost`` and loopback addresses."""
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class GameProcess(AppService):
    """textual-serve's app process, also reaped when it stops, so no game outlives its connection or the server."""

    QUIT_GRACE = 5.0
    """Seconds a game process has to quit once asked before it is killed (its autosave trails the game by at most
    the write in flight, so even a kill loses at most the last move: contract 6)."""

    async def run(self) -> None:
        """Relay the game until its output ends; then close the connection, so the page says the game has closed
        (after a quit, and also when the game could not start or died, which would otherwise leave a blank page)."""
        await super().run()
        await self.remote_close()

    async def stop(self) -> None:
        """Ask the game to quit, wait for its output to end, then for the process itself (kill it if it hangs)."""
        await super().stop()
        process = self._process
        if process is None or process.returncode is not None:
            return
        try:
            await asyncio.wait_for(process.wait(), self.QUIT_GRACE)
        except TimeoutError:
            log.warning("a game process did not quit in %.0f s; killing it", self.QUIT_GRACE)
            process.kill()
            await process.wait()


class GameServer(Server):
    """Serves the game's page, textual-serve's local assets, and one game process per websocket."""

    def __init__(
        self,
        listening: Listening,
        *,
        command: str | None = None,
        open_browser: bool = False,
        debug: bool = False,
    ) -> None:
        super().__init__(
            command or game_command(),
            host=listening.host,
            port=listening.port,
            title=TITLE,
            public_url=listening.url,
            templates_path=TEMPLATES,
        )
        self.listening = listening
        self.open_browser = open_browser
        self.debug = debug
        self.connections: set[web.WebSocketResponse] = set()
        """Open game connections, closed on shutdown so every game process quits."""

    # --- the application ----------------------------------------------------------------------------------------

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._check_host])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path), autoescape=True)
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    @web.middleware
    async def _check_host(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """While only this machine may connect, refuse requests that name another host (DNS rebinding)."""
        if self.listening.loopback_only:
            name = host_name(request.host)
            if not (is_local_name(name) or name == self.listening.host.lower().strip("[]")):
                raise web.HTTPForbidden(text=f"twentystrong serve answers only to {self.listening.url}\n")
        return await handler(request)

    def initialize_logging(self) -> None:
        """Warnings and errors only (textual-serve logs every request at INFO), one plain line each."""
        logging.basicConfig(
            level=logging.DEBUG if self.debug else logging.WARNING,
            format="twentystrong serve: %(message)s",
        )

    async def on_startup(self, app: web.Application) -> None:
        """Say where the game is; open it in the browser when asked."""
        print(f"twentystrong serve: playing at {self.listening.url}  (Ctrl+C to stop)", flush=True)
        if self.open_browser:
            opened = await asyncio.get_running_loop().run_in_executor(None, webbrowser.open, self.listening.url)
            if not opened:
                print("twentystrong serve: no browser could be opened here: open the address above", flush=True)

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every game connection: each game process is asked to quit (its game is already saved)."""
        await asyncio.gather(*(ws.close() for ws in list(self.connections)), return_exceptions=True)

    # --- the page -----------------------------------------------------------------------------------------------

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The game's page; its asset and websocket addresses follow the address the browser used."""
        scheme = "wss" if request.secure else "ws"
        context: dict[str, Any] = {
            "font_size": max(8, min(40, to_int(request.query.get("fontsize", "16"), 16))),
            "app_websocket_url": f"{scheme}://{request.host}/ws",
            "static_url": "/static/",
            "title": TITLE,
            "ping_url": "",
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Cache-Control"] = "no-store"
        return response

    # --- one game per connection --------------------------------------------------------------------------------

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """Run one game process for this browser connection until either side closes."""
        origin = request.headers.get("Origin")
        if origin is not None and URL(origin).raw_authority.lower() != request.host.lower():
            # Browsers always send Origin on a websocket: another site's page must not start or drive a game.
            raise web.HTTPForbidden(text="a game can only be opened from this server's own page\n")
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        await websocket.prepare(request)
        self.connections.add(websocket)

        async def close() -> None:
            await websocket.close()

        app_service = GameProcess(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        try:
            await app_service.start(width, height)
            await self._process_messages(websocket, app_service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:
            log.exception("a game connection failed")
        finally:
            self.connections.discard(websocket)
            # Tells the game process to quit and waits for it: closing the tab ends its process.
            await app_service.stop()
        return websocket

    # --- running ------------------------------------------------------------------------------------------------

    def serve(self, debug: bool = False) -> None:
        """Serve on the sockets already bound until Ctrl+C (or SIGTERM); then close every game and return."""
        self.debug = self.debug or debug
        self.initialize_logging()
        web.run_app(
            self._make_app(),
            sock=self.listening.sockets,
            print=None,
            access_log=None,
            handle_signals=True,
            shutdown_timeout=GameProcess.QUIT_GRACE + 3,  # each open game gets its time to quit
        )
