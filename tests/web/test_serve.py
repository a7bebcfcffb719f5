"""`make run`: the addresses it prints (the Wi-Fi first), the QR code, the HTTPS certificate, the
database it names, .env, and the short messages for a database it cannot use."""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from cryptography import x509

from scorer.web import config
from scorer.web.serving import serve, setup_db
from scorer.web.serving.certificate import ensure_certificate, wanted_names

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("interfaces", "expected"), [
    # A laptop with Docker and a VPN: the Wi-Fi first, the VPN last, the bridges not at all.
    ([("lo", "127.0.0.1"), ("docker0", "172.17.0.1"), ("br-3f2a", "172.18.0.1"), ("veth12", "172.19.0.5"),
      ("tun0", "10.8.0.2"), ("wlp2s0", "192.168.1.23")],
     ["192.168.1.23", "10.8.0.2"]),
    # Wired and Wi-Fi: the Wi-Fi first; a link-local address (no DHCP answer) is never offered.
    ([("enp3s0", "10.0.0.5"), ("wlan0", "192.168.0.7"), ("eth1", "169.254.12.9")], ["192.168.0.7", "10.0.0.5"]),
    # WireGuard and Tailscale after a private address on an unnamed interface.
    ([("wg0", "10.6.0.1"), ("tailscale0", "100.101.7.3"), ("", "192.168.4.2")], ["192.168.4.2", "10.6.0.1", "100.101.7.3"]),
    # The same address known twice (interface and host name) is printed once.
    ([("wlan0", "192.168.1.5"), ("", "192.168.1.5")], ["192.168.1.5"]),
    ([("lo", "127.0.0.1")], []),
])
def test_the_wifi_address_comes_first_and_bridges_never(interfaces, expected):
    assert serve.order_addresses(interfaces) == expected


