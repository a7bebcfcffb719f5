"""``make run``: serve the app where a phone on the same network can reach it, and print the
addresses to open.

    python -m scorer.web.serving.serve [--host 0.0.0.0] [--port 5000] [--workers N] [--https]

The server is granian (a WSGI server written in Rust, with TLS of its own and on Linux, macOS and
Windows alike): two worker processes a core by default (``WORKERS_PER_CORE``), each answering
with ``THREADS`` threads (a club night on one process would spend its time serving HTTP in Python
on one core). This process prints the addresses, keeps the daily backup, and hands the app's
settings to the workers through the environment (``worker_app`` makes each worker's app).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import ipaddress
import os
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import segno
from flask import Flask

from scorer.web import create_app
from scorer.web.serving.setup_db import describe_database

SIOCGIFADDR = 0x8915  # Linux: the IPv4 address of a network interface


def _interfaces() -> list[tuple[str, str]]:
    """(interface name, IPv4 address) for this machine, read locally (nothing is sent anywhere).
    An address known only from the host name has the name ""."""
    found: dict[str, str] = {}
    if sys.platform.startswith("linux"):
        import fcntl  # Unix only

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            for _index, name in socket.if_nameindex():
                request = struct.pack("256s", name.encode()[:15])
                try:
                    answer = fcntl.ioctl(sock.fileno(), SIOCGIFADDR, request)
                except OSError:  # an interface with no IPv4 address
                    continue
                found.setdefault(socket.inet_ntoa(answer[20:24]), name)
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.setdefault(str(info[4][0]), "")
    return [(name, address) for address, name in found.items()]


# Interfaces a phone at the table never reaches this machine through: containers' bridges and
# their virtual cables. VPNs may (a phone on the same VPN), so they are listed, but last.
HIDDEN_INTERFACES = ("docker", "br-", "veth", "virbr", "lxcbr", "lxdbr", "cni", "flannel", "podman")
VPN_INTERFACES = ("tun", "tap", "wg", "tailscale", "utun", "zt", "ppp", "ipsec", "nordlynx")
WIFI_INTERFACES = ("wl", "wifi")
WIRED_INTERFACES = ("en", "eth")


def order_addresses(interfaces: list[tuple[str, str]]) -> list[str]:
    """The addresses a phone on the same network can use, the likeliest first: Wi-Fi, then wired,
    then other private addresses, then public ones, then VPNs. Loopback, link-local (169.254/16)
    and container bridges are left out."""

    def rank(item: tuple[str, str]) -> tuple[int, int, str]:
        name, address = item
        private = ipaddress.ip_address(address).is_private
        if name.startswith(VPN_INTERFACES) or (address.startswith("100.") and not private):  # Tailscale's CGNAT
            kind = 4
        elif name.startswith(WIFI_INTERFACES):
            kind = 0
        elif name.startswith(WIRED_INTERFACES):
            kind = 1
        else:
            kind = 2 if private else 3
        return kind, 0 if address.startswith("192.168.") else 1, address

    usable = []
    for name, address in interfaces:
        ip = ipaddress.ip_address(address)
        if ip.is_loopback or ip.is_link_local or ip.is_unspecified or name.startswith(HIDDEN_INTERFACES):
            continue
        usable.append((name, address))
    return list(dict.fromkeys(address for _name, address in sorted(usable, key=rank)))


def lan_addresses() -> list[str]:
    """The addresses a phone on the same network can use, the likeliest (the Wi-Fi) first."""
    return order_addresses(_interfaces())


def terminal_qr(url: str) -> str:
    """``url`` as a QR code drawn with block characters, for a phone's camera to read off the
    terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def listening_hosts(host: str) -> tuple[list[str], list[str]]:
    """The addresses to print for ``--host`` and the host names the app then answers to: those
    addresses, plus localhost and 127.0.0.1 (config.py) and ``SCORER_HOSTS``. Any other ``Host``
    header is refused, so a web page elsewhere whose name is made to point here cannot drive the app."""
    if host in ("0.0.0.0", "::"):
        shown = lan_addresses()
        return shown, [*shown, socket.gethostname()]
    return [host], [host]


