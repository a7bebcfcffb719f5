"""A page many phones fetch at once is made once, and few are made at once (serving/kept_pages.py):
what keeps a club night's burst of boards from holding up the polls (docs/performance.md)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from scorer.web.serving import kept_pages


def test_phones_asking_at_once_for_one_page_wait_for_the_one_made():
    store = kept_pages.KeptPages()
    started, release, made = threading.Event(), threading.Event(), []

    def make() -> str:
        made.append(1)
        started.set()
        release.wait(10)
        return "the board"

    with ThreadPoolExecutor(10) as pool:
        answers = [pool.submit(store.kept_or_made, ("board", 1), make) for _ in range(10)]
        assert started.wait(10)
        release.set()
        assert {answer.result(10) for answer in answers} == {"the board"}
    assert len(made) == 1  # the others waited for it, or found it kept


def test_no_more_than_a_few_pages_are_made_at_once():
    store = kept_pages.KeptPages()
    inside, most, lock = [0], [0], threading.Lock()
    full, release = threading.Event(), threading.Event()

    def make() -> str:
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
            if inside[0] == kept_pages.MAKING:
                full.set()
        release.wait(10)
        with lock:
            inside[0] -= 1
        return "a board"

    with ThreadPoolExecutor(8) as pool:
        answers = [pool.submit(store.kept_or_made, ("board", n), make) for n in range(8)]
        assert full.wait(10)
        assert not store.makers.acquire(blocking=False)  # every maker's place is taken
        release.set()
        assert [answer.result(10) for answer in answers] == ["a board"] * 8
    assert most[0] == kept_pages.MAKING