class Served:
    """What ``main`` asked of the production server (``granian_server``), instead of serving."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def __call__(self, *args: Any) -> Served:
        self.calls.append(args)
        return self

    def serve(self) -> None:
        pass


def test_the_phone_address_is_printed_with_a_qr_code_and_the_database(monkeypatch, capsys, tmp_path):
    app = SimpleNamespace(config={"TRUSTED_HOSTS": ["localhost", "127.0.0.1"],
                                  "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'scorer.sqlite'}"},
                          instance_path=str(tmp_path))
    monkeypatch.setattr(serve, "create_app", lambda: app)
    monkeypatch.setattr(serve, "lan_addresses", lambda: ["192.168.1.20", "10.8.0.2"])
    monkeypatch.setattr(serve.os, "cpu_count", lambda: 4)
    served = Served()
    monkeypatch.setattr(serve, "granian_server", served)
    serve.main(["--port", "5099"])
    out = capsys.readouterr().out
    assert out.index("http://192.168.1.20:5099/") < out.index("http://10.8.0.2:5099/")
    assert serve.terminal_qr("http://192.168.1.20:5099/") in out  # the first (Wi-Fi) address, scannable
    assert f"Database: SQLite file {tmp_path / 'scorer.sqlite'}" in out
    # Two worker processes a core (DECISIONS 113), unless asked otherwise.
    assert served.calls == [("0.0.0.0", 5099, 8, None)] and "Serving with 8 worker processes" in out
    serve.main(["--port", "5099", "--workers", "1"])
    assert served.calls[-1] == ("0.0.0.0", 5099, 1, None) and "Serving with 1 worker process " in capsys.readouterr().out
    # The workers make their own app: the addresses found reach them through the environment.
    assert serve.os.environ[serve.PHONE_HOSTS_VARIABLE] == "192.168.1.20,10.8.0.2"
    assert "192.168.1.20" in serve.os.environ["SCORER_HOSTS"].split(",")


def test_a_worker_reads_what_make_runs_process_found(app_factory, monkeypatch):
    app = app_factory()
    monkeypatch.setenv("DATABASE_URL", app.config["SQLALCHEMY_DATABASE_URI"])
    monkeypatch.setenv("SECRET_KEY", "test-only-key")
    monkeypatch.setenv("SCORER_HOSTS", "192.168.1.20,scores.example.org")
    monkeypatch.setenv(serve.PHONE_HOSTS_VARIABLE, "192.168.1.20")
    from scorer.web.writes import rating_worker
    started = []
    monkeypatch.setattr(rating_worker, "start", started.append)
    worker = serve.worker_app()
    assert worker.config["PHONE_HOSTS"] == ["192.168.1.20"] and started == [worker]
    assert {"192.168.1.20", "scores.example.org"} <= set(worker.config["TRUSTED_HOSTS"])
    assert worker.test_client().get("/", headers={"Host": "192.168.1.20"}).status_code == 200


def test_https_makes_a_certificate_prints_its_fingerprint_and_serves_tls(monkeypatch, capsys, tmp_path):
    app = SimpleNamespace(config={"TRUSTED_HOSTS": ["localhost", "127.0.0.1"]}, instance_path=str(tmp_path))
    monkeypatch.setattr(serve, "create_app", lambda: app)
    monkeypatch.setattr(serve, "lan_addresses", lambda: ["192.168.1.20"])
    served = Served()
    monkeypatch.setattr(serve, "granian_server", served)
    serve.main(["--https", "--workers", "2"])
    out = capsys.readouterr().out
    cert = x509.load_pem_x509_certificate((tmp_path / "tls-cert.pem").read_bytes())
    fingerprint = cert.fingerprint(cert.signature_hash_algorithm).hex(":").upper()
    assert "https://192.168.1.20:5000/" in out and fingerprint in out and "made now" in out
    assert served.calls[0] == ("0.0.0.0", 5000, 2, (tmp_path / "tls-cert.pem", tmp_path / "tls-key.pem"))
    assert (tmp_path / "tls-key.pem").stat().st_mode & 0o077 == 0
    serve.main(["--https"])  # a restart on the same network keeps the certificate the phones accepted
    assert "reused" in capsys.readouterr().out


def test_the_certificate_names_the_addresses_and_is_remade_when_they_change(tmp_path):
    names = wanted_names(["192.168.1.20"], "laptop")
    first = ensure_certificate(tmp_path, names)
    cert = x509.load_pem_x509_certificate(first.cert_path.read_bytes())
    san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert {str(ip) for ip in san.get_values_for_type(x509.IPAddress)} == {"192.168.1.20", "127.0.0.1"}
    assert set(san.get_values_for_type(x509.DNSName)) == {"localhost", "laptop"}
    assert ensure_certificate(tmp_path, names).fingerprint == first.fingerprint
    moved = ensure_certificate(tmp_path, wanted_names(["192.168.0.9"], "laptop"))
    assert moved.created and moved.fingerprint != first.fingerprint
    later = datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=350)  # about to expire
    assert ensure_certificate(tmp_path, wanted_names(["192.168.0.9"], "laptop"), now=later).created


def https_server(tmp_path: Path, port: int) -> subprocess.Popen[str]:
    """``python -m scorer.web.serving.serve --https`` on 127.0.0.1 with two workers, its instance
    folder (and so its certificate) the test's own."""
    from scorer.web.serving.serve import wait_until_listening
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'scorer.sqlite'}", "SECRET_KEY": "test-only-key",
           "SCORER_BACKUPS": "off", "SCORER_INSTANCE": str(tmp_path), "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "scorer.web.serving.setup_db"], cwd=ROOT, env=env, check=True)
    process = subprocess.Popen([sys.executable, "-m", "scorer.web.serving.serve", "--host", "127.0.0.1", "--port",
                                str(port), "--https", "--workers", "2"], cwd=ROOT, env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert wait_until_listening(port, process), "the server did not start"
    return process


def test_the_server_speaks_tls_with_the_certificate_and_says_a_refusal_in_no_alarming_words(tmp_path):
    """granian with the generated certificate answers an HTTPS request that checks it; a phone that
    meets the self-signed certificate's warning and stops (issue 22: cheroot printed "peer dropped
    the TLS connection … CERTIFICATE_UNKNOWN" each time) leaves no alarming line."""
    import http.client
    import socket
    import ssl

    from scorer.web.serving.serve import free_port
    port = free_port()
    process = https_server(tmp_path, port)
    try:
        context = ssl.create_default_context(cafile=str(tmp_path / "tls-cert.pem"))
        connection = http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=30)
        connection.request("GET", "/")
        assert connection.getresponse().status == 200
        connection.close()
        for _ in range(2):  # as a phone does: meets the warning, goes back, comes again
            with socket.create_connection(("127.0.0.1", port)) as raw, pytest.raises(ssl.SSLError):
                ssl.create_default_context().wrap_socket(raw, server_hostname="localhost")
    finally:
        process.terminate()
        output = process.communicate(timeout=30)[0]
    assert "CERTIFICATE_UNKNOWN" not in output and "peer dropped" not in output and "Traceback" not in output, output


def test_env_file_is_read_and_the_environment_wins(tmp_path, monkeypatch):
    env = tmp_path / ".env"
    env.write_text("# the table's database\nexport DATABASE_URL='postgresql://scorer:pw@db/ninety_nine'\n"
                   'SCORER_HOSTS="scores.example.org"\n\nnot a setting\n', encoding="utf-8")
    values = config.env_file_values(env)
    assert values == {"DATABASE_URL": "postgresql://scorer:pw@db/ninety_nine", "SCORER_HOSTS": "scores.example.org"}
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert config.setting("DATABASE_URL", values) == "postgresql://scorer:pw@db/ninety_nine"
    monkeypatch.setenv("DATABASE_URL", "sqlite:///elsewhere.sqlite")
    assert config.setting("DATABASE_URL", values) == "sqlite:///elsewhere.sqlite"
    assert config.env_file_values(tmp_path / "missing") == {}


