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

from babel.numbers import format_decimal, get_decimal_symbol

from scorer.core import MatchError
from scorer.web import language
from scorer.web.language import gettext, lazy_gettext, ngettext

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
def figure(number: int) -> str:
    """A count in the page's language: "1,000,000", "1.000.000" (English outside a request)."""
    return format_decimal(number, locale=language.current())


def size_text(size: int) -> str:
    """16 MB, 9.77 KB ("9,77 KB" in German), 900 bytes."""
    for unit, scale in (("MB", 2**20), ("KB", 2**10)):
        if size >= scale:
            return f"{size / scale:.3g} {unit}".replace(".", get_decimal_symbol(language.current()))
    return ngettext("%(num)s byte", "%(num)s bytes", size)


# The JSON parser's usual complaints (Python's own words), in the page's language; any other is
# shown as the parser says it.
JSON_WORDS = {
    "Expecting value": lazy_gettext("Expecting value"),
    "Extra data": lazy_gettext("Extra data"),
    "Expecting ',' delimiter": lazy_gettext("Expecting ',' delimiter"),
    "Expecting ':' delimiter": lazy_gettext("Expecting ':' delimiter"),
    "Expecting property name enclosed in double quotes": lazy_gettext("Expecting property name enclosed in double quotes"),
    "Unterminated string starting at": lazy_gettext("Unterminated string starting at"),
    "Invalid control character at": lazy_gettext("Invalid control character at"),
}



@dataclass(frozen=True)
class CoreProblem:
    """A document the core refuses, as the core states it: the screen words it in the page's
    language (``presentation.problem_words.import_line``), naming the document's players."""

    error: MatchError
    document: Any
    label: str | None = None  # which file of several


Line = str | CoreProblem


