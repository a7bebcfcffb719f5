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
        answers = [pool.submit(store.kept_or_made, ("board", "en"), 1, make) for _ in range(10)]
        assert started.wait(10)
        release.set()
        assert {answer.result(10) for answer in answers} == {"the board"}
    assert len(made) == 1  # the others waited for it, or found it kept


def test_when_its_tag_moves_the_board_before_is_answered_while_one_thread_makes_the_new_one():
    """A publication moves fifty boards' tags at once: the phones asking get the board of the tag
    before, at once, and one thread makes the new ones, a board at a time; the next poll gets it."""
    store = kept_pages.KeptPages()
    assert store.kept_or_made(("board", "en"), 1, lambda: "board at 1", lambda: "never") == "board at 1"
    made_by: list[str] = []
    release = threading.Event()

    def later() -> str:
        made_by.append(threading.current_thread().name)
        release.wait(10)
        return "board at 2"

    def on_the_request() -> str:
        raise AssertionError("made on the request")

    answers = [store.kept_or_made(("board", "en"), 2, on_the_request, later) for _ in range(20)]
    assert answers == ["board at 1"] * 20  # the board before, at once, to every phone asking
    release.set()
    for _ in range(200):
        if (found := store.get(("board", "en"))) is not None and found.tag == 2:
            break
        threading.Event().wait(0.01)
    assert store.kept_or_made(("board", "en"), 2, on_the_request, later) == "board at 2"
    assert made_by == ["kept-pages"]  # made once, in the maker thread


def test_a_board_too_old_is_made_on_the_request():
    store = kept_pages.KeptPages()
    store.put(("board", "en"), 1, "board at 1")
    store.pages[("board", "en")] = kept_pages.Kept(1, 0.0, "board at 1")  # made long ago
    assert store.kept_or_made(("board", "en"), 2, lambda: "board at 2", lambda: "later") == "board at 2"
