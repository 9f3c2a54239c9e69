"""``twentystrong serve`` without a browser: where it listens, what its page loads, who may drive a game, shutdown.

The servers run for real (``twentystrong serve --port 0`` in a subprocess, on 127.0.0.1 only) and are talked to
with plain HTTP and websocket clients. The browser itself is in ``test_serve_browser.py``.
"""

from __future__ import annotations

import asyncio
import os
import re
import select
import signal
import socket
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import aiohttp
import pytest

from twentystrong.cli.main import main
from twentystrong.serve.bind import BindError, listen
from twentystrong.serve.browser import Served, serve


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serve(tmp_path_factory.mktemp("serve-data")) as running:
        yield running


def get(url: str, host: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"


def wait_until(check: Callable[[], bool], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return False


# --- where it listens ---------------------------------------------------------------------------------------------


def test_a_port_in_use_is_a_clear_error_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"port {port} is already in use" in err and "--port" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("host", "says"),
    [
        ("no-such-host.invalid", "cannot serve on host 'no-such-host.invalid'"),
        ("192.0.2.1", "192.0.2.1 is not an address of this machine"),  # TEST-NET-1: never a local address
        ("", "the host is empty"),
    ],
)
def test_a_bad_host_is_a_clear_error_with_status_2(host: str, says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--host", host, "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert says in err and err.startswith("twentystrong serve: error:")


@pytest.mark.parametrize("port", ["65536", "-1", "eighty"])
def test_a_bad_port_is_refused_with_status_2(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--port", port])
    assert exit_.value.code == 2
    assert "--port" in capsys.readouterr().err


def test_port_zero_picks_a_free_port_on_this_machine_only() -> None:
    listening = listen("127.0.0.1", 0)
    try:
        assert listening.port > 0 and listening.loopback_only and not listening.every_interface
        assert listening.url == f"http://127.0.0.1:{listening.port}"
        with pytest.raises(BindError, match="already in use"):
            listen("127.0.0.1", listening.port)
    finally:
        listening.close()


def test_localhost_is_served_and_named_in_the_address() -> None:
    listening = listen("localhost", 0)
    try:
        assert listening.loopback_only and listening.url == f"http://localhost:{listening.port}"
        assert "127.0.0.1" in listening.addresses
    finally:
        listening.close()


def test_every_interface_warns_that_anyone_can_play_as_you(tmp_path: Path) -> None:
    with serve(tmp_path, "--host", "0.0.0.0") as running:
        assert running.process.stderr is not None
        warning = running.process.stderr.readline()
        assert warning.startswith("twentystrong serve: warning: listening on every network interface")
        assert "anyone who can reach it can play as you" in warning and "--host 127.0.0.1" in warning
        assert running.url.startswith("http://127.0.0.1:")  # where to open it on this machine
        assert get(running.url)[0] == 200
    assert running.process.returncode == 0  # stopped by Ctrl+C


def test_this_machine_only_gets_no_warning(served: Served) -> None:
    assert served.url.startswith("http://127.0.0.1:")
    assert served.process.poll() is None
    assert served.process.stderr is not None
    readable, _, _ = select.select([served.process.stderr], [], [], 0.2)
    assert not readable, "nothing on stderr: no warning for 127.0.0.1"


# --- the page works with no network ---------------------------------------------------------------------------------


def test_the_page_and_every_asset_it_names_come_from_the_server(served: Served) -> None:
    status, html = get(served.url + "/")
    assert status == 200 and "<title>20 Strong</title>" in html
    absolute = re.findall(r"""[a-z]+://[^"'\s)]+""", html)
    assert absolute == [served.url.replace("http://", "ws://") + "/ws"], absolute  # the game's websocket only
    assets = re.findall(r"""(?:src|href)="([^"]+)\"""", html) + re.findall(r"""url\("([^"]+)"\)""", html)
    assert {"/static/js/textual.js", "/static/css/xterm.css"} <= set(assets)
    assert any(a.endswith(".ttf") for a in assets), "the terminal's font must be served locally"
    for asset in assets:
        if asset.startswith("data:"):
            continue
        assert asset.startswith("/"), asset
        assert get(served.url + asset)[0] == 200, asset
    status, css = get(served.url + "/static/css/xterm.css")
    assert status == 200 and not re.search(r"url\(\s*['\"]?[a-z]+:", css)


def test_no_directory_listing_of_the_assets(served: Served) -> None:
    assert get(served.url + "/static/")[0] in (403, 404)


# --- only its own pages drive a game ------------------------------------------------------------------------------


def test_a_request_naming_another_host_is_refused(served: Served) -> None:
    port = served.url.rsplit(":", 1)[1]
    assert get(served.url + "/", host="attacker.example")[0] == 403
    assert get(served.url + "/", host=f"attacker.example:{port}")[0] == 403
    assert get(served.url + "/", host=f"localhost:{port}")[0] == 200


async def test_a_websocket_from_another_site_is_refused_and_starts_no_game(served: Served) -> None:
    async with aiohttp.ClientSession() as session:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(
                served.url.replace("http", "ws") + "/ws", headers={"Origin": "http://attacker.example"}
            )
    assert refused.value.status == 403
    assert served.game_pids() == []


async def first_screen(session: aiohttp.ClientSession, url: str) -> tuple[aiohttp.ClientWebSocketResponse, bytes]:
    """Connect as the page does and read until the setup screen has been drawn."""
    ws = await session.ws_connect(url.replace("http", "ws") + "/ws?width=120&height=40", headers={"Origin": url})
    data = b""
    while b"Ability" not in data:
        message = await ws.receive(timeout=30)
        assert message.type == aiohttp.WSMsgType.BINARY, message
        data += message.data
    return ws, data


async def test_each_connection_runs_its_own_game_which_ends_with_it(served: Served) -> None:
    async with aiohttp.ClientSession() as session:
        first, screen = await first_screen(session, served.url)
        assert b"20 Strong \xe2\x80\x94 new game" in screen  # the setup screen (no game saved in this folder)
        second, _ = await first_screen(session, served.url)
        games = served.game_pids()
        assert len(games) == 2
        cmdline = Path(f"/proc/{games[0]}/cmdline").read_bytes().split(b"\0")
        assert cmdline[:3] == [sys.executable.encode(), b"-m", b"twentystrong"]  # the game itself, no shell
        await first.close()
        assert await asyncio.to_thread(wait_until, lambda: len(served.game_pids()) == 1)
        await second.close()
        assert await asyncio.to_thread(wait_until, lambda: served.game_pids() == [])
    assert all(gone(pid) for pid in games)


async def test_ctrl_c_with_a_game_open_stops_the_server_and_its_game(tmp_path: Path) -> None:
    with serve(tmp_path) as running:
        async with aiohttp.ClientSession() as session:
            ws, _ = await first_screen(session, running.url)
            games = running.game_pids()
            assert len(games) == 1
            started = time.monotonic()
            running.process.send_signal(signal.SIGINT)
            status = await asyncio.to_thread(running.process.wait, 15)
            assert status == 0 and time.monotonic() - started < 10
            assert gone(games[0])
            assert (await ws.receive(timeout=5)).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        assert running.process.stdout is not None
        assert "twentystrong serve: stopped" in running.process.stdout.read()


def test_open_hands_the_address_to_the_web_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = tmp_path / "opened.txt"
    fake_browser = tmp_path / "browser.sh"
    fake_browser.write_text(f'#!/bin/sh\necho "$1" > {opened}\n')
    fake_browser.chmod(0o755)
    monkeypatch.setenv("BROWSER", str(fake_browser))  # Python's webbrowser runs $BROWSER before any other
    with serve(tmp_path / "data", "--open") as running:
        assert wait_until(lambda: opened.exists() and opened.read_text().strip() == running.url)