# Requests a worker answers at once (its threads for the app's blocking work), and connections
# waiting to be accepted. At a club night 250 phones each keep a connection between two polls:
# granian's ``backpressure`` (connections a worker holds at once) is left at its default (the
# backlog shared by the workers); set to the threads, it held every phone past the 16th waiting
# for another's connection to close (found by make load-club).
THREADS = 8
BACKLOG = 2048
# The environment the workers read what this process worked out (``worker_app``).
PHONE_HOSTS_VARIABLE = "SCORER_PHONE_HOSTS"


# Worker processes a core. A worker's threads take turns at one interpreter (the GIL), and a
# request spends part of its time waiting on the database or the network: with one worker a core,
# a club night's requests queued for their worker's interpreter while the cores stood half idle
# (make load-club, 2 cores: save p99 860 ms, 48 % of the CPU idle); with two a core the same
# night's saves answered at p99 100–240 ms on less CPU (DECISIONS 113, docs/performance.md).
WORKERS_PER_CORE = 2


def worker_count(asked: int | None) -> int:
    """How many worker processes: as asked (``--workers``, ``WORKERS=`` of ``make run``), else
    ``WORKERS_PER_CORE`` a core."""
    if asked is not None and asked >= 1:
        return asked
    return WORKERS_PER_CORE * max(os.cpu_count() or 1, 1)


def worker_app() -> Flask:
    """Each worker process's app (granian imports this, ``factory=True``): the settings from the
    environment and .env as ``make run``'s process read them, the addresses it found for the phones,
    and the ratings' catch-up thread (one a process; a claim in the database lets one fold at a time)."""
    app = create_app()
    warm(app)
    shown = os.environ.get(PHONE_HOSTS_VARIABLE, "")
    if shown:
        app.config["PHONE_HOSTS"] = [host for host in shown.split(",") if host]
    if app.config.get("RATINGS_CATCH_UP") == "thread":
        from scorer.web.writes import rating_worker

        rating_worker.start(app)
    return app


def warm(app: Flask) -> None:
    """Do before the first request what each worker would otherwise do during its first ones:
    compile every template (the deal form's took 0.2 s of CPU) and read each language's catalog.
    A club night's phones all arrive within seconds of the server starting; without this, the
    first deal forms and boards in each worker waited behind those compilations."""
    import flask_babel

    from scorer.web import templating
    from scorer.web.language import LOCALES

    templating.compile_all(app)  # from the files make run's set-up step kept, or compiled here
    with app.test_request_context("/"):
        for locale in LOCALES.values():
            with flask_babel.force_locale(locale):
                flask_babel.get_translations()


def granian_server(host: str, port: int, workers: int, certificate: tuple[Path, Path] | None = None) -> Any:
    """The production server: ``workers`` processes serving ``worker_app`` on ``host``:``port``, over
    TLS with ``certificate`` (its certificate and key files) if given."""
    from granian import Granian
    from granian.constants import Interfaces
    from granian.log import LogLevels

    tls: dict[str, Any] = {}
    if certificate is not None:
        tls = {"ssl_cert": certificate[0], "ssl_key": certificate[1]}
    return Granian(f"{__name__}:worker_app", address=host, port=port, interface=Interfaces.WSGI, factory=True,
                   workers=workers, blocking_threads=THREADS, backlog=BACKLOG, log_level=LogLevels.error,
                   respawn_failed_workers=True, **tls)


