"""Reading an uploaded match file (one match document, a JSON list of them, or a zip of them, as
exported) within bounds, before anything is parsed whole.

**Limits.** What the server reads is bounded before it is parsed, so no upload can take more
than a few times ``UNPACKED_MAX_BYTES`` of memory, whatever its compression ratio: the upload's
size (``IMPORT_MAX_BYTES``), the members of a zip (how many, their declared sizes, and their real
sizes, counted while they are unpacked), and in the JSON the number of values, the nesting depth,
the length of strings and of numbers. A file over a limit gets a 413 or a 422 naming it
(``ImportProblem``).
"""

from __future__ import annotations

import io
import json
import re
import zipfile
import zlib
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from scorer.core import MatchError
from scorer.web.data.refusals import Said

# An upload may be much larger than a form (MAX_CONTENT_LENGTH): every match of a club in one file.
IMPORT_MAX_BYTES = 16 * 1024 * 1024


UNPACKED_MAX_BYTES = 24 * 1024 * 1024  # the JSON of one upload, all zip members together, unpacked


MAX_MEMBERS = 10_000                   # files in a zip


MAX_MATCHES = 10_000                   # match documents in one upload


MAX_VALUES = 1_000_000                 # JSON values (a 1,500-match export holds about 300,000)


MAX_DEPTH = 16                         # nesting of lists and objects (a match document needs 6)


MAX_STRING = 1_000                     # characters in one JSON string (names are 40, cards 5)


MAX_DIGITS = 20                        # digits in one JSON number (seeds go up to 19)


MAX_LISTED = 20                        # problems listed at once when many documents are wrong

NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
DEPTH_STEPS = bytes.maketrans(b"[{]}", bytes([3, 3, 1, 1]))  # +1 or -1, offset by 2 to stay a byte
LONG_NUMBER = re.compile(rb"[0-9.eE+-]{%d,}" % (MAX_DIGITS + 1))
ARCHIVES = (".zip", ".gz", ".tgz", ".tar", ".bz2", ".xz", ".7z", ".rar")



Label = str | Said | None  # a file's name, one match of a list ("file-match"), or None: the file


@dataclass(frozen=True)
class CoreProblem:
    """A document the core refuses, as the core states it: the screen words it in the page's
    language (``presentation.import_words.import_line``), naming the document's players."""

    error: MatchError
    document: Any
    label: Label = None  # which file of several


@dataclass(frozen=True)
class DocumentProblem:
    """A document the app's own checks refuse (``data/import_check``): a code and facts (``said``),
    the deal it is about, and the document, whose players the screen's words shorten."""

    said: Said
    document: Any
    deal: int | None = None
    label: Label = None


Line = Said | CoreProblem | DocumentProblem


class ImportProblem(ValueError):
    """Why an uploaded file cannot be imported; nothing is stored then. ``status`` is 422 for a
    document that is wrong, 413 for a file over one of the size limits, 409 for a batch the
    database refused. ``lines``: every problem found, one line each, as codes and facts (the
    core's a ``CoreProblem``), worded by the screen (``presentation/import_words``); the first
    says it all where there is one document."""

    def __init__(self, first: Line, status: int = 422, more: list[Line] | None = None) -> None:
        super().__init__(first)
        self.status = status
        self.lines: list[Line] = [first, *(more or [])]

    @property
    def core(self) -> CoreProblem | None:
        """The one document's problem, where the core refused it."""
        return self.lines[0] if isinstance(self.lines[0], CoreProblem) else None


def refused(code: str, status: int = 422, **facts: Any) -> ImportProblem:
    return ImportProblem(Said(code, **facts), status)


def too_large(label: Label, code: str, **facts: Any) -> ImportProblem:
    """A file over one of the limits (413): ``code`` and its facts say by how much, as a clause."""
    return refused("too-large", 413, file=label, problem=Said(code, **facts))


