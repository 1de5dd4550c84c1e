"""Fixtures of the rendering tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot import i18n


@pytest.fixture
def nothing_untranslated() -> Iterator[None]:
    """Every message the renderers looked up in another language than English had its
    translation (a module asks for it in ``pytestmark``)."""
    before = set(i18n.MISSING)
    yield
    assert set(i18n.MISSING) - before == set()
