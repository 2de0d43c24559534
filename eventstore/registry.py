"""Event type registry, codec and upcasters.

Events are frozen dataclasses with ``event_type`` (a stable registry name,
never a Python path) and ``schema_version`` class variables. The codec turns
them into JSON-ready dicts and back, field by field, from their type hints;
domain value types (cards, calls, deals, Law references) are registered with a
pair of functions to and from a string. Upcasters are pure ``dict -> dict``
functions that lift a stored payload one version at a time on read; stored
rows never change (spec/eventstore-research.md §6.6).
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any, ClassVar, Protocol, Union, get_args, get_origin, get_type_hints
from uuid import UUID

__all__ = [
    "DomainEvent",
    "EventRegistry",
    "RegistryError",
    "UnknownEventType",
    "registry",
]

JSON = Any
Encoder = Callable[[Any], JSON]
Decoder = Callable[[JSON], Any]


class DomainEvent(Protocol):
    event_type: ClassVar[str]
    schema_version: ClassVar[int]


class RegistryError(Exception):
    """The registry was given something it cannot store safely."""


class UnknownEventType(RegistryError):
    def __init__(self, event_type: str) -> None:
        super().__init__(f"no event class is registered as {event_type!r}")
        self.event_type = event_type


@dataclasses.dataclass(frozen=True, slots=True)
class _FieldCodec:
    name: str
    encode: Encoder
    decode: Decoder


@dataclasses.dataclass(frozen=True, slots=True)
class _EventCodec:
    cls: type
    fields: tuple[_FieldCodec, ...]
    # Only the fields whose stored form differs from the value (the rest are
    # JSON as they stand: ints, strings, bools), so replay converts only those.
    converted: tuple[_FieldCodec, ...] = ()
    names: frozenset[str] = frozenset()

    def encode(self, event: object) -> dict[str, JSON]:
        return {f.name: f.encode(getattr(event, f.name)) for f in self.fields}

    def decode(self, payload: Mapping[str, JSON]) -> object:
        if payload.keys() <= self.names:
            kwargs = dict(payload)
            for f in self.converted:
                if f.name in kwargs:
                    kwargs[f.name] = f.decode(kwargs[f.name])
            return self.cls(**kwargs)
        kwargs = {
            f.name: f.decode(payload[f.name]) for f in self.fields if f.name in payload
        }
        return self.cls(**kwargs)


def _identity(value: Any) -> Any:
    return value


def _codec(cls: type, fields: tuple[_FieldCodec, ...]) -> _EventCodec:
    return _EventCodec(
        cls,
        fields,
        converted=tuple(f for f in fields if f.decode is not _identity),
        names=frozenset(f.name for f in fields),
    )


def _decode_datetime(value: str) -> datetime:
    parsed = datetime.fromisoformat(value)
    if parsed.tzinfo is None:
        raise ValueError(f"naive datetime {value!r} in an event payload")
    return parsed


def _encode_datetime(value: datetime) -> str:
    if value.tzinfo is None:
        raise RegistryError(f"naive datetime {value!r} cannot be stored")
    return value.isoformat()


class EventRegistry:
    """Maps stable names to event classes and knows how to (de)serialize them."""

    def __init__(self) -> None:
        self._by_name: dict[str, _EventCodec] = {}
        self._by_class: dict[type, str] = {}
        self._versions: dict[str, int] = {}  # each name's current schema_version
        self._upcasters: dict[
            str, dict[int, Callable[[dict[str, JSON]], dict[str, JSON]]]
        ] = {}
        self._values: dict[Any, tuple[Encoder, Decoder]] = {}

    # -- registration -----------------------------------------------------

    def register_value(self, annotation: Any, encode: Encoder, decode: Decoder) -> None:
        """Teach the codec a domain value type (or a union of them) by its string form."""
        self._values[annotation] = (encode, decode)

    def register(
        self,
        classes: Iterable[type],
        upcasters: Mapping[
            str, Mapping[int, Callable[[dict[str, JSON]], dict[str, JSON]]]
        ]
        | None = None,
    ) -> None:
        """Register event classes; ``upcasters[name][v]`` lifts version v to v + 1."""
        for cls in classes:
            name = getattr(cls, "event_type", None)
            version = getattr(cls, "schema_version", None)
            if not isinstance(name, str) or not isinstance(version, int):
                raise RegistryError(f"{cls!r} lacks event_type/schema_version")
            params = getattr(cls, "__dataclass_params__", None)
            if params is None or not params.frozen:
                raise RegistryError(f"{cls.__name__} must be a frozen dataclass")
            existing = self._by_name.get(name)
            if existing is not None and existing.cls is not cls:
                raise RegistryError(f"{name!r} is registered twice")
            self._by_name[name] = _codec(cls, self._field_codecs(cls))
            self._versions[name] = version
            self._by_class[cls] = name
        for name, chain in (upcasters or {}).items():
            self._upcasters.setdefault(name, {}).update(chain)

    def _field_codecs(self, cls: type) -> tuple[_FieldCodec, ...]:
        hints = get_type_hints(cls)
        codecs = []
        for field in dataclasses.fields(cls):
            encode, decode = self._codec_for(
                hints[field.name], cls.__name__, field.name
            )
            codecs.append(_FieldCodec(field.name, encode, decode))
        return tuple(codecs)

    def _codec_for(self, hint: Any, owner: str, name: str) -> tuple[Encoder, Decoder]:
        if hint in self._values:
            return self._values[hint]
        origin = get_origin(hint)
        if origin in (Union, types.UnionType):
            args = tuple(a for a in get_args(hint) if a is not type(None))
            inner_hint = args[0] if len(args) == 1 else typing.Union[args]  # noqa: UP007
            if len(args) > 1 and inner_hint not in self._values:
                raise RegistryError(
                    f"{owner}.{name}: union {hint} needs register_value() to be stored"
                )
            enc, dec = self._codec_for(inner_hint, owner, name)
            return (
                lambda v, enc=enc: None if v is None else enc(v),
                lambda v, dec=dec: None if v is None else dec(v),
            )
        if origin is tuple:
            args = get_args(hint)
            if len(args) == 2 and args[1] is Ellipsis:
                enc, dec = self._codec_for(args[0], owner, name)
                return (
                    lambda v, enc=enc: [enc(x) for x in v],
                    lambda v, dec=dec: tuple(dec(x) for x in v),
                )
            pairs = [self._codec_for(a, owner, name) for a in args]
            return (
                lambda v, pairs=pairs: [p[0](x) for p, x in zip(pairs, v, strict=True)],
                lambda v, pairs=pairs: tuple(
                    p[1](x) for p, x in zip(pairs, v, strict=True)
                ),
            )
        if hint in (str, int, bool, float):
            return _identity, _identity
        if hint is UUID:
            return str, UUID
        if hint is datetime:
            return _encode_datetime, _decode_datetime
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return (lambda v: v.value), hint
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            nested = _codec(hint, self._field_codecs(hint))
            return nested.encode, nested.decode
        raise RegistryError(
            f"{owner}.{name}: type {hint!r} cannot be stored in an event"
        )

    # -- use --------------------------------------------------------------

    def name_of(self, event: object) -> str:
        try:
            return self._by_class[type(event)]
        except KeyError:
            raise RegistryError(
                f"{type(event).__name__} is not a registered event"
            ) from None

    def encode(self, event: object) -> tuple[str, int, dict[str, JSON]]:
        """Return ``(event_type, schema_version, payload)`` for storage."""
        name = self.name_of(event)
        codec = self._by_name[name]
        return name, self._versions[name], codec.encode(event)

    def decode(
        self, event_type: str, schema_version: int, payload: Mapping[str, JSON]
    ) -> object:
        """Upcast a stored payload to the current version and build the event."""
        codec = self._by_name.get(event_type)
        if codec is None:
            raise UnknownEventType(event_type)
        current = self._versions[event_type]
        if schema_version == current:
            return codec.decode(payload)  # nothing to upcast: no copy
        data = dict(payload)
        version = schema_version
        chain = self._upcasters.get(event_type, {})
        while version < current:
            upcast = chain.get(version)
            if upcast is None:
                raise RegistryError(
                    f"no upcaster for {event_type} v{version} -> v{version + 1}"
                )
            data = upcast(data)
            version += 1
        if version > current:
            raise RegistryError(
                f"{event_type} v{version} is newer than this code (v{current})"
            )
        return codec.decode(data)

    def is_registered(self, event_type: str) -> bool:
        return event_type in self._by_name

    def event_types(self) -> list[str]:
        return sorted(self._by_name)


registry = EventRegistry()
