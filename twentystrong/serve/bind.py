"""Open the listening sockets for ``twentystrong serve``, with errors a player can act on.

The sockets are bound here, before the web server starts, so that a port already in use, a host that does not
resolve or an address this machine does not have becomes one :class:`BindError` with a plain message (the command
line turns it into exit status 2), and so that ``--port 0`` can pick a free port and still print the real address.
"""

from __future__ import annotations

import errno
import ipaddress
import socket
from dataclasses import dataclass, field


class BindError(Exception):
    """The server cannot listen where it was asked to; the message says why and what to do."""


@dataclass
class Listening:
    """The sockets the server listens on and what to tell the player about them."""

    host: str
    """The host as given on the command line."""
    port: int
    """The port actually bound (the free one chosen when 0 was asked for)."""
    sockets: list[socket.socket] = field(default_factory=list)
    """One listening socket per address the host resolved to."""
    addresses: list[str] = field(default_factory=list)
    """The bound IP addresses, as text."""

    @property
    def loopback_only(self) -> bool:
        """True when only this machine can connect (every bound address is a loopback address)."""
        return all(ipaddress.ip_address(a).is_loopback for a in self.addresses)

    @property
    def every_interface(self) -> bool:
        """True when bound to the wildcard address (every network interface of the machine)."""
        return any(ipaddress.ip_address(a).is_unspecified for a in self.addresses)

    @property
    def url(self) -> str:
        """The address to open in a browser on this machine."""
        address = ipaddress.ip_address(self.addresses[0])
        if address.is_unspecified:
            name = "127.0.0.1" if address.version == 4 else "[::1]"
        elif _is_ip(self.host):
            name = f"[{address}]" if address.version == 6 else str(address)
        else:
            name = self.host
        return f"http://{name}:{self.port}"

    def close(self) -> None:
        """Close every socket (when the server will not start after all)."""
        for sock in self.sockets:
            sock.close()


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return False
    return True


def _why(exc: OSError, host: str, port: int) -> str:
    if exc.errno == errno.EADDRINUSE:
        return (
            f"port {port} is already in use on {host} (is twentystrong serve already running?); "
            "choose another with --port"
        )
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"{host} is not an address of this machine; use --host 127.0.0.1 (the default) or one of its own"
    if exc.errno == errno.EACCES:
        return f"no permission to listen on port {port} (ports below 1024 need administrator rights); use --port 8000"
    return f"cannot listen on {host} port {port}: {exc.strerror or exc}"


def listen(host: str, port: int) -> Listening:
    """Bind and listen on every address ``host`` resolves to; :class:`BindError` when that is impossible."""
    if not host.strip():
        raise BindError("the host is empty; use --host 127.0.0.1 (this machine only) or an address of this machine")
    try:
        infos = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP, flags=socket.AI_PASSIVE
        )
    except socket.gaierror as exc:
        raise BindError(f"cannot serve on host {host!r}: {exc.strerror} (try --host 127.0.0.1)") from None
    except (UnicodeError, ValueError) as exc:
        raise BindError(f"cannot serve on host {host!r}: {exc} (try --host 127.0.0.1)") from None
    seen: set[tuple[int, str]] = set()
    targets = []
    for family, kind, proto, _, sockaddr in infos:
        key = (family, str(sockaddr[0]))
        if key not in seen:
            seen.add(key)
            targets.append((family, kind, proto, sockaddr))
    listening = Listening(host=host, port=port)
    first_error: BindError | None = None
    for family, kind, proto, sockaddr in targets:
        address = str(sockaddr[0])
        sock = socket.socket(family, kind, proto)
        try:
            # REUSEADDR lets a restarted server take its port back at once (no wait on old connections); it still
            # refuses a port another server listens on. Never REUSEPORT, which would let two servers share it.
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind((address, listening.port, *sockaddr[2:]))  # an IPv6 address keeps its flow and scope
            sock.listen(128)
            sock.setblocking(False)
        except OSError as exc:
            sock.close()
            error = BindError(_why(exc, host, listening.port))
            if exc.errno == errno.EADDRNOTAVAIL and len(targets) > 1:
                # A name such as localhost may resolve to ::1 on a machine without IPv6: the other address serves.
                first_error = first_error or error
                continue
            listening.close()
            raise error from None
        listening.sockets.append(sock)
        listening.addresses.append(address)
        listening.port = sock.getsockname()[1]  # port 0: every address gets the port the first one was given
    if not listening.sockets:
        raise first_error or BindError(f"cannot serve on host {host!r}: it has no address")
    return listening
