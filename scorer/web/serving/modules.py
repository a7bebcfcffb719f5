"""The pages' scripts are ES modules (``static/*.js``: ``import { store, say } from "./app.js"``);
this links a page's entry module and every module it imports into one file, with no build step and
no Node (assets.py does it at start): one request per page, as a bundle was.

The linker reads only what the scripts are written to give it, a line at a time:

- ``import { a, b } from "./x.js";`` or ``import "./x.js";`` (run for what it does), each on one
  line at the start of it, from a file beside it; no other form of import (no ``as``, no default);
- ``export`` before a top-level ``function``, ``const``, ``let``, ``var`` or ``class``;
- a top-level declaration starts at the start of a line (the code inside a function is indented).

The modules imported are resolved depth first from the entry and each is written once, after
what it imports (the order a browser runs them in); the import lines and the ``export`` keywords
are dropped, so the modules share one module scope (the file is served as ``<script
type="module">``: strict, deferred, its names not the page's globals). Refused, by ``LinkError``,
at start: a top-level name declared by two linked modules (one would overwrite the other), an
import of a name its module does not export, a module that does not exist, an import cycle, and
an import or export the linker cannot read.

A virtual module (``./words.js``: the page's words, made per language by assets.py from
presentation/script_words.py) is imported like a file; its code is given at each link.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

IMPORT = re.compile(r'^import\s*(?:\{(?P<names>[^}]*)\}\s*from\s*)?"\./(?P<module>[\w.-]+\.js)"\s*;?\s*(?://.*)?$')
DECLARATION = re.compile(r"^(?P<export>export\s+)?(?:async\s+)?(?P<kind>function\*?|class|const|let|var)\s+(?P<rest>.*)$")
NAME = re.compile(r"^\s*([A-Za-z_$][\w$]*)")
USE_STRICT = re.compile(r'^\s*"use strict";\s*$')


class LinkError(ValueError):
    """Modules that cannot be linked into one file (assets.py raises it at start)."""


@dataclass(frozen=True)
class Module:
    name: str
    code: str  # without its import lines, "use strict" and the export keywords
    imports: tuple[tuple[str, tuple[str, ...]], ...]  # (module, names) in the order written
    exports: frozenset[str]
    declared: tuple[str, ...]  # its top-level names


@dataclass(frozen=True)
class Linked:
    entry: str
    modules: tuple[str, ...]  # in the order written: each after the modules it imports
    code: str


def declared_names(kind: str, rest: str, where: str) -> list[str]:
    """The names a top-level declaration declares: one for a function or class; for ``var``,
    ``let`` or ``const``, each declarator's on its line (``var a = 1, b = [2, 3];``)."""
    if kind.startswith("function") or kind == "class":
        found = NAME.match(rest)
        if not found:
            raise LinkError(f"{where}: cannot read the name declared")
        return [found.group(1)]
    names, depth, quote, start = [], 0, "", 0
    pieces = []
    for i, char in enumerate(rest):
        if quote:
            if char == quote and rest[i - 1] != "\\":
                quote = ""
        elif char in "\"'`":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif depth == 0 and char in ",;":
            pieces.append(rest[start:i])
            start = i + 1
            if char == ";":
                break
        if rest.startswith("//", i) and not quote:
            break
    else:
        pieces.append(rest[start:])
    for piece in pieces:
        if not piece.strip():
            continue
        found = NAME.match(piece)
        if not found:  # a destructuring pattern, say: not read here
            raise LinkError(f"{where}: cannot read the names declared by {kind} {rest.strip()!r}")
        names.append(found.group(1))
    return names


def parse(name: str, source: str) -> Module:
    """One module's imports, exports and top-level names, and its code without the first two."""
    imports: list[tuple[str, tuple[str, ...]]] = []
    exports: set[str] = set()
    declared: list[str] = []
    lines = []
    for number, line in enumerate(source.splitlines(), 1):
        where = f"{name}:{number}"
        if line.startswith("import"):
            found = IMPORT.match(line)
            if not found:
                raise LinkError(f"{where}: an import the linker cannot read: {line!r}")
            names = tuple(part.strip() for part in (found.group("names") or "").split(",") if part.strip())
            for imported in names:
                if not NAME.fullmatch(imported):
                    raise LinkError(f"{where}: cannot import {imported!r} (no 'as', no default)")
            imports.append((found.group("module"), names))
            continue
        if USE_STRICT.match(line):
            continue  # a module is strict already
        if line.startswith("export") and not DECLARATION.match(line):
            raise LinkError(f"{where}: an export the linker cannot read: {line!r}")
        found = DECLARATION.match(line)
        if found:
            names_here = declared_names(found.group("kind"), found.group("rest"), where)
            declared.extend(names_here)
            if found.group("export"):
                exports.update(names_here)
                line = line[len(found.group("export")):]
        lines.append(line)
    return Module(name, "\n".join(lines).strip("\n") + "\n", tuple(imports), frozenset(exports), tuple(declared))


def link(entry: str, sources: Mapping[str, str], virtual: Mapping[str, str] = {}) -> Linked:
    """``entry`` and the modules it imports, depth first, each once after its imports, as one
    script. ``sources``: the files by name; ``virtual``: modules made rather than read (their
    source is parsed like a file's)."""
    parsed: dict[str, Module] = {}
    order: list[str] = []
    visiting: list[str] = []

    def module(name: str, by: str) -> Module:
        if name not in parsed:
            if name in virtual:
                parsed[name] = parse(name, virtual[name])
            elif name in sources:
                parsed[name] = parse(name, sources[name])
            else:
                raise LinkError(f"{by} imports {name}, which does not exist")
        return parsed[name]

    def visit(name: str, by: str) -> None:
        if name in order:
            return
        if name in visiting:
            cycle = " → ".join([*visiting[visiting.index(name):], name])
            raise LinkError(f"an import cycle: {cycle}")
        visiting.append(name)
        found = module(name, by)
        for imported, names in found.imports:
            visit(imported, name)
            missing = [n for n in names if n not in parsed[imported].exports]
            if missing:
                raise LinkError(f"{name} imports {', '.join(missing)} from {imported}, which does not export it")
        visiting.pop()
        order.append(name)

    visit(entry, "the page")
    owner: dict[str, str] = {}
    for name in order:
        for declared in parsed[name].declared:
            if declared in owner and owner[declared] != name:
                raise LinkError(f"{declared} is declared by both {owner[declared]} and {name} (linked by {entry})")
            owner[declared] = name
    code = "".join(parsed[name].code for name in order)
    return Linked(entry, tuple(order), code)
