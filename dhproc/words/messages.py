"""The message catalogue: every message a user reads, by id, in Japanese and English.

Japanese is the default; ``--lang en`` on any command, or the environment variable
``DHPROC_LANG`` (``ja`` or ``en``), switches. Code says ``say("import.second_post", side=...)``
and never writes the sentence itself, so both languages always exist (tests/test_messages.py
checks every id has both, with the same ``{fields}``).

The platform's messages are here. A ruleset keeps its own in ``dhproc/rulesets/<id>/messages.py``:

    MESSAGES = catalogue("dh", {"unknown_ability": ("…{name}…", "… {name} …")})

and says ``say("dh.unknown_ability", name=...)`` (or ``MESSAGES.say("unknown_ability", ...)``).
A message is put into words where it is made, in the language of the running command:
:func:`use_lang` (the CLI's ``--lang``) sets it for everything below.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from .naming import current_roster, named_values, shown

if TYPE_CHECKING:
    import string

__all__ = ["MESSAGES", "say", "default_lang", "use_lang", "catalogue", "Catalog", "LANGS"]

LANGS = ("ja", "en")

PLURAL = ":plural:"  # ``{n:plural:square}``: "1 square", "3 squares"; ``{n:plural:die/dice}`` when irregular


@lru_cache(maxsize=None)
def _counted() -> "string.Formatter":
    """str.format with one more format spec, for English nouns after a number: ``{n:plural:card}``
    is ``1 card`` / ``2 cards``, ``{n:plural:die/dice}`` names both forms. Made on the first
    such message: the ``string`` module costs every command's start about a millisecond."""
    import string

    class Counted(string.Formatter):
        def format_field(self, value: object, format_spec: str) -> str:
            if not format_spec.startswith("plural:"):
                return super().format_field(value, format_spec)
            one, _, many = format_spec[len("plural:"):].partition("/")
            return f"{value} {one if value == 1 else (many or one + 's')}"

    return Counted()

# Every catalogue made, in the order made: tests/test_messages.py checks each entry has both
# languages with the same fields.
ALL_CATALOGS: list["Catalog"] = []


class Catalog:
    """One template per key and language, so every message a user reads exists in both."""

    def __init__(self, entries: dict[str, tuple[str, str]], prefix: str = ""):
        self.entries = entries
        self.prefix = prefix  # "dh" for dh's messages: their ids are "dh.<key>" to say()
        ALL_CATALOGS.append(self)

    def lang(self, lang: str) -> Callable[..., str]:
        index = LANGS.index(lang)

        def text(key: str, /, **values: object) -> str:
            template = self.entries[key][index]
            shown = named_values(values, lang)  # ids shown with their display names
            return _counted().format(template, **shown) if PLURAL in template else template.format(**shown)

        return text

    def say(self, key: str, lang: str | None = None, /, **values: object) -> str:
        """``key`` in ``lang``, by default the language of the running command (--lang,
        DHPROC_LANG, else Japanese)."""
        return self.lang(lang or default_lang())(key, **values)


_LANG: contextvars.ContextVar[str | None] = contextvars.ContextVar("dhproc_lang", default=None)
_BY_PREFIX: dict[str, Catalog] = {}


def default_lang() -> str:
    """The running command's language (:func:`use_lang`), else ``DHPROC_LANG`` when it names a
    language dhproc speaks, else Japanese."""
    chosen = _LANG.get()
    return chosen if chosen is not None else environment_lang()


def environment_lang() -> str:
    """``DHPROC_LANG`` when it names a language dhproc speaks, else Japanese: where a command
    starts from, whatever an earlier command in the same process chose."""
    lang = os.environ.get("DHPROC_LANG", "").strip().lower()
    return lang if lang in LANGS else "ja"


@contextlib.contextmanager
def use_lang(lang: str | None) -> Iterator[str]:
    """Messages made inside the block are in ``lang`` (None: :func:`default_lang`)."""
    token = _LANG.set(lang if lang in LANGS else default_lang())
    try:
        yield _LANG.get()
    finally:
        _LANG.reset(token)


def set_lang(lang: str | None) -> contextvars.Token:
    """:func:`use_lang` for a caller that cannot hold a ``with`` (a click callback): reset with
    the token it returns."""
    return _LANG.set(lang if lang in LANGS else default_lang())


def reset_lang(token: contextvars.Token) -> None:
    _LANG.reset(token)


def catalogue(prefix: str, entries: dict[str, tuple[str, str]]) -> Catalog:
    """A catalogue whose ids :func:`say` finds as ``<prefix>.<key>``."""
    if prefix in _BY_PREFIX:
        raise ValueError(f"two catalogues use the prefix {prefix!r}")
    found = Catalog(entries, prefix)
    _BY_PREFIX[prefix] = found
    return found


