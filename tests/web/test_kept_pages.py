"""A page many phones fetch at once is made once (serving/kept_pages.py): a club night's burst of
boards makes one a table (docs/performance.md)."""

from __future__ import annotations

import os
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


def test_two_processes_share_a_page_made_once_through_the_folder(tmp_path):
    """Two worker processes (two stores, each opening the folder's files on its own, as two
    processes do: ``flock`` keeps them apart) asked for one page at once: it is made once."""
    first, second = kept_pages.KeptPages(tmp_path), kept_pages.KeptPages(tmp_path)
    release, made = threading.Event(), []

    def make() -> str:
        made.append(1)
        release.wait(10)
        return "the board"

    with ThreadPoolExecutor(6) as pool:
        answers = [pool.submit(store.kept_or_made, ("board", 1, "5-0", "en"), make) for store in (first, second) * 3]
        release.set()
        assert {answer.result(10).page for answer in answers} == {"the board"}
    assert len(made) == 1


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
