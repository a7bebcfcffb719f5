"""The app's QR codes scan (issue 33): they are made with one fixed mask (``formatting.QR_MASK``)
rather than the best of eight, which cost four fifths of a code's time, so a code is read back here
with zbar (Debian's zbar-tools, installed by ``make test`` with Chromium):

- the hand links a scorekeeper's board shows, as Chromium draws them on a phone's screen;
- two hundred links of every shape the app encodes (hand links, a set's join link with its code,
  share and watch links, on addresses of every length), drawn at the smallest scale a reader takes.
"""

from __future__ import annotations

import random
import secrets
import shutil
import string
import subprocess
from pathlib import Path

import pytest
from browserhelpers import start_dealt_match
from playwright.sync_api import Page

from scorer.web.presentation.formatting import QR_MASK, qr_code

ZBARIMG = shutil.which("zbarimg")


def read_codes(files: list[Path]) -> list[str]:
    """What zbar reads in each image, in order ("" where it reads nothing)."""
    if ZBARIMG is None:
        pytest.fail("zbarimg is missing: make test installs Debian's zbar-tools (make system-packages)")
    read = []
    for file in files:
        done = subprocess.run([ZBARIMG, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(file)],
                              capture_output=True, text=True, check=False)
        read.append(done.stdout.strip())
    return read


def test_the_hand_links_on_a_scorekeepers_board_scan_as_the_phone_shows_them(page: Page, tmp_path: Path):
    start_dealt_match(page)
    codes = page.locator(".qr-link")
    assert codes.count() == 3  # one a player
    files, links = [], []
    for i in range(codes.count()):
        code = codes.nth(i)
        code.scroll_into_view_if_needed()
        files.append(tmp_path / f"hand-{i}.png")
        code.screenshot(path=str(files[-1]))
        links.append(code.get_attribute("href"))
    assert read_codes(files) == links
    assert all(link and "/hand/" in link for link in links)


def test_links_of_every_shape_scan_with_the_fixed_mask(tmp_path: Path):
    chance = random.Random(33)
    hosts = ["127.0.0.1:5000", "192.168.1.20:5000", "10.0.0.100:5000", "scorer.local", "ninety-nine.example.org:8443"]
    paths = [lambda: f"/hand/{secrets.token_urlsafe(18)}",
             lambda: f"/matches/from-deal-set/{chance.randint(1, 9999)}?code="
                     + "".join(chance.choices("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", k=8)),
             lambda: f"/matches/{chance.randint(1, 99999)}",
             lambda: f"/matches/{chance.randint(1, 99999)}/join/{secrets.token_urlsafe(24)}",
             lambda: "/" + "".join(chance.choices(string.ascii_letters + string.digits + "-_", k=chance.randint(1, 60)))]
    urls = [f"{chance.choice(['http', 'https'])}://{chance.choice(hosts)}{chance.choice(paths)()}" for _ in range(200)]
    files = []
    for i, url in enumerate(urls):
        code = qr_code(url)
        assert code.mask == QR_MASK
        files.append(tmp_path / f"{i}.png")
        code.save(str(files[-1]), scale=2, border=4)  # two pixels a module: the smallest a phone's camera gives
    assert read_codes(files) == urls
