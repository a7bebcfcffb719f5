"""A page many phones fetch at once is made once (serving/kept_pages.py): a club night's burst of
boards makes one a table (docs/performance.md)."""

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
        assert {answer.result(10).page for answer in answers} == {"the board"}
    assert len(made) == 1  # the others waited for it, or found it kept
