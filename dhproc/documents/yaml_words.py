"""PyYAML's own words for a syntax error, said in the command's language.

PyYAML (its C loader and its Python one, in slightly different words) explains a syntax error
in English (``mapping values are not allowed here``, ``while
parsing a block mapping``). Each phrase it uses is matched here and said through the catalogue
(``yamlp.*`` in dhproc/words/messages.py), with the token or character it names; a phrase not in the
table is shown as PyYAML wrote it.
"""

from __future__ import annotations


from ..words.messages import default_lang, say
from ..lazy_re import LazyPattern, lazy

# (PyYAML's phrase as a pattern, the catalogue id): the phrases of yaml/scanner.py,
# yaml/parser.py and yaml/composer.py that a hand-written file meets.
_PHRASES: tuple[tuple[LazyPattern, str], ...] = tuple((lazy(p), key) for p, key in (
    (r"mapping values are not allowed (?:here|in this context)", "yamlp.mapping_values"),
    (r"found character(?: (?P<char>'.*'))? that cannot start any token", "yamlp.cannot_start"),
    (r"expected (?P<expected>.+), but (?:found|got) (?P<found>'.*')", "yamlp.expected_found"),
    (r"found unexpected end of stream", "yamlp.unexpected_end"),
    (r"found undefined alias(?: (?P<name>'.*'))?", "yamlp.undefined_alias"),
    (r"found unknown escape character (?P<char>'.*')", "yamlp.unknown_escape"),
    (r"found unknown escape character", "yamlp.unknown_escape_bare"),
    (r"did not find expected (?P<expected>'.+' or '.+'|<[a-z ]+>)", "yamlp.expected_missing"),
    (r"found duplicate anchor(?: (?P<name>'.*'))?; first occurrence", "yamlp.duplicate_anchor"),
    (r"second occurrence", "yamlp.second_occurrence"),
    (r"could not find expected ':'", "yamlp.no_colon"),
    (r"found unexpected ':'", "yamlp.unexpected_colon"),
    (r"did not find expected key", "yamlp.no_key"),
    (r"did not find expected '-' indicator", "yamlp.no_dash"),
    (r"did not find expected node content", "yamlp.no_content"),
    (r"did not find expected comment or line break", "yamlp.no_line_break"),
    (r"found a tab character (?:where an indentation space is expected|that violates indentation)",
     "yamlp.tab"),
    (r"while scanning a simple key", "yamlp.in_simple_key"),
    (r"while (?:scanning|parsing) a (?:double-)?quoted scalar", "yamlp.in_quoted"),
    (r"while scanning an? (?:alias|anchor)", "yamlp.in_alias"),
    (r"while scanning a block scalar", "yamlp.in_block_scalar"),
    (r"while scanning for the next token", "yamlp.in_next_token"),
    (r"while scanning a plain scalar", "yamlp.in_plain"),
    (r"while parsing a block mapping", "yamlp.in_block_mapping"),
    (r"while parsing a block collection", "yamlp.in_block_collection"),
    (r"while parsing a flow sequence", "yamlp.in_flow_sequence"),
    (r"while parsing a flow mapping", "yamlp.in_flow_mapping"),
    (r"while parsing a (?:block|flow) node", "yamlp.in_node"),
))

# The tokens PyYAML names in "expected …, but found …".
_TOKENS = {
    "<block end>": "yamlp.token_block_end",
    "<stream end>": "yamlp.token_stream_end",
    "<block mapping start>": "yamlp.token_mapping",
    "<block sequence start>": "yamlp.token_sequence",
    "<document start>": "yamlp.token_document",
    "<block scalar>": "yamlp.token_scalar",
    "<scalar>": "yamlp.token_scalar",
    "?": "yamlp.token_key",
    "-": "yamlp.token_dash",
}


def _token(text: str) -> str:
    bare = text.strip("'")
    key = _TOKENS.get(bare)
    return say(key) if key else text


def phrase(text: str | None) -> str | None:
    """One of PyYAML's phrases in the command's language (as written when it is not known)."""
    if text is None or default_lang() == "en":
        return text  # in English, PyYAML's words as its loader wrote them
    for pattern, key in _PHRASES:
        m = pattern.fullmatch(text.strip())
        if m is None:
            continue
        values = {k: v or "" for k, v in m.groupdict().items()}  # the C loader names no character
        if "expected" in values:
            expected = " / ".join(_token(t.strip()) for t in values["expected"].split(" or "))
            if "found" not in values:
                return say(key, expected=expected)
            return say(key, expected=expected, found=_token(values["found"]))
        return say(key, **values)
    return text
