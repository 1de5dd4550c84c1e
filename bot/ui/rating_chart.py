"""A player's rating history as a small PNG line chart (Pillow), one line per board.

The lines' colours are those of Discord's coloured square emoji, so the embed's field names
(``🟦 Skat Ramsch``) are the chart's legend and the picture needs no text but its scale."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 14, 18
BACKGROUND = (43, 45, 49)
GRID = (70, 73, 80)
LABEL = (181, 186, 193)
COLOURS: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("🟦", (85, 172, 238)),
    ("🟧", (244, 144, 12)),
    ("🟩", (120, 177, 89)),
    ("🟥", (221, 46, 68)),
    ("🟪", (170, 142, 214)),
    ("🟨", (253, 203, 88)),
)
"""(square emoji, line colour) per line, in order."""
MAX_LINES = len(COLOURS)


@lru_cache(maxsize=2)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _step(span: float) -> int:
    """A round grid step giving three to six lines over ``span`` rating points."""
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 5:
            return step
    return 2000


def rating_chart(lines: Sequence[Sequence[tuple[float, int]]]) -> bytes:
    """The chart of up to ``MAX_LINES`` histories, each ``(when, rating)`` oldest first.

    The x axis counts rated matches of all lines together (evenly spaced, oldest left);
    the y axis is the shown rating with round grid lines."""
    lines = [line for line in lines[:MAX_LINES]]
    moments = sorted({when for line in lines for when, _ in line[1:]})
    slot = {when: index + 1 for index, when in enumerate(moments)}
    values = [rating for line in lines for _, rating in line] or [1000]
    step = _step(max(values) - min(values) or 1)
    low = (min(values) // step) * step
    high = max(low + step, -(-max(values) // step) * step)
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y(rating: float) -> float:
        return TOP + inner_h * (1 - (rating - low) / (high - low))

    def x(index: int) -> float:
        return LEFT + inner_w * index / max(1, len(moments))

    font = _font(12)
    for mark in range(int(low), int(high) + 1, step):
        draw.line((LEFT, y(mark), WIDTH - RIGHT, y(mark)), fill=GRID, width=1)
        draw.text((LEFT - 6, y(mark)), str(mark), fill=LABEL, font=font, anchor="rm")
    for (_, colour), line in zip(COLOURS, lines, strict=False):
        if not line:
            continue
        first = slot.get(line[1][0], 1) - 1 if len(line) > 1 else 0
        points = [(x(first), y(line[0][1]))]
        points += [(x(slot[when]), y(rating)) for when, rating in line[1:]]
        if len(points) > 1:
            draw.line(points, fill=colour, width=3, joint="curve")
        if len(points) <= 40:
            for px, py in points:
                draw.ellipse((px - 3, py - 3, px + 3, py + 3), fill=colour)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
