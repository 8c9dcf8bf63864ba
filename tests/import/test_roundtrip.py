"""The import round trip, per ruleset: a random valid submission of the example match, written as
a player would post it — in one of several phrasings, with headers, greetings, bullets, full- or
half-width text, names by display name, id or an unambiguous part, one line or several — reads
back to the same submission. The post is drawn, the submission it must give is known: nothing is
read back from the code under test to make the expectation."""

from __future__ import annotations

import os
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from dhproc import api
from dhproc.words.names import NameIndex

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ("dh", "count", "nicosw", "kagemiya", "logos")
SETUPS = {r: yaml.safe_load((ROOT / "examples" / r / "match.yaml").read_text(encoding="utf-8"))["setup"]
          for r in RULESETS}
PHRASINGS: Counter = Counter()  # (ruleset, phrasing) drawn, to show each is reached


def full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def half_width(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def characters(ruleset: str) -> dict[str, dict]:
    return SETUPS[ruleset]["characters"]


def parts(ruleset: str, cid: str) -> list[str]:
    """The unambiguous parts of a display name a player may write alone (鈴木 for 鈴木一郎, ミコト for
    天城ミコト): a front or an end of two characters or more that names only this character."""
    chars = characters(ruleset)
    index = NameIndex({c: d["name"] for c, d in chars.items()}, anywhere=True)
    name = chars[cid]["name"]
    pieces = {name[:n] for n in range(2, len(name))} | {name[n:] for n in range(1, len(name) - 1)}
    return sorted(p for p in pieces if len(p) >= 2 and index.resolve(p).id == cid)


@st.composite
def name_of(draw, ruleset: str, cid: str) -> str:
    """A character as a player names it."""
    forms = ["name", "id", "part"] if parts(ruleset, cid) else ["name", "id"]
    form = draw(st.sampled_from(forms))
    PHRASINGS[(ruleset, f"name:{form}")] += 1
    if form == "id":
        return draw(st.sampled_from([cid, cid.upper(), full_width(cid)]))
    if form == "part":
        return draw(st.sampled_from(parts(ruleset, cid)))
    return characters(ruleset)[cid]["name"]


def side_name(ruleset: str, side: str) -> str:
    sides = SETUPS[ruleset].get("sides", {})
    return sides.get(side, {}).get("name", side) if isinstance(sides.get(side), dict) else side


@st.composite
def dressed(draw, ruleset: str, side: str, lines: list[str]) -> str:
    """The post around its lines: a header, bullets, a greeting, blank lines, width."""
    name = side_name(ruleset, side)
    header = draw(st.sampled_from(["", f"【{name}】1ターン目", f"【2ターン目】{name}", f"{name}側 行動", f"{name} 2R",
                                   f"【{name} 行動提出】", "行動提出します"]))
    bullet = draw(st.sampled_from(["", "・", "- ", "● ", "◆"]))
    greeting = draw(st.sampled_from(["", "よろしくお願いします！", "以上です", "お疲れ様です"]))
    width = draw(st.sampled_from(["as drawn", "full", "half"]))
    PHRASINGS[(ruleset, f"header:{bool(header)}")] += 1
    PHRASINGS[(ruleset, f"width:{width}")] += 1
    body = [bullet + line if line.startswith(ENTRY_MARK) else line for line in lines]
    if width == "full":
        body = [full_width(line) for line in body]
    elif width == "half":
        body = [half_width(line) for line in body]
    text = [header] if header else []
    text += body
    if draw(st.booleans()):
        text.insert(len(text) // 2, "")  # a blank line somewhere
    if greeting:
        text.append(greeting)
    return "\n".join(text) + draw(st.sampled_from(["", "\n", "\n\n"]))


ENTRY_MARK = "\u2063"  # invisible separator: marks the lines that begin a character's entry (taken off below)


def entry(name: str, rest: str, sep: str) -> str:
    return f"{ENTRY_MARK}{name}{sep}{rest}"


def finish(post: str) -> str:
    return post.replace(ENTRY_MARK, "")


def read_back(ruleset: str, post: str) -> dict:
    result = api.import_posts(ruleset, [("post.txt", post)], ROOT / "examples" / ruleset / "match.yaml", lang="en")
    assert not result.problems, (post, result.problems)
    return result.submissions


NAME_SEP = st.sampled_from(["：", ":", " ", "　", "： "])


# --------------------------------------------------------------------------- dh

DH_SQUARES = [f"{c}{r}" for c in "ABCDE" for r in range(1, 8) if f"{c}{r}" not in ("A4", "C4", "E4")]


def dh_label(square: str) -> str:
    return full_width(square)


@st.composite
def dh_case(draw) -> tuple[str, dict]:
    chars = characters("dh")
    side = draw(st.sampled_from(["seitokai", "bancho"]))
    own = [c for c, d in chars.items() if d["side"] == side]
    foes = [c for c, d in chars.items() if d["side"] != side]
    who = draw(st.lists(st.sampled_from(own), min_size=1, max_size=len(own), unique=True))
    lines, actions = [], []
    for cid in who:
        action: dict = {"who": cid}
        clauses = []
        if draw(st.booleans()):
            to = draw(st.sampled_from(DH_SQUARES))
            at = chars[cid].get("at")
            forms = ["へ移動", "移動：", "bare"] + (["from"] if at else [])
            form = draw(st.sampled_from(forms))
            PHRASINGS[("dh", f"move:{form}")] += 1
            square = draw(st.sampled_from([to, to.lower(), full_width(to)]))
            clauses.append({"へ移動": f"{square}へ移動", "移動：": f"移動：{square}", "bare": square,
                            "from": f"{at}→{square}"}[form])
            action["to"] = dh_label(to)
        act = draw(st.sampled_from(["attack", "ability", "wait", "none"] if "ability" in chars[cid]
                                   else ["attack", "wait", "none"]))
        if act == "none" and "to" not in action:
            act = "wait"
        PHRASINGS[("dh", f"act:{act}")] += 1
        if act == "attack":
            target = draw(st.sampled_from(foes))
            name = draw(name_of("dh", target))
            clauses.append(draw(st.sampled_from([f"通常攻撃→{name}", f"攻撃：{name}", f"{name}を攻撃", f"{name}に攻撃"])))
            action["attack"] = target
        elif act == "ability":
            target = draw(st.sampled_from(foes))
            name = draw(name_of("dh", target))
            ability = chars[cid]["ability"]["name"]
            clauses.append(draw(st.sampled_from([f"特殊能力「{ability}」→{name}", f"「{ability}」→{name}",
                                                 f"能力→{name}"])))
            action["ability"] = {"targets": [target]}
        elif act == "wait":
            clauses.append(draw(st.sampled_from(["待機", "行動なし"])))
            action["wait"] = True
        sep = draw(st.sampled_from(["／", "/", " ", "、", "\n"]))
        text = sep.join(clauses)
        lines += entry(draw(name_of("dh", cid)), text, draw(NAME_SEP)).split("\n")
        actions.append(action)
    return finish(draw(dressed("dh", side, lines))), {side: actions}


# --------------------------------------------------------------------------- count

COUNT_SQUARES = [f"{c}{r}" for c in "ABCDEFGHI" for r in range(1, 10)]
SLOT_WORDS = ["{n}手番目 ", "第{n}手番 ", "手番{n} ", "({n}) ", "{circled} "]


@st.composite
def count_case(draw) -> tuple[str, dict]:
    chars = characters("count")
    side = draw(st.sampled_from(["pcs", "enemies"]))
    own = [c for c, d in chars.items() if d["side"] == side]
    foes = [c for c, d in chars.items() if d["side"] != side]
    who = draw(st.lists(st.sampled_from(own), min_size=1, max_size=len(own), unique=True))
    lines: list[str] = []
    sub: dict = {"plans": {}, "reactions": {}}
    for cid in who:
        skills = [s for s in chars[cid]["skills"] if s["timing"] == "main_action"]
        plans, turns = [], []
        for n in range(1, draw(st.integers(1, 2)) + 1):
            plan: dict = {}
            words = []
            if draw(st.booleans()):
                to = draw(st.sampled_from(COUNT_SQUARES))
                sub_word = draw(st.sampled_from(["サブ：", "サブ ", "SA ", "サブアクション："]))
                words.append(f"{sub_word}{to}へ移動" if draw(st.booleans()) else f"{sub_word}移動：{to}")
                plan["sub_action"] = {"move": {"to": to}}
            skill = draw(st.sampled_from(skills))
            target = draw(st.sampled_from(foes))
            name = draw(name_of("count", target))
            main_word = draw(st.sampled_from(["メイン：", "メイン ", "MA ", "MA：", ""]))
            forms = [f"{skill['name']}→{name}", f"《{skill['name']}》→{name}", f"{name}に《{skill['name']}》",
                     f"「{skill['name']}」対象：{name}"]
            if skill.get("normal"):
                forms += [f"通常攻撃→{name}", f"{name}を攻撃"]
            form = draw(st.sampled_from(forms))
            PHRASINGS[("count", "main:" + form.replace(name, "X").replace(skill["name"], "S"))] += 1
            words.append(main_word + form)
            plan["main_action"] = {"skill": skill["name"], "targets": [target]}
            plans.append(plan)
            slot = draw(st.sampled_from(SLOT_WORDS)).format(n=n, circled="①②"[n - 1])
            turns.append(slot + draw(st.sampled_from(["／", " ", "　"])).join(words))
        reactions: dict = {}
        if draw(st.booleans()):
            ca = draw(st.booleans())
            reactions["ca"] = ca
            said = draw(st.sampled_from(["CA：する", "CAあり", "CA:する"] if ca else ["CA：しない", "CAしない", "CAなし"]))
            turns.append(said)
        layout = draw(st.sampled_from(["one line", "a line per turn"]))
        PHRASINGS[("count", f"layout:{layout}")] += 1
        name = draw(name_of("count", cid))
        if layout == "one line":
            lines.append(entry(name, "／".join(turns), draw(NAME_SEP)))
        else:
            lines.append(entry(name, "", ""))
            lines += turns
        sub["plans"][cid] = plans
        if reactions:
            sub["reactions"][cid] = reactions
    return finish(draw(dressed("count", side, lines))), {side: {k: v for k, v in sub.items() if v}}


# --------------------------------------------------------------------------- nicosw

@st.composite
def nicosw_case(draw) -> tuple[str, dict]:
    chars = characters("nicosw")
    side = draw(st.sampled_from(["allies", "enemies"]))
    own = [c for c, d in chars.items() if d["side"] == side]
    foes = [c for c, d in chars.items() if d["side"] != side]
    who = draw(st.lists(st.sampled_from(own), min_size=1, max_size=len(own), unique=True))
    lines, goes = [], {}
    for cid in who:
        clauses, go = [], []
        for _ in range(draw(st.integers(0, 2))):
            kind = draw(st.sampled_from(["move", "careful", "melee", "ranged"] +
                                        (["skill"] if chars[cid].get("skills") else [])))
            slot = draw(st.sampled_from(["", "補助 ", "主 "]))
            PHRASINGS[("nicosw", f"{kind}:{slot.strip() or 'no slot'}")] += 1
            action: dict
            if kind in ("move", "careful"):
                to = draw(st.integers(0, 13))
                word = "通常移動" if kind == "move" else "警戒移動"
                text = draw(st.sampled_from([f"{word}→{to}", f"{word}：{to}"]))
                action = {"do": "move", "mode": "normal_move" if kind == "move" else "careful_move", "to": to}
            elif kind in ("melee", "ranged"):
                target = draw(st.sampled_from(foes))
                name = draw(name_of("nicosw", target))
                word = "近接攻撃" if kind == "melee" else "遠距離攻撃"
                text = draw(st.sampled_from([f"{word}→{name}", f"{name}に{word}"]))
                action = {"do": kind, "target": target}
            else:
                skill = draw(st.sampled_from(chars[cid]["skills"]))
                target = draw(st.sampled_from(foes))
                name = draw(name_of("nicosw", target))
                text = draw(st.sampled_from([f"《{skill['name']}》→{name}", f"{skill['name']}→{name}",
                                             f"スキル：{skill['name']}→{name}", f"{name}に《{skill['name']}》を使用"]))
                action = {"do": "skill", "skill": skill["id"], "target": target}
            if slot:
                action["slot"] = "minor_action" if slot.startswith("補助") else "major_action"
            clauses.append(slot + text)
            go.append(action)
        if not clauses:
            clauses.append(draw(st.sampled_from(["待機", "行動なし"])))
        lines += entry(draw(name_of("nicosw", cid)), draw(st.sampled_from(["／", "、", "\n"])).join(clauses),
                       draw(NAME_SEP)).split("\n")
        goes[cid] = go
    return finish(draw(dressed("nicosw", side, lines))), {side: {"goes": goes}}


# --------------------------------------------------------------------------- kagemiya

@st.composite
def kagemiya_case(draw) -> tuple[str, dict]:
    chars = characters("kagemiya")
    side = draw(st.sampled_from(["red", "blue", "green"]))
    own = [c for c, d in chars.items() if d["side"] == side and d["row"] == "front"]
    foes = [c for c, d in chars.items() if d["side"] != side]
    who = draw(st.lists(st.sampled_from(own), min_size=1, max_size=len(own), unique=True))
    lines, actions = [], []
    for cid in who:
        kind = draw(st.sampled_from(["physical", "magical", "escape", "pass"]))
        PHRASINGS[("kagemiya", kind)] += 1
        action: dict = {"actor": cid, "do": kind}
        if kind in ("physical", "magical"):
            target = draw(st.sampled_from(foes))
            name = draw(name_of("kagemiya", target))
            word = "物理攻撃" if kind == "physical" else "魔術攻撃"
            short = word[:2]
            text = draw(st.sampled_from([f"{word}→{name}", f"{name}に{word}", f"{word}：{name}",
                                         f"{short}で{name}を攻撃"]))
            action["target"] = target
            usable = [s for s in chars[cid].get("skills", []) if kind + "_attack" in s.get("on", [])]
            if usable and draw(st.booleans()):
                skill = draw(st.sampled_from(usable))
                said = draw(st.sampled_from([skill["name"], skill["id"]]))
                text += draw(st.sampled_from([f"（{said}）", f"《{said}》", f" スキル：{said}"]))
                action["use"] = [skill["id"]]
        else:
            text = {"escape": "逃走", "pass": draw(st.sampled_from(["待機", "パス", "行動なし"]))}[kind]
        lines.append(entry(draw(name_of("kagemiya", cid)), text, draw(NAME_SEP)))
        actions.append(action)
    return finish(draw(dressed("kagemiya", side, lines))), {side: {"actions": actions}}


# --------------------------------------------------------------------------- logos

@st.composite
def logos_case(draw) -> tuple[str, dict]:
    chars = characters("logos")
    side = draw(st.sampled_from(["alice", "bob"]))
    own = [c for c, d in chars.items() if d["side"] == side]
    starters = draw(st.permutations(own).map(lambda p: p[:5]))
    names = [draw(name_of("logos", c)) for c in starters]
    form = draw(st.sampled_from(["heading", "arrows", "numbered lines", "numbered on one line", "a name a line"]))
    PHRASINGS[("logos", form)] += 1
    if form == "heading":
        sep = draw(st.sampled_from(["、", "/", "→", " "]))
        lines = [draw(st.sampled_from(["スタメン：", "先発：", "行動順："])) + sep.join(names)]
    elif form == "arrows":
        lines = [draw(st.sampled_from(["→", "->", " → "])).join(names)]
    elif form == "numbered lines":
        order = draw(st.permutations(range(5)))
        lines = [draw(st.sampled_from(["{n}. {name}", "{n}){name}", "({n}) {name}"])).format(n=i + 1, name=names[i])
                 for i in order]
    elif form == "numbered on one line":
        lines = [" ".join(f"{i + 1}{n}" for i, n in enumerate(names))]
    else:
        lines = names
    return finish(draw(dressed("logos", side, lines))), {side: {"starters": starters}}


CASES = {"dh": dh_case, "count": count_case, "nicosw": nicosw_case, "kagemiya": kagemiya_case, "logos": logos_case}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_random_valid_submission_posted_in_any_phrasing_reads_back_the_same(ruleset: str) -> None:
    @settings(max_examples=int(os.environ.get("ROUNDTRIP_EXAMPLES", "150")), deadline=None)
    @given(CASES[ruleset]())
    def round_trip(case: tuple[str, dict]) -> None:
        post, submission = case
        assert read_back(ruleset, post) == submission, post

    round_trip()
    reached = {k for (r, k) in PHRASINGS if r == ruleset}
    assert len(reached) >= 5, reached  # the phrasings are drawn, not one form over and over
