"""The ``dhproc`` command (its commands in root.py)."""

from .root import cli, main, subcommands

__all__ = ["cli", "main", "subcommands"]
