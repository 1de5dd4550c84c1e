"""The emulator's multipart reading: bodies in the plain form aiohttp.FormData writes (as
discord.py sends them) are split by hand, the rest by aiohttp's reader; both read the same."""

from __future__ import annotations

import asyncio
import io

import aiohttp
import pytest
from aiohttp import MultipartReader, StreamReader
from aiohttp.base_protocol import BaseProtocol

from tests.emulator.errors import APIError
from tests.emulator.messages import (
    Upload,
    _boundary,
    _form,
    _read_parts,
    _split_multipart,
)

NAMES = ["hand.png", 'a "quoted" name.png', "back\\slash.png", "100% ü.png", "trick;x.png", ""]


async def _body(files: list[tuple[str, bytes]], *, quote: bool = False) -> tuple[str, bytes]:
    form = aiohttp.FormData(quote_fields=quote)
    form.add_field(
        "payload_json", '{"content": "hi", "n": [1, 2]}', content_type="application/json"
    )
    for index, (filename, data) in enumerate(files):
        form.add_field(f"files[{index}]", io.BytesIO(data), filename=filename or None,
                       content_type="image/png")  # fmt: skip
    writer = form()
    return writer.headers["Content-Type"], await writer.as_bytes()


async def _by_aiohttp(content_type: str, body: bytes) -> tuple[dict[str, object], list[Upload]]:
    stream = StreamReader(BaseProtocol(asyncio.get_running_loop()), 2**16)
    stream.feed_data(body)
    stream.feed_eof()
    return await _read_parts(MultipartReader({"Content-Type": content_type}, stream))


@pytest.mark.parametrize("quote", [False, True])
async def test_split_by_hand_reads_what_aiohttp_reads(quote: bool) -> None:
    files = [(name, bytes(range(256)) * 3 + b"\r\n--" + name.encode()) for name in NAMES]
    content_type, body = await _body(files, quote=quote)
    boundary = _boundary(content_type)
    assert boundary is not None
    parts = _split_multipart(body, boundary)
    assert parts is not None and len(parts) == len(NAMES) + 1
    assert _form(parts) == await _by_aiohttp(content_type, body)
    payload, uploads = _form(parts)
    assert payload == {"content": "hi", "n": [1, 2]}
    assert [u.data for u in uploads] == [data for _, data in files]


async def test_a_body_not_in_the_plain_form_is_left_to_aiohttp() -> None:
    content_type, body = await _body([("hand.png", b"png")])
    boundary = _boundary(content_type)
    assert boundary is not None
    assert _split_multipart(b"preamble\r\n" + body, boundary) is None
    assert _split_multipart(body[:-40], boundary) is None  # cut short
    assert _boundary("multipart/form-data") is None
    assert _boundary('multipart/form-data; boundary="a b"') == b"a b"


async def test_unexpected_fields_are_refused_either_way() -> None:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("other", io.BytesIO(b"x"), filename="x.png")  # a file: multipart
    writer = form()
    content_type, body = writer.headers["Content-Type"], await writer.as_bytes()
    boundary = _boundary(content_type)
    assert boundary is not None
    parts = _split_multipart(body, boundary)
    assert parts is not None
    with pytest.raises(APIError):
        _form(parts)
    with pytest.raises(APIError):
        await _by_aiohttp(content_type, body)
