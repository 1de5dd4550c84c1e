"""Finds English words in a text a German- or Polish-speaking player reads (the German and Polish
e2e sessions and the renderers' tests in those languages): words that are English only, not also
German, Polish or game terms."""

from __future__ import annotations

import re

ENGLISH_ONLY = frozenset(
    """
    the your you yours turn turns trick tricks deal deals dealt dealer player players card cards
    points point wins won lost lose loses play plays played playing table tables seat seats
    round rounds with and of is are to for has have his her their them they not yes no join
    joined leave left cancel cancelled score scores total totals game games who what which
    waiting wait push pushed pick picked lay laid away declarer bid bids hold holds take takes
    took must cannot can't don't doesn't only next last first over after before each every none
    out off here there this that these those by from at be been open opened rules timer seconds
    minutes hours back my me new again settings when if or but shows show showing laid face down
    up call calls called partner trump trumps suit suits follow lead leads led winner standings
    session sessions ends ended end result results schedule history record records until
    someone nobody everyone anyone its it's it time times ran because why how many more less
    than then keep kept marked mark exchange exchanged draw drew drawn pass passed passes
    upcard takes beat beats ai easy hard
    """.split()  # noqa: SIM905 - a word list is easier to read as text
)
"""Lower-case English words that a German text has no business showing (German words that
English shares — Hand, Null, Grand, Bock, Re, Solo, in, so, was, will, die — are left out)."""

POLISH_TOO = frozenset({"to", "no", "by"})
"""Words of the list above that are also Polish words ("to jest", "aby")."""

WORD = re.compile(r"[A-Za-zÄÖÜäöüßĄĆĘŁŃÓŚŹŻąćęłńóśźż']+")
IGNORED = re.compile(r"<[@#!&:][^>]*>|`[^`]*`|https?://\S+")
"""Mentions, channels, timestamps, code and links carry no words."""


def english_words(text: str, names: tuple[str, ...] = (), language: str = "de") -> set[str]:
    """The English-only words in ``text`` (player ``names`` removed first), read as a text in
    ``language`` (German or Polish)."""
    for name in names:
        text = text.replace(name, " ")
    text = IGNORED.sub(" ", text)
    english = ENGLISH_ONLY - POLISH_TOO if language == "pl" else ENGLISH_ONLY
    return {word for word in WORD.findall(text) if word.lower() in english}
