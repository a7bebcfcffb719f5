"""``make run HTTPS=1``: a self-signed certificate for the addresses the server prints.

Phones give a page the secure-context features (screen wake lock, service worker, installing as an
app) only over HTTPS. A table on a home network has no domain name for a real certificate, so
the server makes its own with the ``cryptography`` package, keeps it in the instance folder, and
prints its SHA-256 fingerprint so that the warning each phone shows once can be checked against it.
The same certificate is reused until the addresses it names change or it is about to expire.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

CERT_FILE = "tls-cert.pem"
KEY_FILE = "tls-key.pem"
# Apple's devices refuse server certificates valid for more than 825 days; a year is well inside.
VALID_FOR = datetime.timedelta(days=365)
RENEW_BEFORE = datetime.timedelta(days=30)


@dataclass(frozen=True)
class Certificate:
    cert_path: Path
    key_path: Path
    fingerprint: str  # SHA-256, colon-separated hex, as a phone's certificate details show it
    created: bool  # made now (False: the one in the instance folder was reused)


def wanted_names(addresses: list[str], hostname: str | None = None) -> set[str]:
    """What the certificate must name: the printed addresses, localhost, 127.0.0.1, the host name."""
    names = {*addresses, "localhost", "127.0.0.1"}
    if hostname:
        names.add(hostname)
    return names


def _names_in(cert: x509.Certificate) -> set[str]:
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return set()
    return {*san.get_values_for_type(x509.DNSName), *(str(ip) for ip in san.get_values_for_type(x509.IPAddress))}


def fingerprint(cert: x509.Certificate) -> str:
    return cert.fingerprint(hashes.SHA256()).hex(":").upper()


def _usable(cert_path: Path, key_path: Path, names: set[str], now: datetime.datetime) -> x509.Certificate | None:
    try:
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    except (OSError, ValueError):
        return None
    if _names_in(cert) != names or cert.not_valid_after_utc - now < RENEW_BEFORE:
        return None
    return cert


def _subject_alternative_names(names: set[str]) -> list[x509.GeneralName]:
    entries: list[x509.GeneralName] = []
    for name in sorted(names):
        try:
            entries.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            entries.append(x509.DNSName(name))
    return entries


def ensure_certificate(instance_path: str | Path, names: set[str],
                       now: datetime.datetime | None = None) -> Certificate:
    """The instance folder's certificate for ``names``, made (or remade) when it does not fit."""
    folder = Path(instance_path)
    folder.mkdir(parents=True, exist_ok=True)
    cert_path, key_path = folder / CERT_FILE, folder / KEY_FILE
    now = now or datetime.datetime.now(datetime.UTC)
    existing = _usable(cert_path, key_path, names, now)
    if existing is not None:
        return Certificate(cert_path, key_path, fingerprint(existing), created=False)

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Ninety-Nine score keeper")])
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + VALID_FOR)
        .add_extension(x509.SubjectAlternativeName(_subject_alternative_names(names)), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(key, hashes.SHA256())
    )
    # The key is readable by its owner only; written before the certificate that names it.
    key_bytes = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                  serialization.NoEncryption())
    fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(key_bytes)
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return Certificate(cert_path, key_path, fingerprint(cert), created=True)