def test_the_app_reads_database_url_from_env_file(tmp_path, monkeypatch):
    env = tmp_path / ".env"
    env.write_text(f"DATABASE_URL=sqlite:///{tmp_path / 'from-env.sqlite'}\nSECRET_KEY=k\n", encoding="utf-8")
    monkeypatch.setattr(config, "ENV_FILE", env)
    monkeypatch.setattr(config.env_file_values, "__defaults__", (env,))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    from scorer import create_app

    app = create_app()
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path / 'from-env.sqlite'}"
    # ...and make run's question "does it need PostgreSQL's driver?" reads the same file.
    assert setup_db.main(["--wants-postgres"]) == 1
    env.write_text("DATABASE_URL=postgresql://scorer@localhost/ninety_nine\n", encoding="utf-8")
    assert setup_db.main(["--wants-postgres"]) == 0


@pytest.mark.parametrize(("uri", "shown"), [
    ("sqlite:////srv/scores/scorer.sqlite", "SQLite file /srv/scores/scorer.sqlite"),
    ("postgresql+psycopg://scorer:s3cret@db.lan:5433/ninety_nine", "PostgreSQL database ninety_nine on db.lan:5433 as scorer"),
    ("postgresql+psycopg://scorer:s3cret@/ninety_nine", "PostgreSQL database ninety_nine on the local socket as scorer"),
])
def test_the_database_is_named_without_its_password(uri, shown):
    assert setup_db.describe_database(uri) == shown and "s3cret" not in shown


def test_setup_db_upgrades_quietly_and_says_what_is_wrong(tmp_path):
    """The first start prints nothing that looks like an error, and leaves every template compiled
    for the workers; an unusable database gets two lines."""
    instance = tmp_path / "instance"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "SECRET_KEY": "k", "SCORER_INSTANCE": str(instance),
           "DATABASE_URL": f"sqlite:///{tmp_path / 'new.sqlite'}"}
    done = subprocess.run([sys.executable, "-m", "scorer.web.serving.setup_db"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout == "" and done.stderr == "", done.stderr
    templates = [path for path in (ROOT / "templates").rglob("*") if path.is_file()]
    assert len(list((instance / "template-cache").iterdir())) == len(templates) > 50
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'no-such-folder' / 'x.sqlite'}"
    failed = subprocess.run([sys.executable, "-m", "scorer.web.serving.setup_db"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert failed.returncode == 1 and "Traceback" not in failed.stderr
    assert len(failed.stderr.strip().splitlines()) <= 2 and "no-such-folder" in failed.stderr


def test_behind_a_proxy_the_app_knows_the_request_was_https(app_factory, monkeypatch):
    """Caddy terminates TLS and says so in X-Forwarded-Proto: the session cookie is then Secure."""
    app = app_factory()
    app.config["TRUSTED_HOSTS"] = ["scores.example.org"]
    monkeypatch.setattr(serve, "lan_addresses", lambda: [])
    monkeypatch.setattr(serve, "granian_server", Served())
    monkeypatch.setenv("DATABASE_URL", app.config["SQLALCHEMY_DATABASE_URI"])
    monkeypatch.setenv("SECRET_KEY", "test-only-key")
    monkeypatch.setenv("SCORER_HOSTS", "scores.example.org")
    monkeypatch.delenv("SCORER_BEHIND_PROXY", raising=False)
    serve.main(["--host", "127.0.0.1", "--behind-proxy"])
    assert serve.os.environ["SCORER_BEHIND_PROXY"] == "1"  # for the workers, which make their own app
    from scorer.web.writes import rating_worker
    monkeypatch.setattr(rating_worker, "start", lambda app: None)
    client = serve.worker_app().test_client()
    response = client.get("/matches/new", headers={"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example.org"})
    assert response.status_code == 200
    assert "Secure" in response.headers["Set-Cookie"]


def test_waiting_for_a_server_that_stopped_answers_false_at_once():
    import subprocess
    import sys
    import time

    from scorer.web.serving.serve import free_port, wait_until_listening
    stopped = subprocess.Popen([sys.executable, "-c", "pass"])
    stopped.wait()
    started = time.monotonic()
    assert wait_until_listening(free_port(), stopped, seconds=20) is False
    assert time.monotonic() - started < 5  # it did not wait out the 20 s


def test_the_server_holds_a_club_nights_phones_connections_at_once(tmp_path):
    """Issue 33: 250 phones each keep a connection open between two polls. With granian's
    backpressure set to its threads, the 17th phone waited for another's connection to close: 100
    phones each keeping one open are all answered at once."""
    import http.client

    from scorer.web.serving.serve import free_port, wait_until_listening
    port = free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'scorer.sqlite'}", "SECRET_KEY": "test-only-key",
           "SCORER_BACKUPS": "off", "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "scorer.web.serving.setup_db"], cwd=ROOT, env=env, check=True)
    process = subprocess.Popen([sys.executable, "-m", "scorer.web.serving.serve", "--host", "127.0.0.1", "--port", str(port),
                                "--workers", "2"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    phones = []
    try:
        assert wait_until_listening(port, process), "the server did not start"
        for _ in range(100):
            phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            phone.request("GET", "/static/app.css")
            assert phone.getresponse().read()
            phones.append(phone)  # kept open, as a phone's browser keeps it
    finally:
        for phone in phones:
            phone.close()
        process.terminate()
        process.wait(timeout=30)
