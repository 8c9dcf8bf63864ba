"""Regular expressions compiled when first used, not when their module is imported.

A command imports far more modules than it runs patterns of: ``dhproc --help`` reads no YAML and
no chat post, yet compiling every module-level pattern it imported cost it start-up time. A
module writes its patterns as before, with :func:`lazy` in place of :func:`re.compile`::

    _INT = lazy(r"^[-+]?[0-9]+$")
    _INT.match(text)

The first use compiles the pattern; from then on each method (``match``, ``sub``, ...) is the
compiled pattern's own, kept on the object, so a pattern on a hot path costs what a compiled one
does.
"""

from __future__ import annotations

import re
from typing import Any


class LazyPattern:
    """A :class:`re.Pattern` compiled on first use; every attribute is the compiled pattern's."""

    def __init__(self, source: str | bytes, flags: int = 0) -> None:
        self._source = source
        self._flags = flags

    @property
    def compiled(self) -> re.Pattern:
        """The compiled pattern (compiled now, the first time)."""
        found = self.__dict__.get("_compiled")
        if found is None:
            found = self.__dict__["_compiled"] = re.compile(self._source, self._flags)
        return found

    @property
    def pattern(self) -> str | bytes:
        """The source, as ``re.Pattern.pattern`` (read without compiling: one pattern may be
        written from another's)."""
        return self._source

    def __getattr__(self, name: str) -> Any:
        # reached only for a name not yet kept: kept now, so the next use is a plain lookup
        if name.startswith("__"):
            raise AttributeError(name)
        value = getattr(self.compiled, name)
        setattr(self, name, value)
        return value

    def __repr__(self) -> str:
        return f"lazy({self._source!r}, {self._flags!r})"


def lazy(source: str | bytes, flags: int = 0) -> LazyPattern:
    """``re.compile(source, flags)``, done when the pattern is first used."""
    return LazyPattern(source, flags)