MESSAGES = Catalog({
    # names (dhproc/words/names.py)
    "name.unknown": ("{what}「{text}」は見つかりません{hint}", "unknown {what} '{text}'{hint}"),
    "name.did_you_mean": ("（もしかして：{names}）", " (did you mean {names}?)"),
    "name.known": ("（いるのは：{names}）", " (known: {names})"),
    "name.ambiguous": ("{what}「{text}」が複数に当てはまります：{names}（名前をもっと書いてください）",
                       "{what} '{text}' fits several: {names} (write more of the name)"),
    "name.read_as": ("「{text}」を{reading}と読みました", "'{text}' read as {reading}"),  # reading: naming.shown
    "what.character": ("キャラクター", "character"),
    "what.skill": ("スキル", "skill"),
    "list.sep": ("、", ", "),
    "list.or": ("、", " or "),
    # dhproc import (dhproc/words/textimport.py and each ruleset's grammar.py)
    "import.skipped": ("{no}行目は読み飛ばしました：{line}", "line {no} skipped: {line}"),
    "import.no_name": ("行頭にキャラクター名がありません。各キャラクターの行動は名前のあとに書いてください（例：{example}）",
                       "no character's name begins this line; write each character's action after its name, "
                       "e.g. {example}"),
    "import.cannot_read": ("「{rest}」（{name}）を読めません。例：{example}", "cannot read '{rest}' (for {name}); "
                                                                   "write e.g. {example}"),
    "import.two_sides": ("1つの投稿は1陣営の行動提出ですが、{count}陣営のキャラクターがいます（{detail}）。陣営ごとに分けて取り込んでください",
                         "one post is one side's submission, but it names characters of {count} sides ({detail}); "
                         "import each side's post separately"),
    "import.no_ability": ("{name}に特殊能力「{ability}」はありません（持っている能力：{has}）",
                          "{name} has no ability 「{ability}」 (its ability: {has})"),
    "import.none": ("なし", "none"),
    "import.object_without_ability": ("特殊能力なしの対象指定です。特殊能力→対象 と書いてください",
                                      "対象 without 特殊能力: write 特殊能力→対象"),
    "import.via_without_to": ("移動先のない経由です。Ｂ２→Ｂ４（Ｂ３経由）のように書いてください",
                              "経由 without a destination: write Ｂ２→Ｂ４（Ｂ３経由）"),
    "import.stay_and_move": ("移動なしと移動先の両方があります。どちらか一方にしてください",
                             "both 移動なし and a destination: keep one"),
    "import.wait_and_act": ("待機と行動の両方があります。どちらか一方にしてください", "both 待機 and an action: keep one"),
    "import.order_twice": ("行動順{n}が2回指定されています（{a}と{b}）", "行動順 {n} is given twice ({a} and {b})"),
    "import.starters": ("スタメンは行動順1〜5を1人ずつ指定してください（指定：{given}）",
                        "the starters need 行動順 1 to 5 once each (given: {given})"),
    "import.no_skill": ("{owner}スキル「{skill}」はありません：{hint}", "no skill 「{skill}」{owner}: {hint}"),
    "import.skill_owner": ("{name}の", " of {name}"),
    "import.cannot_read_choice": ("「{rest}」を読めません。対象選択は 燕ツバメ《戦術転換》→蓮見レン のように書いてください",
                                  "cannot read '{rest}'; write a choice as 燕ツバメ《戦術転換》→蓮見レン"),
    "import.cannot_read_line": ("この行を読めません。スタメンは {example} のように、または1.〜5.の番号付きで1行に1人、"
                                "対象選択は 燕ツバメ《戦術転換》→蓮見レン のように書いてください",
                                "cannot read this line; write the starters as {example}, or one per line numbered "
                                "1. to 5., and a choice as 燕ツバメ《戦術転換》→蓮見レン"),
    "import.second_post": ("陣営「{side}」の2つ目の投稿です。1陣営につき1投稿を取り込んでください",
                           "a second post for side '{side}'; import one post per side"),
    "import.nothing": ("取り込むものがありません（キャラクター名が見つかりません）", "nothing to import (no character's name found)"),
    "import.summary_fail": ("問題{n}件。何も書き込んでいません", "{n:plural:problem}; nothing written"),
    "import.wrote": ("{path}を書き込みました（{turn}ターン目：{sides}）", "wrote {path} (turn {turn}: {sides})"),
    "import.no_such_file": ("ファイル「{path}」がありません（投稿の文章は - で標準入力から渡すこともできます）",
                            "no such file: {path} (a post's text can also come on stdin, with -)"),
    "import.replaced": ("陣営「{side}」の提出は{path}にすでにありました。新しい投稿で置き換えます",
                        "{path} already had side '{side}''s submission; replaced by the new post"),
    "import.note": ("注：{note}", "note: {note}"),
    # the written turn file listed under the match's turns: (dhproc/inputs/turnlist.py)
    "import.listed": ("{match}の 'turns:' に{entry}を加えました", "added {entry} to 'turns:' in {match}"),
    "import.turn_listed_other": ("警告：{file}は{match}の 'turns:' に加えていません。そこでは{turn}ターン目は{other}で、"
                                 "resolve が読むのはそちらです",
                                 "warning: {file} is not added to 'turns:' in {match}: turn {turn} is {other} there, "
                                 "which is what resolve reads"),
    "import.inline_turn": ("対戦ファイルに書かれたターン", "the turn written in the match file"),
    "import.not_listed_outside": ("警告：{file}は{match}のフォルダの外にあるため、'turns:' に加えていません"
                                  "（対戦のフォルダの中に置いてください）",
                                  "warning: {file} is not added to 'turns:' in {match}: it lies outside the match's "
                                  "folder (keep turn files in it)"),
    "import.list_by_hand": ("警告：{match}の 'turns:' に{file}を書き加えられませんでした（dhprocが書き換えない書き方です）。"
                            "手で加えてください",
                            "warning: could not add {file} to 'turns:' in {match} (written in a way dhproc does not "
                            "edit): add it by hand"),
    "import.need_turn": ("--turn N を指定するか、--out を turn-03.yaml のような名前にしてください",
                         "give --turn N, or an --out name such as turn-03.yaml"),
    "import.no_grammar": ("ルール「{ruleset}」にはテキストの取り込みがまだありません", "ruleset '{ruleset}' has no text import yet"),
    "import.not_match": ("{ruleset}の対戦ファイルではありません（'ruleset: {ruleset}' とセットアップが必要です）",
                         "not a {ruleset} match file (with 'ruleset: {ruleset}' and a setup)"),
    # reading files (dhproc/documents/loading.py)
    "file.link_loop": ("開けません：シンボリックリンクが循環しています", "cannot open: the symbolic links loop"),
    "file.missing": ("ファイルがありません", "no such file"),
    "file.cannot_read": ("読めません：{reason}", "cannot read: {reason}"),
    "file.not_a_file": ("ファイルではありません", "not a file"),
    "file.too_big": ("ファイルが{size}あります。dhprocが読むのは{limit}までです", "file is {size}; dhproc reads at most {limit}"),
    "file.grew": ("ファイルが{limit}を超えました（読んでいる間に大きくなりました）", "file is larger than {limit}"),
    "file.not_utf8": ("UTF-8のテキストではありません（Shift_JISなどはUTF-8で保存し直してください）", "not UTF-8 text"),
    "yaml.long_number": ("{digits}桁の数です。dhprocが読む数は{limit}桁までです",
                         "a number of {digits} digits; dhproc takes at most {limit}"),
    "yaml.too_deep": ("入れ子が{limit}段より深くなっています", "nesting deeper than {limit} levels"),
    "yaml.too_deep_aliased": ("エイリアス（*{alias}）を展開すると入れ子が{limit}段より深くなります",
                              "the alias *{alias} expands to nesting deeper than {limit} levels"),
    "yaml.recursive_alias": ("エイリアス*{alias}が自分を含むアンカー&{alias}の中にあります（値が自分自身を含むことはできません）",
                             "the alias *{alias} is inside its own anchor &{alias}: a value cannot contain itself"),
    "yaml.tag_unread": ("タグ{tag}はdhprocでは読めません。タグを消して、ふつうの値（テキスト・数・リスト・対応）で書いてください",
                        "dhproc does not read the tag {tag}; remove it and write a plain value (text, number, list or mapping)"),
    "yaml.tag_mismatch": ("タグ{tag}の値として読めません：{shown}。タグを消すか、値を直してください",
                          "cannot read {shown} as {tag}; remove the tag or correct the value"),
    "yaml.too_many_aliases": ("エイリアス（*名前）が{limit}個を超えています。エイリアス爆弾を防ぐため読みません",
                              "more than {limit} aliases (*name); refused to protect against alias bombs"),
    "yaml.expands_values": ("エイリアス（*名前）を展開すると値が{limit}個を超えます。エイリアス爆弾を防ぐため読みません",
                            "the document expands to more than {limit} values through its aliases (*name); "
                            "refused to protect against alias bombs"),
    "yaml.expands_text": ("エイリアス（*名前）を展開するとテキストが{limit}を超えます。エイリアス爆弾を防ぐため読みません",
                          "the document expands to more than {limit} of text through its aliases (*name); "
                          "refused to protect against alias bombs"),
    "yaml.error": ("YAMLのエラー：{detail}", "YAML error: {detail}"),
    "yaml.syntax": ("YAMLの書き方の誤り：{detail}", "YAML syntax error: {detail}"),
    # click's own words (dhproc/cli/click_words.py); click fills in the {fields}
    "click.usage": ("使い方：", "Usage:"),
    "click.options": ("オプション", "Options"),
    "click.commands": ("コマンド", "Commands"),
    "click.arguments": ("引数", "Positional arguments"),
    "click.error": ("エラー：{message}", "Error: {message}"),
    "click.try_help": ("ヘルプは '{command} {option}' で表示されます。", "Try '{command} {option}' for help."),
    "click.missing_argument": ("引数がありません", "Missing argument"),
    "click.missing_option": ("オプションがありません", "Missing option"),
    "click.missing_parameter": ("指定がありません", "Missing parameter"),
    "click.missing_command": ("コマンドを指定してください。", "Missing command."),
    "click.no_such_option": ("オプション {name!r} はありません。", "No such option {name!r}."),
    "click.no_such_command": ("コマンド {name!r} はありません。", "No such command {name!r}."),
    "click.invalid_value_for": ("{param_hint} の値が正しくありません：{message}", "Invalid value for {param_hint}: {message}"),
    "click.invalid_value": ("値が正しくありません：{message}", "Invalid value: {message}"),
    "click.not_a_number": ("{value!r} は数（{number_type}）ではありません。", "{value!r} is not a valid {number_type}."),
    "click.not_in_range": ("{value} は範囲 {range} の外です。", "{value} is not in the range {range}."),
    "click.default": ("既定：{default}", "default: {default}"),
    "click.aborted": ("中止しました。", "Aborted!"),
    "click.did_you_mean": ("もしかして {possibility}？", "Did you mean {possibility}?"),
    "click.did_you_mean_one_of": ("（もしかして {possibilities} のどれか？）", "(Did you mean one of: {possibilities}?)"),
    "click.not_the_choice": ("{value!r} は使えません（{choice} だけです）。", "{value!r} is not {choice}."),
    "click.not_one_of": ("{value!r} は {choices} のどれでもありません。", "{value!r} is not one of {choices}."),
    "yaml.in_context": ("{problem}（{context}）", "{problem} ({context})"),
    # PyYAML's own phrases inside a syntax error (dhproc/documents/yaml_words.py)
    "yamlp.mapping_values": ("ここには「キー: 値」を書けません（値の中の「: 」は値を引用符で囲むか、前の行の字下げを確かめてください）",
                             "mapping values are not allowed here"),
    "yamlp.cannot_start": ("文字{char}はここに書けません", "found character {char} that cannot start any token"),
    "yamlp.expected_found": ("{expected}があるはずの所に{found}があります（字下げか括弧の閉じ忘れを確かめてください）",
                             "expected {expected}, but found {found}"),
    "yamlp.unexpected_end": ("ファイルが途中で終わっています（引用符や括弧の閉じ忘れ）", "found unexpected end of stream"),
    "yamlp.undefined_alias": ("定義されていないアンカー{name}を使っています（*名前 の前に &名前 が必要です）",
                              "found undefined alias {name}"),
    "yamlp.unknown_escape": ("「\\{char}」は使えないエスケープです（文字通りの \\ なら ' で囲んでください）",
                             "found unknown escape character {char}"),
    "yamlp.duplicate_anchor": ("アンカー{name}が2回定義されています（最初の定義）", "found duplicate anchor {name}; first occurrence"),
    "yamlp.second_occurrence": ("2回目の定義", "second occurrence"),
    "yamlp.unknown_escape_bare": ("使えないエスケープ（\\ のあとの文字）があります（文字通りの \\ なら ' で囲んでください）",
                                  "found unknown escape character"),
    "yamlp.expected_missing": ("{expected}が見つかりません（括弧の閉じ忘れを確かめてください）", "did not find expected {expected}"),
    "yamlp.no_colon": ("「:」が見つかりません", "could not find expected ':'"),
    "yamlp.unexpected_colon": ("ここに「:」は書けません", "found unexpected ':'"),
    "yamlp.no_key": ("キーが見つかりません（字下げを確かめてください）", "did not find expected key"),
    "yamlp.no_dash": ("リストの「- 」が見つかりません（字下げを確かめてください）", "did not find expected '-' indicator"),
    "yamlp.no_content": ("値が見つかりません", "did not find expected node content"),
    "yamlp.no_line_break": ("ここで行が終わるはずです（値のあとに余計な文字があります）", "did not find expected comment or line break"),
    "yamlp.tab": ("字下げにタブは使えません（半角スペースにしてください）", "found a tab character where an indentation space is expected"),
    "yamlp.in_simple_key": ("キーを読んでいる途中", "while scanning a simple key"),
    "yamlp.in_quoted": ("引用符で囲まれた文字列を読んでいる途中", "while scanning a quoted scalar"),
    "yamlp.in_alias": ("アンカーまたはエイリアスを読んでいる途中", "while scanning an alias"),
    "yamlp.in_block_scalar": ("複数行の文字列を読んでいる途中", "while scanning a block scalar"),
    "yamlp.in_next_token": ("次の要素を探している途中", "while scanning for the next token"),
    "yamlp.in_plain": ("文字列を読んでいる途中", "while scanning a plain scalar"),
    "yamlp.in_block_mapping": ("「キー: 値」の並びを読んでいる途中", "while parsing a block mapping"),
    "yamlp.in_block_collection": ("リストを読んでいる途中", "while parsing a block collection"),
    "yamlp.in_flow_sequence": ("[ ] のリストを読んでいる途中", "while parsing a flow sequence"),
    "yamlp.in_flow_mapping": ("{{ }} の対応を読んでいる途中", "while parsing a flow mapping"),
    "yamlp.in_node": ("値を読んでいる途中", "while parsing a node"),
    "yamlp.token_block_end": ("字下げの終わり", "<block end>"),
    "yamlp.token_stream_end": ("ファイルの終わり", "<stream end>"),
    "yamlp.token_mapping": ("「キー: 値」の始まり", "<block mapping start>"),
    "yamlp.token_sequence": ("リストの始まり", "<block sequence start>"),
    "yamlp.token_document": ("文書の始まり（---）", "<document start>"),
    "yamlp.token_scalar": ("値", "<scalar>"),
    "yamlp.token_key": ("キー", "'?'"),
    "yamlp.token_dash": ("リストの「-」", "'-'"),
    "yaml.control_char": ("文字U+{code}はYAMLのテキストに使えません", "character U+{code} is not allowed in YAML text"),
    "yaml.unreadable": ("読めない文字です：{reason}", "unreadable character: {reason}"),
    "yaml.key_not_text": ("キーはテキストでなければなりません（{shown}）。名前なら引用符で囲んでください",
                          "a key must be text, not {shown}; quote it if it is a name"),
    "yaml.full_width_indent": ("字下げに全角スペース（　）が使われています。字下げは半角スペースで書いてください",
                               "a full-width space (　) is used to indent; indent with half-width spaces"),
    "yaml.tab_indent": ("字下げにタブが使われています。YAMLの字下げは半角スペースで書いてください",
                        "a tab is used to indent; YAML indents with half-width spaces"),
    "yaml.full_width_colon": ("「{key}」の後ろのコロンが全角（：）です。半角の「: 」（コロンと半角スペース）にしてください",
                              "the colon after '{key}' is full-width (：); write a half-width ': ' (colon and space)"),
    "yaml.full_width_space_after_colon": ("「{key}:」の後ろが全角スペースです。半角スペースにしてください",
                                          "the space after '{key}:' is full-width (　); write a half-width space"),
    "yaml.duplicate_key": ("キー「{key}」が2回あります（1回目は{line}行目）", "duplicate key '{key}' (first at line {line})"),
    # match, turn and log files (dhproc/inputs/assembly.py, dhproc/logs.py)
    "match.not_mapping": ("キーと値の組が必要です：対戦ファイル（'ruleset:' あり）かターンファイル（'match:' あり）を書いてください",
                          "expected a mapping: a dhproc match file (with 'ruleset:') or turn file (with 'match:')"),
    "match.not_dhproc": ("dhprocのファイルではありません：対戦ファイルには 'ruleset:'、ターンファイルには 'match:' があります",
                         "not a dhproc file: a match file has 'ruleset:', a turn file has 'match:'"),
    "match.turn_outside": ("ターンファイル「{entry}」が対戦フォルダの外にあります", "turn file '{entry}' is outside the match folder"),
    "match.turn_twice_listed": ("ターンファイル「{entry}」が2回書かれています", "turn file '{entry}' is listed twice"),
    "match.turn_file": ("ターンファイル「{entry}」：{problem}", "turn file '{entry}': {problem}"),
    "match.other_match": ("このターンは対戦「{match}」のもので、このターンを並べている対戦のものではありません",
                          "this turn names match '{match}', not the match that lists it"),
    "match.folder_without_match": ("ファイルではなく、match.yaml のないフォルダです。対戦ファイル、ターンファイル、または対戦フォルダを指定してください",
                                   "not a file but a folder without match.yaml; give a match or turn file, or a match folder"),
    "match.not_match_file": ("対戦ファイルではありません：対戦ファイルには 'ruleset:' があります",
                             "not a match file: a match file has 'ruleset:'"),
    "match.outside_tree": ("対戦「{match}」がこのターンのフォルダの外にあります。ターンファイルは対戦のフォルダの中に置いてください",
                           "match '{match}' is outside this turn's folder tree; a turn file must lie in its match's folder"),
    "match.cannot_load": ("対戦「{match}」を読めません：{problem}", "cannot load match '{match}': {problem}"),
    "match.not_a_match": ("「{match}」は対戦ファイルではありません", "'{match}' is not a match file"),
    "match.unknown_ruleset": ("ルール「{ruleset}」はありません（あるのは：{known}）", "unknown ruleset '{ruleset}' (known: {known})"),
    "match.unknown_ruleset_log": ("ルール「{ruleset}」はありません", "unknown ruleset '{ruleset}'"),
    "turn.two_files": ("{turn}ターン目が2つのファイル（{a}と{b}）にあります。片方だけにしてください：対戦ファイルの 'turns:' から外すか、"
                       "turn-NN.yaml でない名前（例：turn-{nn}-old.yaml）に変えてください",
                       "turn {turn} is given by two files, {a} and {b}: keep one — take the other out of 'turns:' in "
                       "the match file, or rename it so that its name is not turn-NN.yaml (e.g. turn-{nn}-old.yaml)"),
    "turn.twice": ("{turn}ターン目が2回あります（{other}にも）", "turn {turn} is given twice (also in {other})"),
    "turn.before_start": ("{turn}ターン目は、この対戦が始まる{first}ターン目（セットアップの start_turn）より前です",
                          "turn {turn} comes before turn {first}, where this match starts (its setup's start_turn)"),
    "turn.gap": ("{turn}ターン目の前に{missing}ターン目がありません", "turn {turn} has no turn {missing} before it"),
    "turn.awaiting": ("{turn}ターン目は処理できません：{earlier}ターン目が「{side}」の行動提出を待っています",
                      "turn {turn} cannot be resolved: turn {earlier} still awaits the submission of '{side}'"),
    "turn.after_end": ("対戦は{decided}ターン目で決着しています。{turn}ターン目はありません",
                       "the match was decided in turn {decided}; turn {turn} is never played"),
    "turn.inline_only": ("ここに書けるのはその場のターンだけです（ターンファイルは読めません）", "only inline turns here (no turn files)"),
    "match.expected_mapping": ("対戦はキーと値の組で書いてください", "expected a match mapping"),
    # a turn-NN.yaml beside a match that is not read as one of its turns: warnings (README, "Files")
    "turns.beside_given": ("警告：このファイルは読みません。{turn}ターン目は{other}です（対戦ファイルの 'turns:' に並べたファイルと、"
                           "コマンドで指定したファイルが優先です）",
                           "warning: not read: turn {turn} is {other} (a file listed under 'turns:' in the match, or "
                           "given on the command line, comes first)"),
    "turns.beside_other_match": ("警告：対戦「{match}」のターンファイルなので、この対戦のターンとしては読みません",
                                 "warning: not read: a turn of match '{match}', not of this match"),
    "turns.beside_no_match": ("警告：'match:' で対戦ファイルを指していないので、ターンとしては読みません",
                              "warning: not read as a turn: it names no match file ('match:')"),
    "turns.beside_unreadable": ("警告：ターンとしては読みません：{problem}", "warning: not read as a turn: {problem}"),
    "turns.beside_outside": ("警告：対戦フォルダの外を指すリンクなので、読みません", "warning: not read: a link leading outside the match folder"),
    "api.bad_seed": ("seed={seed}：シードは整数か、NULを含まないテキストです", "seed={seed}: a seed is an integer or a text without NUL"),
    "api.bad_option": ("options[{key}]：{problem}", "options[{key}]: {problem}"),
    "log.not_log": ("dhprocのログではありません（\"format\": \"dhproc-log\" がありません）",
                    "not a dhproc log (no \"format\": \"dhproc-log\")"),
    "log.format": ("ログの形式{version}はこのdhprocでは読めません（読めるのは{reads}）",
                   "log format {version} is not read by this dhproc (reads {reads})"),
    "log.rng": ("ダイスの生成器「{rng}」は{ours}ではありません", "dice generator '{rng}' is not {ours}"),
    "log.awaiting": ("{turn}ターン目が「{side}」を待っています。続きを別の場所で始める前に、最後まで処理してください",
                     "turn {turn} still awaits '{side}': resolve it to the end before continuing the match elsewhere"),
    "log.decided": ("対戦は決着しています。続けるものはありません", "the match is decided: there is nothing to continue"),
    # replay (dhproc/replay.py)
    "replay.diverged": ("最初の食い違い：{where}", "first divergence at {where}"),
    "replay.both_sides": ("\n  ログ：  {recorded}\n  再処理：{replayed}", "\n  log:    {recorded}\n  replay: {replayed}"),
    "replay.where_event": ("{turn}ターン目のイベント{seq}", "turn {turn}, event {seq}"),
    "replay.where_status": ("{turn}ターン目の状態", "turn {turn} status"),
    "replay.where_turns": ("ターン数", "number of turns"),
    "replay.where_length": ("{where}（長さ）", "{where} (length)"),
    "replay.where_byte": ("{byte}バイト目（{line}行{col}列）", "byte {byte} (line {line}, column {col})"),
    "replay.other_version": ("このログは別のバージョンのdhprocが書いたものです。そのバージョンで再現するか、--other-version で残りを比べてください",
                             "the log was written by another dhproc: replay it with that version, "
                             "or pass --other-version to compare everything else"),
    "replay.resaved": ("{reason}。中身はdhprocのものですが、再現はバイト単位で比べます。dhprocが書くとおり（UTF-8、LF、字下げ2）に保存し直してください",
                       "{reason}; its content is dhproc's, but replay compares bytes: re-save it as dhproc writes it "
                       "(UTF-8, LF, indent 2)"),
    "replay.bom": ("ログの先頭にBOMがあります", "the log starts with a byte order mark"),
    "replay.crlf": ("ログの改行がCRLFです", "the log has CRLF line ends"),
    "replay.minified": ("ログが1行に詰められています", "the log is minified (one line)"),
    "replay.layout": ("ログの書き方（空白、キーの順、エスケープ）が違います", "the log is laid out differently (spacing, key order or escapes)"),
    "replay.ok": ("{name}：OK", "{name}: ok"),
    "log.page_without_log": ("このページにはログが埋め込まれていません（公開用のページは検証できません。GK用のページか .json を指定してください）",
                             "this page embeds no log (a public page cannot be verified: give the GK page or the .json)"),
    "render.no_font": ("{out}：日本語フォントがないため画像を書けません。fonts-ipafont-gothic（または fonts-noto-cjk）を入れてください（探した場所：{paths}）",
                       "{out}: no Japanese font, so no picture is written; install fonts-ipafont-gothic (or fonts-noto-cjk) (looked for: {paths})"),
    "render.no_resvg": ("{out}：PNGを書くには resvg-py が要ります（pip install 'dhproc[png]'）",
                        "{out}: writing a PNG needs resvg-py (pip install 'dhproc[png]')"),
    "render.no_output": ("--svg、--png、--html のどれかで書き出す先を指定してください",
                         "say where to write with --svg, --png or --html"),
    "render.no_step": ("ログにその時点がありません（{moment}）", "the log has no such moment ({moment})"),
    "render.turn": ("{turn}ターン目", "turn {turn}"),  # a ruleset's own word for its turn: "<id>.render.turn"
    "render.turn_noun": ("ターン", "turn"),  # the replay page's buttons and step label: "<id>.render.turn_noun"
    "render.turn_end": ("{title}　{moment}の終わり", "{title}, end of {moment}"),
    "render.phase_end": ("{title}　{moment} 第{phase}フェイズの終わり", "{title}, {moment}, end of phase {phase}"),
    "render.start": ("{title}　開始時", "{title}, at the start"),
    "replay.ok_other": ("{name}：OK（{generator}が書き、dhproc {version}で再現）",
                        "{name}: ok (written by {generator}, replayed by dhproc {version})"),
    "rate.not_dh": ("発動率の計算はdhの特殊能力のためのものです", "the 発動率 calculator is for dh abilities"),
    "rate.no_design": ("rate: の設計がある特殊能力がありません", "no ability here has a rate: design"),
    # recorded dice (dhproc/dice/stream.py)
    "dice.bad_face": ("記録されたダイス{n}個目は{face}ですが、{draw}回目の振り（{purpose}）はd{sides}です：出目は1〜{sides}",
                      "recorded die {n} is {face}, but draw {draw} ({purpose}) is a d{sides}: faces 1..{sides}"),
    "dice.ran_out": ("記録されたダイスが足りません：{draw}回目の振り（{purpose}、d{sides}）の出目がありません。リストに加えるか、"
                     "'then: seeded' でシードから続けてください",
                     "recorded dice ran out: draw {draw} ({purpose}, d{sides}) needs a die; add it to the list, or set "
                     "'then: seeded' to continue from the seed"),
    "dice.unused": ("記録されたダイスのうち{unused}個が使われていません：このターンで振ったのは{total}個中{drawn}個{went}。"
                    "使われていない最初のダイスは{first}個目＝{face}",
                    "{unused} recorded dice not used: this turn drew {drawn} of {total}{went}; first unused: die {first} = {face}"),
    "dice.went": ("（{runs}）", " ({runs})"),
    "dice.run": ("{a}個目はステップ「{step}」", "die {a} in step '{step}'"),
    "dice.run_many": ("{a}〜{b}個目はステップ「{step}」", "dice {a}–{b} in step '{step}'"),
    "dice.purpose_of": ("{who}の{purpose}", "{purpose} of {who}"),
    # dice pasted as a BCDice bot wrote them (dice_text:, dhproc/dice/bot_text.py)
    "dice_text.unreadable": ("dice_text {line}行目「{text}」はBCDiceの結果行として読めません：{reason}",
                             "dice_text line {line} '{text}' does not read as a BCDice result: {reason}"),
    "dice_text.no_command": ("「＞」の前に括弧で囲まれたコマンドがありません", "no bracketed command before '＞'"),
    "dice_text.no_result": ("「＞」の後に結果がありません", "nothing after '＞'"),
    "dice_text.not_a_face": ("「{text}」は出目ではありません", "'{text}' is not a face"),
    "dice_text.not_a_choice": ("「{chosen}」は選択肢にありません", "'{chosen}' is not one of the choices"),
    "dice_text.face_count": ("{command}の出目の数がコマンドと合いません", "the faces do not match the dice of {command}"),
    "dice_text.not_bcdice": ("{command}はBCDiceのコマンドではありません（2D9はdhprocだけの書き方です）",
                             "{command} is not a BCDice command (2D9 is written so only for dhproc)"),
    "dice_text.sides": ("dice_text {line}行目（{command}）の{notation}の{index}個目はd{got}ですが、{draw}回目の振り（{purpose}）はd{sides}です",
                        "dice_text line {line} ({command}): die {index} of {notation} is a d{got}, "
                        "but draw {draw} ({purpose}) is a d{sides}"),
    "dice_text.split": ("{draw}回目の振り（{purpose}）は同じ判定の{die}個目のダイスですが、dice_text {line}行目（{command}）では"
                        "新しい振り{notation}が始まっています：1回の判定は1回の振りで書いてください",
                        "draw {draw} ({purpose}) is die {die} of one check, but dice_text line {line} ({command}) "
                        "begins another roll, {notation}: write one check as one roll"),
    "dice_text.joined": ("dice_text {line}行目（{command}）の{notation}は{size}個のダイスですが、{used}個目の後の"
                         "{draw}回目の振り（{purpose}）は別の判定です",
                         "dice_text line {line} ({command}): {notation} has {size} dice, but draw {draw} ({purpose}) "
                         "after its die {used} is another check"),
    "dice_text.with_dice": ("dice: と dice_text: は同時に書けません：どちらか一方にしてください",
                            "dice: and dice_text: cannot both be given: keep one"),
    "dice_text.empty": ("dice_text にBCDiceの結果行（「＞」のある行）がありません",
                        "dice_text has no BCDice result line (a line with '＞')"),
    # dice expressions (dhproc/dice/expr.py, dhproc roll)
    "expr.number_too_long": ("数が長すぎます：{digits}桁（{limit}桁まで）", "number too long: {digits} digits (at most {limit})"),
    "expr.unexpected_char": ("使えない文字 {char} があります", "unexpected character {char}"),
    "expr.expected": ("{what}が必要ですが、{found}があります", "expected {what}, found {found}"),
    "expr.the_end": ("式の終わり", "the end of the expression"),
    "expr.token": ("「{text}」", "'{text}'"),
    "expr.want_number_or_paren_d": ("「D」の後に数か「(」", "a number or '(' after 'D'"),
    "expr.want_number_dice_paren": ("数、ダイス、または「(」", "a number, a die or '('"),
    "expr.want_close": ("「)」", "')'"),
    "expr.unexpected": ("余分な「{text}」があります", "unexpected '{text}'"),
    "expr.too_deep": ("括弧の入れ子が深すぎます（{limit}段まで）", "too deeply nested: more than {limit} levels of parentheses"),
    "expr.out_of_range": ("{name}は1〜{top}です（{value}）", "{name} must be 1 to {top}, got {value}"),
    "expr.count": ("ダイスの個数", "number of dice"),
    "expr.sides": ("ダイスの面数", "number of sides"),
    "expr.divisor": ("割る数", "a divisor"),
    "expr.no_dice_in": ("{name}にダイスは書けません", "{name} cannot contain dice"),
    "expr.no_dice_here": ("ここにダイスは書けません", "dice not allowed here"),
    "expr.not_text": ("式はテキストで渡してください（{kind}ではなく）", "expression must be text, not {kind}"),
    "expr.too_long": ("式が長すぎます：{length}文字（{limit}文字まで）", "expression too long: {length} characters (at most {limit})"),
    "expr.empty": ("式がありません", "empty expression"),
    "expr.too_many_dice": ("ダイスが多すぎます：{count}個（{limit}個まで）", "too many dice: {count} (at most {limit})"),
    "expr.bad_face": ("roll({sides})が{got}を返しました。出目は1〜{sides}です", "roll({sides}) gave {got}, not a face 1 to {sides}"),
    "expr.repeat_twice": ("繰り返しは1回だけ書けます", "a repeat cannot be repeated"),
    "expr.choice_items": ("choice[…] には空でない選択肢を2つ以上、「,」で区切って書きます",
                          "choice[…] takes two or more choices, none empty, separated by ','"),
    "expr.choice_many": ("選択肢が多すぎます（{limit}個まで）", "too many choices (at most {limit})"),
    "expr.barabara_range": ("バラバラロール（NBM）のダイスは合わせて1〜{limit}個、面数は1〜10000です",
                            "separate dice (NBM) are 1 to {limit} dice in all, of 1 to 10000 sides"),
    "expr.divide_by_zero": ("0で割っています", "division by zero"),
    "expr.repeat": ("繰り返し{times}回：1〜{limit}回にしてください", "repeat {times}: give 1 to {limit}"),
    # the command line (dhproc/cli/)
    "cli.cannot_write_stdout": ("<stdout>に書き込めません：{reason}", "cannot write <stdout>: {reason}"),
    "cli.internal_error": ("{name}：dhprocの内部エラーです。ファイルを添えて報告してください：{error}",
                           "{name}: internal error, please report it: {error}"),
    "cli.cannot_write": ("{names}に書き込めません：{reason}", "cannot write {names}: {reason}"),
    "cli.same_out_name": ("2つの入力がどちらも --out に「{name}.*」を書くことになります。別々に処理してください",
                          "two inputs would both write '{name}.*' in --out; resolve them in separate runs"),
    "cli.dice_plan_only": ("--dice-plan はダイスの予定を表示するだけです。--json や --out とは一緒に使えません",
                           "--dice-plan prints the plan only; it takes no --json or --out"),
    "cli.json_one_input": ("--json {path} に渡せる入力は1つです。複数なら --out DIR を使ってください",
                           "--json {path} takes one input; use --out DIR for a batch"),
    "cli.wrote_out": ("{name}：{shown}と{stem}.jsonを{folder}に書き込みました", "{name}: wrote {shown}, {stem}.json in {folder}"),
    "cli.plan_head": ("{name}：{turns}ターン目のダイス（振る順、シードのとおり。後のダイスは前の結果しだいで変わることがあります）",
                      "{name}: the dice of turn {turns}, in draw order, as the seed would draw them "
                      "(a later die can depend on an earlier result)"),
    "cli.plan_none": ("{name}：振るダイスはありません", "{name}: no dice to draw"),
    "cli.ok": ("{name}：OK", "{name}: ok"),
    "cli.fails_through": ("{name}：読み込む{files}に問題があるため、処理できません（上記）",
                          "{name}: not processed: {files}, which it reads, has problems (above)"),
    "cli.unknown_schema": ("スキーマ「{name}」はありません（あるのは：{known}）", "unknown schema '{name}' (known: {known})"),
    "cli.seed_too_long": ("エラー：--seed は200文字までです（{length}文字）", "error: --seed: at most 200 characters, not {length}"),
    "cli.dice_error": ("エラー：--dice：{message}", "error: --dice: {message}"),
    "cli.dice_missing": ("出目が足りません：{given}個の出目のあと、{n}個目のダイス（d{sides}）の出目がありません",
                         "too few faces: after the {given} given, die {n} (a d{sides}) has none"),
    "cli.dice_bad_face": ("{n}個目の出目{face}はd{sides}の目ではありません（1〜{sides}）",
                          "face {n}, {face}, is not a face of the d{sides} it is given to (1 to {sides})"),
    "cli.dice_left_over": ("出目が余っています：{given}個のうち振ったのは{drawn}個です（最初の余りは{face}）",
                           "faces left over: {given} given, the roll drew {drawn} (the first left over is {face})"),
    "cli.dice_not_faces": ("出目は「5,3,4」のように整数を「,」で区切って書きます（「{text}」）",
                           "give faces as whole numbers separated by ',', e.g. 5,3,4 (not '{text}')"),
    "cli.dice_and_seed": ("--dice と --seed は同時に使えません：出目を渡すならシードは使いません",
                          "--dice and --seed cannot be used together: given faces use no seed"),
    "cli.roll_secret": ("　（シークレットダイス）", "  (secret roll)"),
    "cli.expr_error": ("エラー：{text}：{column}文字目：{message}", "error: {text}: column {column}: {message}"),
    "cli.repeat_once": ("繰り返しは1か所で指定してください：ダイスの前の x3 か --times のどちらか",
                        "give the repeat once: x3 in front of the dice, or --times"),
    "cli.other_ruleset": ("{log}は「{found}」の対戦で、「{ruleset}」ではありません", "{log} is a '{found}' match, not '{ruleset}'"),
    "cli.wrote": ("{path}を書き込みました", "wrote {path}"),
    "cli.next": ("次は：dhproc resolve {path}", "next: dhproc resolve {path}"),
    "cli.folder_not_empty": ("フォルダが空ではありません。dhproc new はファイルを上書きしません",
                             "folder is not empty; dhproc new never overwrites files"),
    "simulate.variant_setup": ("別案の{what}が元の案と違います。別案は同じルールセット、陣営、キャラクター（ID）で、値や提出、ダイスを変えたものです",
                               "a variant's {what} differ from the plan's: a variant has the plan's ruleset, sides and characters (ids) and changes their values, submissions or dice"),
    "simulate.workers_lost": ("--jobs {jobs} の作業プロセスがバッチの途中で止まりました。スクリプトから dhproc.api.simulate(jobs=2 以上) を呼ぶときは if __name__ == '__main__': の下で呼んでください（各プロセスがスクリプトを読み込み直すため）",
                              "a worker process of --jobs {jobs} stopped before its batch was done; a script that calls dhproc.api.simulate with jobs of 2 or more calls it under if __name__ == '__main__': (each worker imports the script again)"),
    "cluster.no_dask": ("--scheduler には Dask が要ります：pip install 'dhproc[dask]'",
                        "--scheduler needs Dask: pip install 'dhproc[dask]'"),
    "cluster.no_scheduler": ("スケジューラ {address} に繋がりません：{reason}", "cannot reach the scheduler {address}: {reason}"),
    # --help (dhproc/cli/): "help.<command>" and "help.<command>.<option>"
    "help.dhproc": ("dhproc：行動提出から戦闘のターンを、何度でも同じ結果になるように処理します。",
                    "dhproc: resolve battle turns from action submissions, reproducibly."),
    "help.lang": ("ja か en（既定：DHPROC_LANG、なければ ja）。--help より前に書くとヘルプもその言語になります。",
                  "ja or en (default: DHPROC_LANG, else ja). Given before --help, the help is in it too."),
    "help.help": ("このヘルプを表示して終わります。", "Show this message and exit."),
    "help.version": ("バージョンを表示して終わります。", "Show the version and exit."),
    "help.resolve": ("対戦ファイルかターンファイル（または対戦フォルダ）を処理して、処理レポートを表示します。",
                     "Resolve match or turn files (or a match folder) and print the processing report."),
    "help.resolve.json_path": ("JSONのイベントログを PATH に書きます（- なら標準出力）。",
                               "Write the JSON event log to PATH (- for stdout)."),
    "help.resolve.out_dir": ("レポートと <name>.json をここに書きます（名前が重なれば <folder>-<name>）。"
                             "discord では <name>-01.md、<name>-02.md… と1メッセージ1ファイル、マップのあるメッセージには同じ番号の .png。",
                             "Write the report and <name>.json here (<folder>-<name> when names collide); "
                             "discord: <name>-01.md, <name>-02.md, ... one file per message, and a .png of the same "
                             "number beside each message that shows a map."),
    "help.resolve.fmt": ("discord：2,000文字未満のメッセージに分けます。wiki：atwikiの書式。",
                         "discord: messages under 2,000 characters; wiki: atwiki markup."),
    "help.resolve.all_turns": ("指定したターンだけでなく、全ターンをレポートします。", "Report every turn, not only the one given."),
    "help.resolve.view": ("public は、陣営にまだ見せないもの（秘密の特殊能力）を隠します。",
                          "public hides what a side may not see yet (secret abilities)."),
    "help.resolve.dice_plan": ("レポートするターンで振るダイスを、振る順に目的つきで並べます。処理はしません。",
                               "List the dice the reported turns will draw, in order, with their purpose; resolve nothing else."),
    "help.resolve.luck": ("レポートの後に、出目ごとの運（厳密な分布の中での順位：「上位3%の出目」）を表にします。",
                          "After the report, a table of each roll's luck (its rank within its exact distribution: "
                          "'a top-3% roll')."),
    "help.summary.luck": ("陣営ごとの運：出目の順位の平均と、いちばんの不運。", "Each side's luck: the mean rank of its rolls and its unluckiest moment."),
    "help.simulate": ("対戦（ターンファイルならそのターンまで）を、ダイスを振り直して何度も処理し、勝敗の見込みを表示します。",
                      "Resolve a match (a turn file: up to that turn) many times with fresh dice and print its odds."),
    "help.simulate.runs": ("処理する回数（run 0 … N−1）。", "How many runs (run 0 … N−1)."),
    "help.simulate.seed": ("シミュレーションの種（既定：対戦の seed）。run i の種はここから決まります（docs/dice.md）。",
                           "The simulation's seed (default: the match's); run i's seed comes from it (docs/dice.md)."),
    "help.simulate.jobs": ("使うプロセスの数。結果は数によらず同じです。", "Local processes to use; the figures are the same for any number."),
    "help.simulate.json_path": ("数値をJSONで PATH に書きます（- なら標準出力）。", "Write the figures as JSON to PATH (- for stdout)."),
    "help.simulate.until_ci": ("すべての区間の幅が POINTS ポイント未満になったら止めます（500回ごとに確かめます）。",
                               "Stop once every interval is narrower than POINTS percentage points (checked every 500 runs)."),
    "help.simulate.variants": ("同じ乱数で比べる別案（対戦かターンファイル）。差を組にして示します。",
                               "Another plan (a match or turn file) run on the same dice; the paired differences are shown."),
    "help.simulate.keep_through": ("このターンまでは記録されたダイスをそのまま使い、その後だけを振り直します。",
                                   "Keep the recorded dice of the turns up to TURN; vary only what follows."),
    "help.simulate.show_run": ("run K の処理レポートを表示します（その種で処理したものと同じ）。",
                               "Print run K's full report (the same as resolving with its seed)."),
    "help.simulate.scheduler": ("Daskクラスタのスケジューラ（tcp://host:8786）で処理します（dhproc[dask]）。",
                                "Run on the Dask cluster of this scheduler (tcp://host:8786; needs dhproc[dask])."),
    "help.replay.scheduler": ("Daskクラスタで確かめます（出力は手元と同じ。ログはワーカーからも同じパスで読めること）。",
                              "Verify on a Dask cluster (the same output as here; the workers must read the logs at the same paths)."),
    "help.odds": ("ターンファイルで提出された行動の、振る前の厳密な確率：判定の結果ごとの確率、段階ごとのダメージ分布、撃破の確率、確定n発・乱数n発と、その前提。",
                  "The exact odds of an action declared in a turn file, before the roll: each outcome's chance, the "
                  "damage after every step, the chance to knock out, the verdict (確定n発, 乱数n発) and what it assumes."),
    "help.odds.who": ("行動するキャラクターのID。", "The id of the character whose action it is."),
    "help.odds.target": ("対象のID（既定：提出に書かれた対象）。", "The target's id (default: the one the action names)."),
    "help.odds.action": ("行動のうちどれか（attack、ability、能力名…。既定：最初のもの）。",
                         "Which of the action's parts (attack, ability, a skill's name...; default: the first)."),
    "help.odds.as_json": ("数値をJSONで出力します（確率は分数）。", "Print the figures as JSON (chances as fractions)."),
    "help.validate": ("ファイルを確かめて（スキーマ、ID、マス、ターン、記録されたダイス）、問題をすべて場所つきで表示します。",
                      "Check files (schemas, ids, squares, turns, recorded dice); print every problem, located."),
    "help.ability": ("dhの特殊能力：能力の設計から発動率を計算します。", "dh abilities: compute 発動率 from an ability's design."),
    "help.ability.rate": ("rateファイル（rate:）か、dhの対戦の rate: 設計つきの特殊能力から発動率を計算します。",
                          "Compute 発動率 from a rate file (rate:) or a dh match's abilities with rate: designs."),
    "help.ability.tables": ("発動率の値の表（FILE がなければ同梱の表）と、足りないものを表示します。",
                            "Print the 発動率 value tables (the shipped ones without FILE) and what they lack."),
    "help.summary": ("ログから対戦をひと目で：撃破、ターンごとのDP、使われた特殊能力、結果。",
                     "The match at a glance from its log: kills, DP per turn, abilities used, the outcome."),
    "help.summary.fmt": ("出力の書式（text、markdown、discord、wiki）。", "The output format (text, markdown, discord, wiki)."),
    "help.replay": ("ログを自身の入力から処理し直します。ログとバイト単位で同じにならなければなりません"
                    "（最初の食い違いで終了コード1、違う箇所を示します）。GK用の再生ページ（.html）は埋め込まれたログを読みます。",
                    "Re-resolve logs from their own input; each must give the log's bytes exactly (exit 1 at "
                    "the first divergence, naming the part that differs). A GK replay page (.html) is read for "
                    "the log it embeds."),
    "help.replay.other_version": ("別のバージョンのdhprocが書いたログを、generator 以外すべて比べて再現します。",
                                  "Replay a log written by another dhproc version, comparing all but its generator."),
    "help.render": ("ログのマップ（マップのないルールでは状態表）をSVGかPNGに描くか、オフラインで再生できるページを書きます。",
                    "Draw a log's map (or state tables) as SVG or PNG, or write its offline replay page."),
    "help.render.svg_path": ("その時点のマップをSVGで書きます。", "Write the picture at that moment as SVG."),
    "help.render.png_path": ("その時点のマップをPNGで書きます（resvg-py と日本語フォントが要ります）。",
                             "Write the picture at that moment as PNG (needs resvg-py and a Japanese font)."),
    "help.render.html_path": ("対戦を1イベントずつ再生できる1ファイルのページを書きます。GK用はログを埋め込み、dhproc replay で検証できます。",
                              "Write a one-file page that plays the match event by event; the GK page embeds the log, "
                              "which dhproc replay verifies."),
    "help.render.turn": ("このターンの終わり（既定：最後のターン）。", "At the end of this turn (default: the last)."),
    "help.render.phase": ("ターンのこのフェイズの終わり。", "At the end of this phase of the turn."),
    "help.render.view": ("public は、陣営にまだ見せないものを隠します（公開用ページにはログを入れません）。",
                         "public hides what a side may not see yet (a public page holds no log)."),
    "help.schema": ("JSON Schema（match、turn、log、ルールごとの部分）を表示します。NAME がなければ一覧を表示します。",
                    "Print a JSON Schema (match, turn, log, or a ruleset's part); without NAME, list them."),
    "help.rulesets": ("ルールの一覧：ID、名前、版、オプションの数。", "List the rulesets: ids, names, versions, option counts."),
    "help.options": ("ルールの解釈オプションを、既定値と出典、理由つきで表示します。",
                     "List a ruleset's interpretation options with defaults and sources."),
    "help.roll": ("チャットで打つようにダイスを振ります：2D10、1D100<=65（≦ ＜ や全角数字も可）、2D6 攻撃判定（後ろはコメント）、"
                  "x3 1D100<=65（3回）、2D9（d100を2桁で読む）、BCDiceのコマンド：3B6>=4、D66、choice[A,B,C]、"
                  "S（シークレット）、3D6/2U。",
                  "Roll dice as typed in a chat: 2D10, 1D100<=65 (≦ ＜ and full-width digits too), 2D6 攻撃判定 "
                  "(a comment), x3 1D100<=65 (three times), 2D9 (a d100 read as two digits), and BCDice's "
                  "commands: 3B6>=4, D66, choice[A,B,C], S (secret), 3D6/2U."),
    "help.roll.seed": ("ダイスの乱数のシード（既定：毎回新しく決めて表示）。", "Seed of the dice stream (default: a fresh one, printed)."),
    "help.roll.faces": ("この出目を振る順に使います（例：5,3,4）。目の合わない出目、余り、不足はエラー。",
                       "Use these faces in draw order (e.g. 5,3,4); a face the die cannot show, faces left over "
                       "or missing are errors."),
    "help.roll.bcdice_lines": ("BCDiceが書くとおりの結果行を出します：(2D6>=7) ＞ 7[3,4] ＞ 7 ＞ 成功。",
                               "Print each result line as BCDice writes it: (2D6>=7) ＞ 7[3,4] ＞ 7 ＞ 成功."),
    "help.roll.as_json": ("結果をJSONのオブジェクトで出します：合計、成功・失敗、クリティカル・ファンブル、シークレット、"
                          "ダイスごとの面数と出目。",
                          "Print the result as a JSON object: the total, success / failure, critical / fumble, "
                          "secret, and every die with its sides and face."),
    "help.roll.times": ("N回振ります（前に x3 と書くのと同じ）。", "Roll it N times (like x3 in front)."),
    "help.import": ("プレイヤーが投稿したとおりの行動提出（陣営ごとの投稿ファイル、- で標準入力、またはテキストそのもの）を読み、"
                    "ターンファイルを書きます：山田太郎：Ｂ２→Ｂ４／通常攻撃→鈴木一郎",
                    "Read 行動提出 as players post them (a file per side's post, - for stdin, or the text itself) "
                    "and write the turn file: 山田太郎：Ｂ２→Ｂ４／通常攻撃→鈴木一郎."),
    "help.import.out_path": ("書き込むターンファイル（すでにある陣営はそのまま残します）。既定：表示するだけ。",
                             "The turn file to write (sides already in it are kept); default: print it."),
    "help.import.match_path": ("キャラクター名を引く対戦ファイル（既定：--out と同じ場所か、ここの match.yaml）。",
                               "The match whose characters are named (default: match.yaml beside --out, or here)."),
    "help.import.turn": ("ターン番号（既定：--out の名前から。turn-03.yaml なら3）。",
                         "The turn number (default: from --out: turn-03.yaml is 3)."),
    "help.new": ("RULESET の対戦フォルダを作ります。そのまま処理できます（またはログの続きから）。",
                 "Create a match folder for RULESET that resolves as written (or that continues a log)."),
    "help.new.from_log": ("このログの対戦の続き：セットアップはログの最後の状態、ターンはその次から。",
                          "Continue this log's match: the setup is its final state, turns start after its last."),
    # dhproc options (dhproc/cli/reference.py)
    "options.entry": ("{id}（{name}）　既定値：{default}　値：{allowed}　出典：{source}　条項：{clause}",
                      "{id} ({name})  default: {default}  allowed: {allowed}  source: {source}  clause: {clause}"),
    "options.columns": ("オプション|名前|既定値|値|出典|条項", "option|name|default|allowed|source|clause"),
    "options.reason": ("{id}（{name}）：{reason}", "{id} ({name}): {reason}"),
    "options.integer": ("整数 {lo}..{hi}", "integer {lo}..{hi}"),
    "rulesets.columns": ("ID|名前|版|オプション", "id|name|version|options"),
    "plan.columns": ("ターン|回|ステップ|目的|ダイス|確率|内容", "turn|draw|step|purpose|die|rate|about"),
    # conditions in setups (dhproc/engine/conditions.py)
    "cond.not_mapping": ("条件はキーと値の組です（{{of, attr, 比較}} か all/any/not）",
                         "a condition is a mapping ({{of, attr, OP}} or all/any/not)"),
    "cond.list_alone": ("「{word}」には条件のリストだけを書きます（ほかのキーは並べられません）",
                        "'{word}' takes a list of conditions and nothing beside it"),
    "cond.not_alone": ("「not」には条件を1つだけ書きます（ほかのキーは並べられません）", "'not' takes one condition and nothing beside it"),
    "cond.unknown_key": ("条件にキー「{key}」はありません（使えるのは：of, attr, {ops}, all, any, not）",
                         "unknown key '{key}' in a condition (allowed: of, attr, {ops}, all, any, not)"),
    "cond.one_op": ("比較は{ops}のうちちょうど1つで書いてください", "a comparison needs exactly one of {ops}"),
    "cond.op_kind": ("「{op}」は{subject}.{attr}（{kind}）には使えません", "'{op}' does not apply to {subject}.{attr} (a {kind})"),
    "cond.ref_key": ("キー「{key}」はありません（値の参照は of と attr で書きます）", "unknown key '{key}' (a value reference has of, attr)"),
    "cond.ref_kind": ("{subject}.{attr}は{kind}です。「{op}」にはここで{want}が必要です",
                      "{subject}.{attr} is a {kind}; '{op}' needs a {want} here"),
    "cond.value": ("比べる値は整数、語、または {{of, attr}} です", "the value compared with is a whole number, a word or {{of, attr}}"),
    "cond.word": ("「{op}」には語を1つ書きます（リストの項目1つ）", "'{op}' takes a word (one list item)"),
    "cond.number": ("{subject}.{attr}は数です。整数と比べてください", "{subject}.{attr} is a number; compare it with a whole number"),
    "cond.text": ("{subject}.{attr}は語です。語と比べてください", "{subject}.{attr} is a word; compare it with a word"),
    "cond.of_attr": ("比較する値は of（誰の）と attr（何を）で書きます", "a comparison names its value with 'of' (whose) and 'attr' (what)"),
    "cond.unknown_subject": ("「{subject}」は条件で参照できません（できるのは：{known}）", "unknown subject '{subject}' (known: {known})"),
    "cond.unknown_attr": ("「{subject}」に「{attr}」はありません（あるのは：{known}）", "'{subject}' has no '{attr}' (known: {known})"),
    "cond.kind_number": ("数", "number"),
    "cond.kind_text": ("語", "text"),
    "cond.kind_list": ("リスト", "list"),
    # interpretation options (dhproc/engine/options.py)
    "option.unknown": ("オプション「{key}」はありません（あるのは：{known}）", "unknown option '{key}' (known: {known})"),
    "option.one_of": ("オプション{id}は{choices}のどれかです", "option {id} must be one of {choices}"),
    "option.whole": ("オプション{id}は整数です", "option {id} must be a whole number"),
    "option.at_least": ("オプション{id}は{limit}以上です", "option {id} must be at least {limit}"),
    "option.at_most": ("オプション{id}は{limit}以下です", "option {id} must be at most {limit}"),
    # schema problems (dhproc/inputs/validation.py): each kind of jsonschema error in words
    "schema.unknown_key": ("キー「{key}」はありません{allowed}", "unknown key '{key}'{allowed}"),
    "schema.unknown_value": ("値「{value}」はありません{hint}", "unknown value '{value}'{hint}"),
    "schema.allowed": ("（使えるのは：{keys}）", " (allowed: {keys})"),
    "schema.not_allowed": ("{field}にはこれ以上キーを書けません", "{field} takes no further keys"),
    "schema.missing_key": ("キー「{key}」がありません", "missing key '{key}'"),
    "schema.missing_key_words": ("{words}（キー「{key}」）がありません", "{words} is missing (key '{key}')"),
    "schema.whole_number": ("{field}は整数で書いてください（{value}）", "{field} must be a whole number, not {value}"),
    "schema.type": ("{field}は{types}で書いてください（{value}）", "{field} must be {types}, not {value}"),
    "schema.empty": ("{field}が空です。{types}を書いてください（字下げがずれていないか確かめてください）",
                     "{field} is empty: write {types} (check the indentation)"),
    "schema.type_string": ("テキスト", "text"),
    "schema.type_integer": ("整数", "a whole number"),
    "schema.type_number": ("数", "a number"),
    "schema.type_boolean": ("true か false", "true or false"),
    "schema.type_object": ("キーと値の組（key: value）", "a mapping (key: value)"),
    "schema.type_array": ("リスト（- 項目 か [ ]）", "a list (- item or [ ])"),
    "schema.type_null": ("なし（null）", "nothing (null)"),
    "schema.enum": ("{field}は{choices}のどれかです（{value}）", "{field} must be one of {choices}, not {value}"),
    "schema.const": ("{field}は{value}と書いてください", "{field} must be {value}"),
    "schema.minimum": ("{field}は{limit}以上です（{value}）", "{field} must be at least {limit}, not {value}"),
    "schema.maximum": ("{field}は{limit}以下です（{value}）", "{field} must be at most {limit}, not {value}"),
    "schema.exclusiveMinimum": ("{field}は{limit}より大きい数です（{value}）", "{field} must be above {limit}, not {value}"),
    "schema.exclusiveMaximum": ("{field}は{limit}より小さい数です（{value}）", "{field} must be below {limit}, not {value}"),
    "schema.exactly": ("{field}は{n}{unit}必要です（{count}{unit}）", "{field}: {n} {unit} needed, {count} given"),
    "schema.minItems": ("{field}は{n}{unit}以上必要です（{count}{unit}）", "{field}: at least {n} {unit} needed, {count} given"),
    "schema.maxItems": ("{field}は{n}{unit}までです（{count}{unit}）", "{field}: too long, {count} {unit} (at most {n})"),
    "schema.minProperties": ("{field}は{n}{unit}以上必要です（{count}{unit}）", "{field}: at least {n} {unit} needed, {count} given"),
    "schema.maxProperties": ("{field}は{n}{unit}までです（{count}{unit}）", "{field}: too many {unit}, {count} (at most {n})"),
    "schema.empty_text": ("{field}が空です", "{field} is empty"),
    "schema.minLength": ("{field}は{n}文字以上です（{count}文字）", "{field}: at least {n:plural:character} needed, {count} given"),
    "schema.maxLength": ("{field}が長すぎます：{count}文字（{n}文字まで）", "{field}: too long, {count:plural:character} (at most {n})"),
    "schema.pattern": ("{field}の書き方が違います：{value}（形：{pattern}）", "{field} is not in its form: {value} (form: {pattern})"),
    "schema.key_form": ("{field}のキーの書き方が違います（英数字と _ - で書いてください）",
                        "a key of {field} is not in its form (write letters, digits, _ and -)"),
    "schema.unique": ("{field}に同じものが2回あります", "{field} lists the same entry twice"),
    "schema.several_forms": ("{field}が複数の書き方に当てはまります。どれか1つにしてください", "{field} fits several forms: keep one"),
    "schema.no_form": ("{field}はどの書き方にも合いません（{value}）", "{field} fits none of its forms ({value})"),
    "schema.invalid": ("{field}の値が正しくありません（{value}）", "{field} is not valid here ({value})"),
    "schema.the_file": ("ファイル全体", "the file"),
    "schema.item": ("{field}の{n}番目", "entry {n} of {field}"),
    "schema.key": ("「{key}」", "'{key}'"),
    "unit.entries": ("つ", "entries"),
    "unit.starters": ("人", "characters"),
    "unit.characters": ("人", "characters"),
    "unit.order": ("人", "characters"),
    "unit.targets": ("人", "targets"),
    "unit.sides": ("陣営", "sides"),
    "unit.submissions": ("陣営", "sides"),
    "unit.faces": ("個", "dice"),
    "unit.turns": ("ターン", "turns"),
    "field.starters": ("先発", "the starters"),
    "field.characters": ("キャラクター", "the characters"),
    "field.sides": ("陣営", "the sides"),
    "field.side": ("陣営", "the side"),
    "field.submissions": ("行動提出", "the submissions"),
    "field.setup": ("セットアップ", "the setup"),
    "field.options": ("オプション", "the options"),
    "field.title": ("タイトル", "the title"),
    "field.seed": ("シード", "the seed"),
    "field.turn": ("ターン番号", "the turn number"),
    "field.turns": ("ターン", "the turns"),
    "field.dice": ("ダイスの記録", "the recorded dice"),
    "field.faces": ("記録された出目", "the recorded faces"),
    "field.ruleset": ("ルール", "the ruleset"),
    "field.match": ("対戦ファイル", "the match file"),
    "field.name": ("名前", "the name"),
    "field.who": ("行動するキャラクター", "the character who acts"),
    "field.to": ("移動先", "the destination"),
    "field.ability": ("特殊能力", "the ability"),
    "field.abilities": ("特殊能力", "the abilities"),
    "field.targets": ("対象", "the targets"),
    "field.target": ("対象", "the target"),
    "field.skill": ("スキル", "the skill"),
    "field.skills": ("スキル", "the skills"),
    "field.choices": ("対象選択", "the choices"),
    "field.at": ("マス", "the square"),
    "field.map": ("マップ", "the map"),
    "field.rows": ("マップの行数", "the map's rows"),
    "field.cols": ("マップの列数", "the map's columns"),
    "field.walls": ("壁", "the walls"),
    "field.leader": ("リーダー", "the leader"),
    "field.order": ("行動順", "the action order"),
    "field.effects": ("効果", "the effects"),
    "field.activation": ("発動率", "the 発動率"),
    "field.duration": ("持続", "the duration"),
    "field.amount": ("量", "the amount"),
    "field.range": ("射程", "the range"),
    "field.stat": ("能力値", "the stat"),
    "field.summon": ("召喚するキャラクター", "the character to summon"),
    "field.then": ("記録が尽きた後", "what follows the record"),
    "field.dhproc": ("dhprocの版（dhproc: 1）", "the dhproc file version (dhproc: 1)"),
    "field.colors": ("色", "the colours"),
    "field.color": ("色", "the colour"),
    "field.master": ("マスター", "the master"),
    "field.areas": ("エリア", "the areas"),
    "field.weapons": ("武器", "the weapons"),
    "field.parts": ("部位", "the parts"),
    "field.placement": ("配置", "the placement"),
    "schema.name_line": ("名前は改行や制御文字を含まない1行のテキストです", "a name is one line of text: no line breaks or control characters"),
    "schema.self_range": ("自分が対象のスキルの射程は0です", "a skill on oneself has range 0"),
    "schema.title_line": ("タイトルは改行や制御文字を含まない1行のテキストです",
                          "the title is one line of text: no line breaks or control characters"),
    "schema.seed": ("シードは18桁までの整数か、200文字までのテキストです",
                    "the seed is a whole number of at most 18 digits, or text of at most 200 characters"),
    "schema.die_face": ("記録されたダイスは出目です：1からそのダイスの面数（10000まで）の整数",
                        "a recorded die is a face: a whole number from 1 to the sides of its die (at most 10000)"),
    "schema.count_square": ("マスは列A〜Iと行1〜9で書きます（例：E5）", "a square is a column A-I and a row 1-9, e.g. E5"),
    "schema.count_action": ("行動は move、escape、skill のどれかです", "an action is one of move, escape or skill"),
    "schema.kagemiya_rank": ("ランク（E D C B A A+ A++ EX、末尾に - も可）か0〜20の整数で書きます",
                             "a rank E D C B A A+ A++ EX (a trailing - allowed) or a whole number 0..20"),
    # a value quoted in a message (dhproc/errors.py)
    "quote.list": ("{n}項目のリスト", "a list of {n:plural:entry/entries}"),
    "quote.mapping": ("{n}項目のマッピング", "a mapping of {n:plural:entry/entries}"),
    "quote.length": ("（{length}文字）", " ({length:plural:character})"),
    "quote.message_cut": ("{text}…（{length}文字のメッセージを省略）", "{text}… (message of {length} characters cut)"),
    # characters of every ruleset (dhproc/engine/roster.py)
    "roster.not_side": ("「{side}」は陣営ではありません（陣営：{sides}）", "'{side}' is not a side (sides: {sides})"),
    "roster.skill_twice": ("スキル名「{name}」がこのキャラクターで2回使われています（1回目はスキル{first}）",
                           "skill name '{name}' is used twice by this character (first at skill {first})"),
})


def say(key: str, lang: str | None = None, /, **values: object) -> str:
    """The message ``key`` in ``lang`` (default: :func:`default_lang`)."""
    if key in MESSAGES.entries:
        return MESSAGES.say(key, lang, **values)
    prefix, _, rest = key.partition(".")
    found = _BY_PREFIX.get(prefix)
    if found is None or rest not in found.entries:
        raise KeyError(f"no message {key!r}")
    return found.say(rest, lang, **values)


def has_message(key: str) -> bool:
    """Whether :func:`say` knows ``key`` (a ruleset's optional word for a shared name)."""
    if key in MESSAGES.entries:
        return True
    prefix, _, rest = key.partition(".")
    found = _BY_PREFIX.get(prefix)
    return found is not None and rest in found.entries


def listed(items: Iterable[object], lang: str | None = None) -> str:
    """Items joined as a message lists them (、 / , ), each id of the roster shown with its name:
    ``セイバー陣営（red）、ランサー陣営（blue）``."""
    lang = lang or default_lang()
    roster = current_roster()
    texts = []
    for item in items:
        text = str(item)
        name = roster.display(text) if roster is not None else None
        texts.append(shown(text, name, lang))
    return say("list.sep", lang).join(texts)
