"""What the translation tests check, also runnable to list what still needs a translation.

``python -m tests.i18n_check`` prints every message of ``bot/`` that has no German translation,
as ``.po`` entries to paste into a catalogue under ``bot/locale/de/``; ``python -m
tests.i18n_check --language pl`` those without a Polish one (three plural forms each), for
``bot/locale/pl/``. A further argument keeps the messages of files under that path.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("de", "pl")
"""The languages with catalogues: each must translate every message."""
PLURAL_FORMS = {"de": 2, "pl": 3}
"""How many forms a plural message has in each language (Polish: 1, 2-4, 5 and more)."""
KEYWORDS = {"_": None, "N_": None, "_n": (1, 2)}
PLACEHOLDER = re.compile(r"\{(\w*)\}")


@dataclass(frozen=True)
class Found:
    """A message id found in the source."""

    message: str
    plural: str | None
    where: str


def extracted(folder: str = "bot") -> Iterator[Found]:
    """Every message id marked in the source under ``folder``."""
    for filename, lineno, message, _comments, _context in extract_from_dir(
        ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        where = f"{folder}/{filename}:{lineno}"
        if isinstance(message, tuple):
            yield Found(message[0], message[1], where)
        else:
            yield Found(message, None, where)


@dataclass(frozen=True)
class Entry:
    """A catalogue entry: its forms and where it is."""

    message: str
    plural: str | None
    strings: tuple[str, ...]
    fuzzy: bool
    file: str


def catalogue_entries(language: str = "de") -> list[Entry]:
    """Every entry of every catalogue of ``language``."""
    entries: list[Entry] = []
    for path in sorted((ROOT / "bot" / "locale" / language).glob("*.po")):
        with path.open("rb") as file:
            catalog = read_po(file, locale=language)
        for message in catalog:
            if not message.id:
                continue
            if isinstance(message.id, tuple | list):
                strings = tuple(message.string or ())
                entry = Entry(message.id[0], message.id[1], strings, message.fuzzy, path.name)
            else:
                strings = (str(message.string or ""),)
                entry = Entry(str(message.id), None, strings, message.fuzzy, path.name)
            entries.append(entry)
    return entries


def placeholders(text: str) -> set[str]:
    """The ``{names}`` of a message."""
    return set(PLACEHOLDER.findall(text))


def po_entry(found: Found, language: str = "de") -> str:
    """A ``.po`` entry for a message, translation left empty (every plural form of
    ``language``)."""

    def quoted(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    lines = [f"#: {found.where}"]
    if found.plural is None:
        lines += [f"msgid {quoted(found.message)}", 'msgstr ""']
    else:
        lines += [
            f"msgid {quoted(found.message)}",
            f"msgid_plural {quoted(found.plural)}",
            *(f'msgstr[{index}] ""' for index in range(PLURAL_FORMS[language])),
        ]
    return "\n".join(lines)


def untranslated(folder: str = "bot", language: str = "de") -> list[Found]:
    """Messages of the source without a (non-fuzzy, non-empty) translation."""
    done = {
        entry.message
        for entry in catalogue_entries(language)
        if all(entry.strings) and not entry.fuzzy
    }
    seen: set[str] = set()
    missing: list[Found] = []
    for found in extracted(folder):
        if found.message not in done and found.message not in seen:
            seen.add(found.message)
            missing.append(found)
    return missing


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Messages without a translation, as .po entries")
    parser.add_argument("only", nargs="?", default="", help="only files under this path")
    parser.add_argument("--language", choices=LANGUAGES, default="de")
    arguments = parser.parse_args()
    for found in untranslated(language=arguments.language):
        if found.where.startswith(arguments.only):
            print(po_entry(found, arguments.language) + "\n")
