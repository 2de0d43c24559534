"""The embedded mail folder (Django's file backend), read as a person's inbox."""

from __future__ import annotations

import email
import re
from email.message import Message
from pathlib import Path

from django.conf import settings

SEPARATOR = b"-" * 79


def inbox(address: str) -> list[Message]:
    """Every message in the mail folder sent to ``address``, oldest first."""
    folder = Path(settings.EMAIL_FILE_PATH)
    found: list[tuple[float, Message]] = []
    for path in sorted(folder.glob("*.log")) if folder.exists() else []:
        for chunk in path.read_bytes().split(SEPARATOR):
            if not chunk.strip():
                continue
            message = email.message_from_bytes(chunk.lstrip(b"\n"))
            if address in str(message.get("To", "")):
                found.append((path.stat().st_mtime, message))
    return [m for _t, m in sorted(found, key=lambda pair: pair[0])]


def text(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode(message.get_content_charset() or "utf-8")


def link_in(message: Message) -> str:
    """The path of the one-time link the message carries."""
    # One link, given in the Italian and the English text.
    [path] = set(
        re.findall(r"https?://[^/\s]+(/accounts/set-password/\S+/)", text(message))
    )
    return str(path)
