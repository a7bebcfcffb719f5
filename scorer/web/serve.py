"""``make run``: serve the app with waitress where a phone on the same network can reach it, and
print the addresses to open.

    python -m scorer.web.serve [--host 0.0.0.0] [--port 5000]
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import struct
import sys

from waitress import serve

from scorer.web import create_app

SIOCGIFADDR = 0x8915  # Linux: the IPv4 address of a network interface


def _interface_addresses() -> set[str]:
    """IPv4 addresses of this machine's interfaces, read locally (nothing is sent anywhere)."""
    found: set[str] = set()
    with contextlib.suppress(OSError):
        found.update(str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    if sys.platform.startswith("linux"):
        import fcntl  # Unix only

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            for _index, name in socket.if_nameindex():
                request = struct.pack("256s", name.encode()[:15])
                try:
                    answer = fcntl.ioctl(sock.fileno(), SIOCGIFADDR, request)
                except OSError:  # an interface with no IPv4 address
                    continue
                found.add(socket.inet_ntoa(answer[20:24]))
    return found


def lan_addresses() -> list[str]:
    """The addresses a phone on the same network can use: not loopback, private ones first."""
    addresses = [a for a in _interface_addresses() if not a.startswith("127.")]
    return sorted(addresses, key=lambda a: (not a.startswith(("192.168.", "10.", "172.")), a))


def listening_hosts(host: str) -> tuple[list[str], list[str]]:
    """The addresses to print for ``--host`` and the host names the app then answers to: those
    addresses, plus localhost and 127.0.0.1 (config.py) and ``SCORER_HOSTS``. Any other ``Host``
    header is refused, so a web page elsewhere whose name is made to point here cannot drive the app."""
    if host in ("0.0.0.0", "::"):
        shown = lan_addresses()
        return shown, [*shown, socket.gethostname()]
    return [host], [host]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the Ninety-Nine score keeper.")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    parser.add_argument("--port", type=int, default=5000)
    args = parser.parse_args(argv)

    app = create_app()
    shown, hosts = listening_hosts(args.host)
    app.config["TRUSTED_HOSTS"] = list(dict.fromkeys([*app.config["TRUSTED_HOSTS"], *hosts]))
    print("\nNinety-Nine score keeper is running.")
    if args.host in ("0.0.0.0", "::"):
        if shown:
            print("Open this on a phone on the same Wi-Fi:")
            for address in shown:
                print(f"    http://{address}:{args.port}/")
        else:
            print("No network address found: connect this computer to the phone's Wi-Fi.")
        print(f"On this computer: http://127.0.0.1:{args.port}/")
    else:
        print(f"Open http://{args.host}:{args.port}/")
    extra = [name for name in app.config["TRUSTED_HOSTS"] if name not in (*shown, "localhost", "127.0.0.1", *hosts)]
    if extra:
        print(f"Also answering to: {', '.join(extra)} (SCORER_HOSTS)")
    print("Stop it with Ctrl+C.\n", flush=True)
    serve(app, host=args.host, port=args.port, threads=8, ident="ninety-nine")


if __name__ == "__main__":
    main()
