"""Error types, recorded protocol violations and JSON responses of the Discord emulator."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

# Discord JSON error codes used by the emulator.
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_WEBHOOK = 10015
UNKNOWN_USER = 10013
UNKNOWN_MEMBER = 10007
UNKNOWN_GUILD = 10004
UNKNOWN_INTERACTION = 10062
UNAUTHORIZED = 40001
ALREADY_ACKNOWLEDGED = 40060
EMPTY_MESSAGE = 50006
CANNOT_DM_USER = 50007
INVALID_FORM_BODY = 50035
UNKNOWN_ROUTE = 0


class APIError(Exception):
    """An HTTP error the emulator answers with, as Discord would.

    ``violation`` marks errors that mean the bot did something a correct bot never does; those are
    recorded in ``Emulator.errors`` so the test fails.
    """

    def __init__(self, status: int, code: int, message: str, *, violation: bool = True) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.violation = violation

    def body(self) -> dict[str, Any]:
        return {"message": self.message, "code": self.code}


class SimulationError(Exception):
    """A simulated user tried something a real Discord client cannot do."""


class EmulatorFailure(AssertionError):
    """The bot broke the protocol or logged an error while a test was waiting on it."""


@dataclass(frozen=True)
class Violation:
    """A protocol violation by the bot, recorded by the emulator."""

    status: int
    code: int
    message: str
    route: str
    at: float = field(default_factory=time.monotonic)

    def __str__(self) -> str:
        return f"{self.route}: {self.status} (code {self.code}) {self.message}"


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON response whose Content-Type is exactly ``application/json`` (pitfall 1)."""
    body = json.dumps(data, separators=(",", ":")).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


def no_content() -> web.Response:
    """An empty 204 response."""
    return web.Response(status=204)
