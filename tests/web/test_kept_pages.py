"""A page many phones fetch at once is made once (serving/kept_pages.py): a club night's burst of
boards makes one a table (docs/performance.md)."""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from scorer.web.serving import kept_pages

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]


class Watched(kept_pages.KeptPages):
    """A store that counts the times it looked for a page and found none (``misses``), so a test
    knows when every phone has asked and is waiting, rather than guessing with a sleep."""

    def __init__(self, folder=None) -> None:
        super().__init__(folder)
        self.misses = 0
        self.missed = threading.Condition()

    def get(self, key):
        found = super().get(key)
        if found is None:
            with self.missed:
                self.misses += 1
                self.missed.notify_all()
        return found

    def wait_for_misses(self, count: int) -> bool:
        with self.missed:
            return self.missed.wait_for(lambda: self.misses >= count, timeout=10)


def test_phones_asking_at_once_for_one_page_wait_for_the_one_made():
    """Every phone asks while the first is still making the page: none of them can have found it
    kept (nothing is kept until ``make`` returns), so one page made for ten means they waited."""
    store = Watched()
    release, made = threading.Event(), []

    def make() -> str:
        made.append(1)
        release.wait(10)
        return "the board"

    with ThreadPoolExecutor(10) as pool:
        answers = [pool.submit(store.kept_or_made, ("board", 1), make) for _ in range(10)]
        # Ten phones found nothing kept, and the one making it looked once more before making it:
        # all ten are inside ``kept_or_made`` while the page is being made.
        assert store.wait_for_misses(10 + 1), f"only {store.misses} looked for the page"
        assert not any(answer.done() for answer in answers)  # nobody answered before the page was made
        release.set()
        assert [answer.result(10).page for answer in answers] == ["the board"] * 10
    assert len(made) == 1  # the nine others waited for the one being made


class Flock:
    """``fcntl`` as ``kept_pages`` uses it, writing down each lock asked for, taken and let go."""

    def __init__(self) -> None:
        self.events: list[tuple[str, int]] = []
        self.changed = threading.Condition()
        self.LOCK_EX, self.LOCK_UN = fcntl.LOCK_EX, fcntl.LOCK_UN

    def note(self, what: str) -> None:
        with self.changed:
            self.events.append((what, threading.get_ident()))
            self.changed.notify_all()

    def flock(self, file, operation) -> None:
        if operation == fcntl.LOCK_UN:
            self.note("let go")
            fcntl.flock(file, operation)
            return
        self.note("asked")
        fcntl.flock(file, operation)
        self.note("taken")

    def wait_for(self, what: str, count: int) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: sum(e == what for e, _ in self.events) >= count, timeout=10)


@pytest.mark.skipif(fcntl is None, reason="no fcntl: each process keeps its own")
def test_two_processes_share_a_page_made_once_through_the_folder(tmp_path, monkeypatch):
    """Two worker processes (two stores, each opening the folder's files on its own, as two
    processes do: ``flock`` keeps them apart) asked for one page at once: it is made once. The
    second asks while the first is making it, so it waits on the folder's lock and reads the page
    the first wrote (its own store never held it)."""
    lock = Flock()
    monkeypatch.setattr(kept_pages, "fcntl", lock)
    first, second = kept_pages.KeptPages(tmp_path), kept_pages.KeptPages(tmp_path)
    started, release, made = threading.Event(), threading.Event(), []

    def make() -> str:
        made.append(threading.get_ident())
        started.set()
        release.wait(10)
        return "the board"

    key = ("board", 1, "5-0", "en")
    with ThreadPoolExecutor(6) as pool:
        answers = [pool.submit(first.kept_or_made, key, make) for _ in range(3)]
        assert started.wait(10)  # the first process is making it, holding the folder's lock
        answers += [pool.submit(second.kept_or_made, key, make) for _ in range(3)]
        assert lock.wait_for("asked", 2), lock.events  # the second process has come to the lock
        release.set()
        assert [answer.result(10).page for answer in answers] == ["the board"] * 6
    assert len(made) == 1
    maker = made[0]
    events = lock.events
    let_go = events.index(("let go", maker))
    taken_by_second = [i for i, (what, who) in enumerate(events) if what == "taken" and who != maker]
    assert taken_by_second and min(taken_by_second) > let_go, events  # it waited for the one being made


def test_a_page_another_process_made_too_long_ago_is_made_again(tmp_path, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(kept_pages, "clock", lambda: now[0])
    first, second = kept_pages.KeptPages(tmp_path), kept_pages.KeptPages(tmp_path)
    assert first.kept_or_made("key", lambda: "made first").page == "made first"
    now[0] += kept_pages.SECONDS - 0.1
    assert second.kept_or_made("key", lambda: "made second").page == "made first"
    now[0] += 0.2
    assert kept_pages.KeptPages(tmp_path).kept_or_made("key", lambda: "made third").page == "made third"
    # Files a minute old are cleared away by the next page made after CLEAR_EVERY.
    now[0] += kept_pages.FILES_KEPT + kept_pages.CLEAR_EVERY + 1
    files = list(tmp_path.iterdir())
    for path in files:
        os.utime(path, (now[0] - kept_pages.FILES_KEPT - 1,) * 2)
    first.kept_or_made("another", lambda: "page")
    assert not any(path.exists() for path in files)


def test_a_folder_that_cannot_be_written_leaves_each_process_its_own(tmp_path):
    folder = tmp_path / "gone"  # never made: every write fails
    store = kept_pages.KeptPages(folder)
    assert store.kept_or_made("key", lambda: "made here").page == "made here"
    assert store.kept_or_made("key", lambda: "again").page == "made here"  # kept in the process