class ImportProblem(ValueError):
    """Why an uploaded file cannot be imported; nothing is stored then. ``status`` is 422 for a
    document that is wrong, 413 for a file over one of the size limits. ``lines``: every problem
    found, one line each, the core's as facts (``CoreProblem``)."""

    def __init__(self, message: str, status: int = 422, lines: list[Line] | None = None,
                 core: CoreProblem | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.core = core  # the one document's problem, where the core refused it
        self.lines: list[Line] = lines or [core or message]


def too_large(label: str, what: str) -> ImportProblem:
    """A file over one of the limits (413): ``what`` says by how much, as a clause."""
    return ImportProblem(gettext("%(file)s: %(problem)s, more than an import may hold", file=label, problem=what), 413)


def scan(data: bytes, label: str) -> None:
    """Refuse, before parsing, JSON over a limit: each check is a pass of C code over the bytes,
    the cheap ones first, so a file is refused within a second whatever it holds."""
    values = data.count(b",") + data.count(b"[") + data.count(b"{") + 1  # at least as many as it holds
    if values > MAX_VALUES:
        raise too_large(label, gettext("it holds about %(values)s JSON values; the limit is %(limit)s",
                                       values=figure(values), limit=figure(MAX_VALUES)))
    # Strings out (escaped backslashes and quotes first), so that what is left is the structure.
    parts = data.replace(b"\\\\", b"").replace(b'\\"', b"").split(b'"')
    longest = max(map(len, parts[1::2]), default=0)
    if longest > MAX_STRING:
        raise ImportProblem(gettext("%(file)s: a text in it is %(size)s bytes long; the limit is %(limit)s",
                                    file=label, size=figure(longest), limit=figure(MAX_STRING)))
    structure = b"".join(parts[0::2])
    brackets = structure.translate(None, delete=NOT_BRACKETS).translate(DEPTH_STEPS)
    depth = max(accumulate(step - 2 for step in brackets), default=0)
    if depth > MAX_DEPTH:
        raise ImportProblem(gettext("%(file)s: is nested too deeply (%(depth)s levels; the limit is %(limit)s)",
                                    file=label, depth=figure(depth), limit=MAX_DEPTH))
    if LONG_NUMBER.search(structure):
        raise ImportProblem(gettext("%(file)s: holds a number more than %(limit)s digits long, which no match document "
                                    "needs", file=label, limit=MAX_DIGITS))


def whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:  # also checked by scan; int() of 5,000 digits is slow
        raise ImportProblem(gettext("a number is %(digits)s digits long; the limit is %(limit)s",
                                    digits=len(text), limit=MAX_DIGITS))
    return int(text)


def no_constant(text: str) -> Any:
    raise ImportProblem(gettext("%(value)s is not a number a match document holds", value=text))


def read_json(data: bytes, label: str) -> Any:
    scan(data, label)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ImportProblem(gettext("%(file)s: is not UTF-8 text, so it is not a match document", file=label)) from None
    try:
        return json.loads(text, parse_int=whole_number, parse_constant=no_constant)
    except ImportProblem as problem:
        raise ImportProblem(gettext("%(file)s: %(problem)s", file=label, problem=problem)) from None
    except json.JSONDecodeError as err:
        raise ImportProblem(gettext("%(file)s: not valid JSON (%(error)s at line %(line)s column %(column)s)", file=label,
                                    error=JSON_WORDS.get(err.msg, err.msg), line=err.lineno, column=err.colno)) from None
    except RecursionError:
        raise ImportProblem(gettext("%(file)s: is nested too deeply to be a match document", file=label)) from None


def unpack(data: bytes, label: str) -> list[tuple[str, bytes]]:
    """The ``.json`` members of a zip, unpacked a chunk at a time under one running limit for all
    of them (a zip may say its members are small and be lying)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            raise too_large(label, gettext("it holds %(files)s files; the limit is %(limit)s",
                                           files=figure(len(infos)), limit=figure(MAX_MEMBERS)))
        nested = [info.filename for info in infos if info.filename.lower().endswith(ARCHIVES)]
        if nested:
            raise ImportProblem(gettext("%(file)s: holds another archive (%(archive)s); unpack it and import its .json files",
                                        file=label, archive=nested[0]))
        members = sorted((info for info in infos if not info.is_dir() and info.filename.lower().endswith(".json")
                          and not info.filename.startswith("__MACOSX/")), key=lambda i: i.filename)
        declared = sum(info.file_size for info in members)
        if declared > UNPACKED_MAX_BYTES:
            raise too_large(label, gettext("its documents add up to %(size)s unpacked; the limit is %(limit)s",
                                           size=size_text(declared), limit=size_text(UNPACKED_MAX_BYTES)))
        budget = UNPACKED_MAX_BYTES
        contents = []
        for info in members:
            chunks = []
            with archive.open(info) as stream:
                while chunk := stream.read(64 * 1024):
                    budget -= len(chunk)
                    if budget < 0:
                        raise too_large(label, gettext("its documents unpack to more than %(limit)s",
                                                       limit=size_text(UNPACKED_MAX_BYTES)))
                    chunks.append(chunk)
            contents.append((info.filename, b"".join(chunks)))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, RuntimeError, NotImplementedError,
            zlib.error) as err:
        raise ImportProblem(gettext("%(file)s: is not a zip file that can be read (%(error)s)", file=label, error=err)) from None
    if not contents:
        raise ImportProblem(gettext("%(file)s: holds no .json match documents", file=label))
    return contents


def read_upload(data: bytes, filename: str) -> list[tuple[str, Any]]:
    """The documents in an uploaded file, each with a label for messages: a JSON document, a JSON
    list of documents, or a zip of ``.json`` files (as exported)."""
    label = filename or gettext("the file")
    found: list[tuple[str, Any]] = []
    if data[:4] == b"PK\x03\x04":
        for name, body in unpack(data, label):
            found.extend(documents_in(read_json(body, name), name))
            if len(found) > MAX_MATCHES:
                break
    else:
        if len(data) > UNPACKED_MAX_BYTES:
            raise too_large(label, gettext("it is %(size)s; the limit is %(limit)s", size=size_text(len(data)),
                                           limit=size_text(UNPACKED_MAX_BYTES)))
        found = documents_in(read_json(data, label), label)
    if not found:
        raise ImportProblem(gettext("%(file)s: holds no match documents (an empty list)", file=label))
    if len(found) > MAX_MATCHES:
        raise too_large(label, gettext("it holds more than %(limit)s matches; import them a few files at a time",
                                       limit=figure(MAX_MATCHES)))
    return found


def documents_in(data: Any, label: str) -> list[tuple[str, Any]]:
    if isinstance(data, list):
        if len(data) == 1:
            return [(label, data[0])]
        return [(gettext("%(file)s, match %(number)s of %(count)s", file=label, number=i, count=len(data)), doc)
                for i, doc in enumerate(data, start=1)]
    return [(label, data)]
