"""click's own words ("Usage:", "Options", "Error: …", "No such option …") in the command's
language: click asks gettext for each, and dhproc answers from its catalogue (``click.*`` in
dhproc/words/messages.py) when the language is Japanese. A word click adds later stays English.
"""

from __future__ import annotations

import importlib

from ..words.messages import MESSAGES, default_lang

# click's msgid -> catalogue id. The Japanese keeps click's {fields}: click fills them in.
WORDS = {
    "Usage:": "click.usage",
    "Options": "click.options",
    "Commands": "click.commands",
    "Positional arguments": "click.arguments",
    "Error: {message}": "click.error",
    "Try '{command} {option}' for help.": "click.try_help",
    "Missing argument": "click.missing_argument",
    "Missing option": "click.missing_option",
    "Missing parameter": "click.missing_parameter",
    "Missing command.": "click.missing_command",
    "No such option {name!r}.": "click.no_such_option",
    "No such command {name!r}.": "click.no_such_command",
    "Invalid value for {param_hint}: {message}": "click.invalid_value_for",
    "Invalid value: {message}": "click.invalid_value",
    "{value!r} is not a valid {number_type}.": "click.not_a_number",
    "{value} is not in the range {range}.": "click.not_in_range",
    "default: {default}": "click.default",
    "Aborted!": "click.aborted",
}

# click's (singular, plural) msgids -> catalogue ids, for what click asks ngettext.
PLURAL_WORDS = {
    ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"):
        ("click.did_you_mean", "click.did_you_mean_one_of"),
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."): ("click.not_the_choice", "click.not_one_of"),
}

_MODULES = ("core", "exceptions", "formatting", "types", "parser", "decorators")  # of the click package


def translate(msgid: str) -> str:
    key = WORDS.get(msgid)
    if key is None or default_lang() != "ja":
        return msgid
    return MESSAGES.entries[key][0]


def translate_plural(singular: str, plural: str, n: int) -> str:
    keys = PLURAL_WORDS.get((singular, plural))
    if keys is None or default_lang() != "ja":
        return singular if n == 1 else plural
    return MESSAGES.entries[keys[0] if n == 1 else keys[1]][0]


def install() -> None:
    """Make click's modules ask :func:`translate` for their words (they imported gettext's ``_``)."""
    for name in _MODULES:
        try:
            module = importlib.import_module(f"click.{name}")
        except ImportError:  # a click without that module
            continue
        if hasattr(module, "_"):
            module._ = translate
        if hasattr(module, "ngettext"):
            module.ngettext = translate_plural
