"""Draw the app's PNG icons from static/icon.svg with Debian's Chromium (no imaging library needed).

    python bench/make_icons.py        # or: make icons

Writes static/icons/: icon-192.png and icon-512.png (the rounded icon, transparent corners),
maskable-512.png (full bleed: the launcher cuts its own shape; the "99" sits well inside the
central 80 % safe zone) and apple-touch-icon.png (180 px, full bleed: iOS rounds the corners and
would fill transparency with black).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "static" / "icon.svg"
OUT = ROOT / "static" / "icons"
CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"

# name, size in px, full bleed (square corners, no transparency)
ICONS = [("icon-192.png", 192, False), ("icon-512.png", 512, False),
         ("maskable-512.png", 512, True), ("apple-touch-icon.png", 180, True)]


def svg_for(full_bleed: bool) -> str:
    svg = SVG.read_text()
    return re.sub(r' rx="[0-9.]+"', "", svg) if full_bleed else svg


def main() -> None:
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        for name, size, full_bleed in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            svg = svg_for(full_bleed).replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f"<!doctype html><html><body style='margin:0;background:transparent'>{svg}</body></html>")
            page.screenshot(path=str(OUT / name), omit_background=True,
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(OUT / name)
        browser.close()


if __name__ == "__main__":
    main()