def scan(data: bytes, label: Label) -> None:
    """Refuse, before parsing, JSON over a limit: each check is a pass of C code over the bytes,
    the cheap ones first, so a file is refused within a second whatever it holds."""
    values = data.count(b",") + data.count(b"[") + data.count(b"{") + 1  # at least as many as it holds
    if values > MAX_VALUES:
        raise too_large(label, "json-values", values=values, limit=MAX_VALUES)
    # Strings out (escaped backslashes and quotes first), so that what is left is the structure.
    parts = data.replace(b"\\\\", b"").replace(b'\\"', b"").split(b'"')
    longest = max(map(len, parts[1::2]), default=0)
    if longest > MAX_STRING:
        raise refused("long-text", file=label, size=longest, limit=MAX_STRING)
    structure = b"".join(parts[0::2])
    brackets = structure.translate(None, delete=NOT_BRACKETS).translate(DEPTH_STEPS)
    depth = max(accumulate(step - 2 for step in brackets), default=0)
    if depth > MAX_DEPTH:
        raise refused("nested-deep", file=label, depth=depth, limit=MAX_DEPTH)
    if LONG_NUMBER.search(structure):
        raise refused("long-number-in-file", file=label, limit=MAX_DIGITS)


def whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:  # also checked by scan; int() of 5,000 digits is slow
        raise refused("long-number", digits=len(text), limit=MAX_DIGITS)
    return int(text)


def no_constant(text: str) -> Any:
    raise refused("not-a-number", value=text)


def read_json(data: bytes, label: Label) -> Any:
    scan(data, label)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise refused("not-utf8", file=label) from None
    try:
        return json.loads(text, parse_int=whole_number, parse_constant=no_constant)
    except ImportProblem as problem:
        raise refused("in-file", file=label, problem=problem.lines[0]) from None
    except json.JSONDecodeError as err:
        raise refused("not-json", file=label, error=err.msg, line=err.lineno, column=err.colno) from None
    except RecursionError:
        raise refused("nested-too-deeply", file=label) from None


def unpack(data: bytes, label: Label) -> list[tuple[str, bytes]]:
    """The ``.json`` members of a zip, unpacked a chunk at a time under one running limit for all
    of them (a zip may say its members are small and be lying)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            raise too_large(label, "files-count", files=len(infos), limit=MAX_MEMBERS)
        nested = [info.filename for info in infos if info.filename.lower().endswith(ARCHIVES)]
        if nested:
            raise refused("another-archive", file=label, archive=nested[0])
        members = sorted((info for info in infos if not info.is_dir() and info.filename.lower().endswith(".json")
                          and not info.filename.startswith("__MACOSX/")), key=lambda i: i.filename)
        declared = sum(info.file_size for info in members)
        if declared > UNPACKED_MAX_BYTES:
            raise too_large(label, "unpacked-size", size=declared, limit=UNPACKED_MAX_BYTES)
        budget = UNPACKED_MAX_BYTES
        contents = []
        for info in members:
            chunks = []
            with archive.open(info) as stream:
                while chunk := stream.read(64 * 1024):
                    budget -= len(chunk)
                    if budget < 0:
                        raise too_large(label, "unpacked-more", limit=UNPACKED_MAX_BYTES)
                    chunks.append(chunk)
            contents.append((info.filename, b"".join(chunks)))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, RuntimeError, NotImplementedError,
            zlib.error) as err:
        raise refused("not-a-zip", file=label, error=str(err)) from None
    if not contents:
        raise refused("no-json-files", file=label)
    return contents


def read_upload(data: bytes, filename: str) -> list[tuple[Label, Any]]:
    """The documents in an uploaded file, each with a label for messages: a JSON document, a JSON
    list of documents, or a zip of ``.json`` files (as exported)."""
    label = filename or None
    found: list[tuple[Label, Any]] = []
    if data[:4] == b"PK\x03\x04":
        for name, body in unpack(data, label):
            found.extend(documents_in(read_json(body, name), name))
            if len(found) > MAX_MATCHES:
                break
    else:
        if len(data) > UNPACKED_MAX_BYTES:
            raise too_large(label, "file-size", size=len(data), limit=UNPACKED_MAX_BYTES)
        found = documents_in(read_json(data, label), label)
    if not found:
        raise refused("empty-list", file=label)
    if len(found) > MAX_MATCHES:
        raise too_large(label, "matches-count", limit=MAX_MATCHES)
    return found


def documents_in(data: Any, label: Label) -> list[tuple[Label, Any]]:
    if isinstance(data, list):
        if len(data) == 1:
            return [(label, data[0])]
        return [(Said("file-match", file=label, number=i, count=len(data)), doc)
                for i, doc in enumerate(data, start=1)]
    return [(label, data)]