def free_port() -> int:
    """A port nothing listens on at 127.0.0.1 now (for a server started by a test or a bench)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_listening(port: int, process: subprocess.Popen[Any], seconds: float = 30) -> bool:
    """Whether ``process`` (``python -m scorer.web.serving.serve`` on 127.0.0.1:``port``) accepts connections
    within ``seconds``; False as soon as it stops, or when the time is up. Used by the tests, the
    bench and ``make load``, which start the production server in a process of its own."""
    deadline = time.monotonic() + seconds
    while process.poll() is None and time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.05)
    return False


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the Ninety-Nine score keeper.")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--https", action="store_true",
                        help="serve over HTTPS with a certificate made for these addresses (kept in instance/)")
    parser.add_argument("--behind-proxy", action="store_true",
                        help="trust one reverse proxy on this machine's X-Forwarded-For/-Proto (Caddy, docs/Caddyfile)")
    parser.add_argument("--workers", type=int, default=None,
                        help="worker processes (default: two a core)")
    args = parser.parse_args(argv)

    if args.behind_proxy:
        # The proxy terminates TLS: the app must still know the request was HTTPS (Secure cookie)
        # and which client it came from (access.py: ProxyFix, one hop, from this machine only).
        os.environ["SCORER_BEHIND_PROXY"] = "1"
    app = create_app()
    shown, hosts = listening_hosts(args.host)
    app.config["TRUSTED_HOSTS"] = list(dict.fromkeys([*app.config["TRUSTED_HOSTS"], *hosts]))
    app.config["PHONE_HOSTS"] = shown if args.host in ("0.0.0.0", "::") else [args.host]
    # The workers make their own app: they read these from the environment, as this one read .env.
    os.environ["SCORER_HOSTS"] = ",".join(name for name in app.config["TRUSTED_HOSTS"])
    os.environ[PHONE_HOSTS_VARIABLE] = ",".join(app.config["PHONE_HOSTS"])
    workers = worker_count(args.workers)
    scheme = "https" if args.https else "http"
    certificate = None
    if args.https:
        from scorer.web.serving.certificate import ensure_certificate, wanted_names

        certificate = ensure_certificate(app.instance_path, wanted_names(shown if args.host in ("0.0.0.0", "::") else [args.host]))
    print("\nNinety-Nine score keeper is running.")
    if app.config.get("SQLALCHEMY_DATABASE_URI"):
        print(f"Database: {describe_database(app.config['SQLALCHEMY_DATABASE_URI'])}")
    if args.host in ("0.0.0.0", "::"):
        if shown:
            print("Open this on a phone on the same Wi-Fi (or scan the code):")
            for address in shown:
                print(f"    {scheme}://{address}:{args.port}/")
            print(terminal_qr(f"{scheme}://{shown[0]}:{args.port}/"), end="")
        else:
            print("No network address found: connect this computer to the phone's Wi-Fi.")
        print(f"On this computer: {scheme}://127.0.0.1:{args.port}/")
    else:
        print(f"Open {scheme}://{args.host}:{args.port}/")
    extra = [name for name in app.config["TRUSTED_HOSTS"] if name not in (*shown, "localhost", "127.0.0.1", *hosts)]
    if extra:
        print(f"Also answering to: {', '.join(extra)} (SCORER_HOSTS)")
    if certificate is not None:
        made = "made now" if certificate.created else "reused"
        print(f"Certificate ({made}, {certificate.cert_path}), SHA-256 fingerprint:")
        print(f"    {certificate.fingerprint}")
        print("Each phone warns once that the certificate is not trusted: check the fingerprint, then accept it.")
    if app.config.get("BACKUPS") != "off":  # at start, then daily, in a thread of its own
        from scorer.web.records import backups

        print(f"Backups: daily into {backups.daily_folder(app)} (the last {backups.KEEP_DAILY} kept; "
              "SCORER_BACKUPS=off stops them)")
        backups.start_daily(app)
    print(f"Serving with {workers} worker process{'es' if workers != 1 else ''} ({THREADS} threads each; "
          "WORKERS=N to choose).")
    print("Stop it with Ctrl+C.\n", flush=True)
    tls = (certificate.cert_path, certificate.key_path) if certificate is not None else None
    granian_server(args.host, args.port, workers, tls).serve()


if __name__ == "__main__":
    main()
