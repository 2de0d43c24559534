"""A small, safe XML reader that keeps the line of every element.

Built directly on the standard library's expat binding because
``xml.etree.ElementTree`` neither reports line numbers nor lets a caller
refuse entity declarations. Decision 0027: results files are untrusted
input, so any ``<!ENTITY`` declaration (the "billion laughs" and external
entity attacks) is refused, and no external entity or DTD is ever fetched;
a ``<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">`` line is accepted and ignored.
This is what ``defusedxml`` does, without the extra dependency.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.parsers import expat

from rules.limits import XML_DEPTH
from scoring.formats.errors import FormatError

__all__ = ["MAX_DEPTH", "Node", "parse_xml"]

MAX_DEPTH = XML_DEPTH  # rules.limits (decision 0212)
"""Elements nested deeper are refused: USEBIO nests about eight deep, and a
file nested 50,000 deep (issue 16, item 9) must be a clear error, not a
recursion error in whatever walks the tree."""


@dataclass(slots=True)
class Node:
    """An element: tag, attributes, text, children and its line in the file."""

    tag: str
    attributes: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)
    text: str = ""

    def find(self, tag: str) -> Node | None:
        """Return the first child named ``tag``, if any."""
        for child in self.children:
            if child.tag == tag:
                return child
        return None

    def find_all(self, tag: str) -> list[Node]:
        """Return every child named ``tag``, in document order."""
        return [child for child in self.children if child.tag == tag]

    def iter(self, tag: str) -> list[Node]:
        """Return every descendant named ``tag``, in document order."""
        found = []
        for child in self.children:
            if child.tag == tag:
                found.append(child)
            found.extend(child.iter(tag))
        return found

    def child_text(self, tag: str) -> str | None:
        """Return the stripped text of child ``tag``; None if absent or empty."""
        child = self.find(tag)
        if child is None:
            return None
        text = child.text.strip()
        return text or None


def parse_xml(data: bytes | str) -> Node:
    """Parse an XML document into ``Node``s; raise ``FormatError`` with the line."""
    parser = expat.ParserCreate()
    stack: list[Node] = []
    roots: list[Node] = []

    def start(tag: str, attributes: dict[str, str]) -> None:
        if len(stack) >= MAX_DEPTH:
            raise FormatError(
                f"elements nested deeper than {MAX_DEPTH}",
                line=parser.CurrentLineNumber,
            )
        node = Node(tag, dict(attributes), parser.CurrentLineNumber)
        if stack:
            stack[-1].children.append(node)
        else:
            roots.append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def characters(text: str) -> None:
        if stack:
            stack[-1].text += text

    def refuse_entity(*args: object) -> None:
        raise FormatError(
            "entity declarations are not allowed", line=parser.CurrentLineNumber
        )

    def refuse_external(*args: object) -> int:
        raise FormatError(
            "external entities are not allowed", line=parser.CurrentLineNumber
        )

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parser.EntityDeclHandler = refuse_entity
    parser.UnparsedEntityDeclHandler = refuse_entity
    parser.ExternalEntityRefHandler = refuse_external
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        if isinstance(data, str):
            parser.Parse(data.encode("utf-8"), True)
        else:
            parser.Parse(data, True)
    except expat.ExpatError as error:
        raise FormatError(
            f"not well-formed XML: {expat.ErrorString(error.code)}",
            line=error.lineno,
        ) from None
    if len(roots) != 1:
        raise FormatError("document has no root element")
    return roots[0]
