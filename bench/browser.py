"""bench/bench.py's Chromium figures (Debian's Chromium through Playwright, service workers
blocked, a 390 px phone): requests and bytes on the wire per screen cold and warm, the preview
requests of a plain deal at a person's pace, and the slow phone (CDP throttling)."""

from __future__ import annotations

import os
import re
import shutil
import statistics
from dataclasses import dataclass
from typing import Any

from server import PLAIN, Client, Server, new_match, save


@dataclass
class Screen:
    name: str
    cold_requests: int = 0
    cold_bytes: int = 0
    warm_requests: int = 0
    warm_bytes: int = 0
    polls: int = 0  # the live page's version polls while the cold screen was open (not counted above)


def wire(cdp: Any) -> dict[str, Any]:
    """Counts what goes over the network from now on (cache hits are not sent). The live pages'
    polls of ``/matches/<id>/version`` (every 2 s while a match page is open: static/live.js) are
    counted apart: they are not part of loading the screen."""
    seen: dict[str, Any] = {"sent": set(), "cached": set(), "bytes": 0, "polls": set()}

    def sent(event: dict[str, Any]) -> None:
        if event["request"]["url"].endswith("/version"):
            seen["polls"].add(event["requestId"])
        else:
            seen["sent"].add(event["requestId"])

    def finished(event: dict[str, Any]) -> None:
        if event["requestId"] not in seen["polls"]:
            seen["bytes"] += int(event.get("encodedDataLength", 0))

    def answered(event: dict[str, Any]) -> None:
        response = event["response"]
        if response.get("fromDiskCache") or response.get("fromPrefetchCache") or response.get("fromServiceWorker"):
            seen["cached"].add(event["requestId"])

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.requestServedFromCache", lambda e: seen["cached"].add(e["requestId"]))
    cdp.on("Network.responseReceived", answered)
    cdp.on("Network.loadingFinished", finished)
    return seen


def on_the_wire(seen: dict[str, Any]) -> tuple[int, int]:
    return len(seen["sent"] - seen["cached"]), seen["bytes"]


def reset(seen: dict[str, Any]) -> None:
    seen["sent"].clear()
    seen["cached"].clear()
    seen["polls"].clear()
    seen["bytes"] = 0


def chromium() -> str:
    return os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"


def as_keeper(context: Any, client: Client, server: Server) -> Any:
    """The browser context with the bench client's cookies: the scorekeeper of the matches the
    client started (only a scorekeeper is shown a deal form; anyone else gets a 403 page)."""
    context.add_cookies([{"name": name, "value": value, "url": server.base} for name, value in client.cookies.items()])
    return context


def browse(server: Server, long_id: int, record_id: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    out: dict[str, Any] = {"screens": [], "previews": None, "slow": {}}
    client = Client(server.port)
    fresh = new_match(client, 999)
    save(client, fresh, 1)
    # (name, path, the phone's language): the deal form in German too, its words and scripts' catalog counted.
    screens = [("deal form", f"/matches/{fresh}/deals/new", "en-GB"), ("deal form, de", f"/matches/{fresh}/deals/new", "de-DE"),
               ("scoreboard", f"/matches/{long_id}", "en-GB"), ("match record", f"/history/{record_id}", "en-GB"),
               ("home", "/", "en-GB"), ("history", "/history/", "en-GB"), ("stats", "/stats/", "en-GB")]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=["--headless", "--no-sandbox", "--disable-gpu",
                                    "--no-first-run", "--disable-background-networking", "--disable-component-update"])
        phone = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                 "service_workers": "block", "base_url": server.base}
        # Bytes and requests per screen: cold (a new phone), then warm (the same screen again).
        for name, path, locale in screens:
            context = as_keeper(browser.new_context(**phone, locale=locale), client, server)
            page = context.new_page()
            page.set_default_timeout(180_000)  # the home page of 10,000 matches took 5 s and 3.5 MB before issue 12
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            seen = wire(cdp)
            answer = page.goto(path, wait_until="networkidle")
            assert answer is not None and answer.status == 200, (name, path, answer and answer.status)  # never an error page
            page.wait_for_timeout(1500)  # the icon, which the browser asks for some time after the load
            screen = Screen(name, *on_the_wire(seen))
            screen.polls = len(seen["polls"])
            reset(seen)
            page.goto(path, wait_until="networkidle")
            screen.warm_requests, screen.warm_bytes = on_the_wire(seen)
            out["screens"].append(screen)
            context.close()

        # Preview requests while a plain deal is recorded the shortest way: 3 bid chips, 2 tricks chips (the
        # last player's tricks are filled in with the rest).
        match_id = new_match(client, 999)  # before the cookies are copied: they make the browser its scorekeeper
        context = as_keeper(browser.new_context(**phone), client, server)
        page = context.new_page()
        previews: list[str] = []
        page.on("request", lambda r: previews.append(r.url) if r.url.endswith("/preview") else None)
        page.goto(f"/matches/{match_id}/deals/new")
        taps = [f"{name} bid {n}" for name, n in (("Ann", 4), ("Bob", 3), ("Cy", 2))] + ["Ann won 4 tricks", "Bob won 3 tricks"]
        for label in taps:
            page.get_by_role("button", name=label, exact=True).tap()
            page.wait_for_timeout(400)  # a person's pace between taps (the preview waits for a 0.25 s pause)
        page.locator("#preview .pv-points").first.wait_for()
        page.wait_for_timeout(600)  # a late preview would be counted too
        out["previews"] = len(previews)
        context.close()

        # A slow phone: CDP throttling, cold and warm.
        def throttled(context: Any) -> Any:
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 400,
                                                          "downloadThroughput": 400_000 / 8, "uploadThroughput": 400_000 / 8})
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            return page

        def usable(page: Any) -> float:
            return float(page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")) / 1000

        def parsed(page: Any) -> float:
            return float(page.evaluate("performance.getEntriesByType('navigation')[0].domInteractive")) / 1000

        colds, warms, boards_warm, boards_cold = [], [], [], []
        for _ in range(3):
            match_id = new_match(client, 999)
            context = as_keeper(browser.new_context(**phone), client, server)
            page = throttled(context)
            page.goto(f"/matches/{match_id}/deals/new", wait_until="load")
            colds.append(usable(page))
            fill_and_save(page)
            boards_cold.append(parsed(page))
            page.goto(f"/matches/{match_id}/deals/new", wait_until="load")
            warms.append(usable(page))
            fill_and_save(page, 2)
            boards_warm.append(parsed(page))
            context.close()
        out["slow"] = {"deal form usable, cold": statistics.median(colds), "deal form usable, warm": statistics.median(warms),
                       "scoreboard after a save parsed, cold": statistics.median(boards_cold),
                       "scoreboard after a save parsed, warm": statistics.median(boards_warm)}
        browser.close()
    return out


def fill_and_save(page: Any, number: int = 1) -> None:
    """Fill the deal form without waiting on taps (the fields, as the chips would), then Save and wait for the scoreboard."""
    page.evaluate("""(values) => {
        const seats = document.querySelectorAll('fieldset.seat');
        seats.forEach((seat, i) => {
            seat.querySelector('.bid-input').value = values.bids[i];
            seat.querySelector('.tricks-input').value = values.tricks[i];
        });
    }""", {"bids": PLAIN[0], "tricks": PLAIN[1]})
    with page.expect_navigation(url=re.compile(r"/matches/[0-9]+(#.*)?$"), wait_until="domcontentloaded", timeout=60_000):
        page.get_by_role("button", name=f"Save deal {number}").click()

