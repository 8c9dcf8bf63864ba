"""Mutation fuzzing of every ruleset's files through the dhproc command: `make fuzz`.

    python tools/fuzz.py --seconds 600 --seed 1     # FUZZ_SECONDS / FUZZ_SEED in make fuzz
    python tools/fuzz.py --seed 1 --cases 5000 --seconds 1e9   # exactly the first 5000 cases again

Seeds are the template of every registered ruleset and every example folder under
examples/<ruleset>/ (so a new ruleset is fuzzed as soon as it is registered), each also with its
first turn written inside the match and the rest left as unlisted turn files, and the log each
resolves to. Each case copies one seed folder, breaks one file with one to three operators, and
runs `validate`, `resolve` or `replay` on it in-process. A case fails when dhproc:

- exits 3 or lets an exception escape (a bug in dhproc, never in the input),
- takes longer than --case-seconds (a hang),
- exits 1 with a message line that is not ``file:line:col: message`` (an unlocated problem;
  ``name: no such file`` and a replay's ``first divergence`` are the two located otherwise).

A failing case is written to tests/regressions/<id>/ (its files and case.json), which
tests/test_regressions.py replays in the suite. The figures are printed at the end.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from click.testing import CliRunner  # noqa: E402

from dhproc.cli import cli  # noqa: E402
from dhproc.engine.ruleset import ruleset_ids  # noqa: E402

REGRESSIONS = ROOT / "tests" / "regressions"
LOCATED = re.compile(r"^[^\n]+?:\d+:\d+: \S")
# in either language (dhproc/words/messages.py: file.missing, replay.diverged)
ALSO_LOCATED = re.compile(r"^[^\n]+?: (no such file|first divergence at |ファイルがありません|最初の食い違い：)")


# --------------------------------------------------------------------------- seeds

@dataclass
class Seed:
    ruleset: str
    name: str
    files: dict[str, bytes] = field(default_factory=dict)


def seeds() -> list[Seed]:
    from importlib.resources import files

    from dhproc import api

    found = []
    for rid in ruleset_ids():
        folders = [("template", files(f"dhproc.rulesets.{rid}").joinpath("template"))]
        folders += [(str(p.parent.relative_to(ROOT)), p.parent) for p in sorted((ROOT / "examples" / rid).rglob("match.yaml"))]
        for name, folder in folders:
            seed = Seed(rid, name, {p.name: p.read_bytes() for p in folder.iterdir() if p.name.endswith(".yaml")})
            variants = [seed] + ([inlined] if (inlined := _first_turn_inline(seed)) else [])
            for variant in variants:
                log = _log_of(api, variant.files)
                if log is not None:  # a seed that does not resolve is fuzzed without a log
                    variant.files["log.json"] = log
                found.append(variant)
    return found


def _log_of(api, files: dict[str, bytes]) -> bytes | None:
    with tempfile.TemporaryDirectory() as d:
        for fname, data in files.items():
            (Path(d) / fname).write_bytes(data)
        try:
            return api.dumps(api.resolve(api.load(Path(d) / "match.yaml"))).encode("utf-8")
        except Exception:  # noqa: BLE001 - any failure: the seed simply has no log
            return None


TURNS_LINE = re.compile(rb"(?m)^turns: \[.*\]$")


def _first_turn_inline(seed: Seed) -> Seed | None:
    """The seed with its first turn written inside the match and the others left as unlisted
    turn-NN.yaml files beside it: turns counted before their schema has passed (an inline turn's
    number), and the folder's own turn files claiming the turns no listed one gives."""
    import yaml

    match, first = seed.files.get("match.yaml", b""), seed.files.get("turn-01.yaml")
    if first is None or not TURNS_LINE.search(match):
        return None
    turn = {k: v for k, v in yaml.safe_load(first.decode("utf-8")).items() if k not in ("dhproc", "match")}
    inline = json.dumps(turn, ensure_ascii=False).encode("utf-8")
    files = {k: v for k, v in seed.files.items() if k != "turn-01.yaml"}
    files["match.yaml"] = TURNS_LINE.sub(lambda _: b"turns:\n  - " + inline, match, count=1)
    return Seed(seed.ruleset, seed.name + " (turn 1 inline)", files)


# --------------------------------------------------------------------------- operators

NUMBER = re.compile(rb"(?<![\w.])-?\d+(?![\w.])")
SCALAR = re.compile(rb"(?<=: )[^\s{}\[\],#][^,}\]\n#]*")


def _pick(rng: random.Random, data: bytes, rx: re.Pattern) -> re.Match | None:
    hits = list(rx.finditer(data))
    return rng.choice(hits) if hits else None


def _replace(data: bytes, m: re.Match | None, new: bytes) -> bytes:
    return data if m is None else data[:m.start()] + new + data[m.end():]


def op_bytes(rng, data):
    i = rng.randrange(len(data) + 1)
    kind = rng.randrange(3)
    if kind == 0:
        return data[:i] + bytes([rng.randrange(256)]) + data[i:]
    if kind == 1:
        return data[:i] + data[i + rng.randrange(1, 8):]
    return data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]


def op_lines(rng, data):
    lines = data.split(b"\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    kind = rng.randrange(3)
    if kind == 0:
        lines.insert(j, lines[i])
    elif kind == 1:
        del lines[i]
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def op_truncate(rng, data):
    return data[:rng.randrange(len(data) + 1)]


def op_invalid_utf8(rng, data):
    i = rng.randrange(len(data) + 1)
    return data[:i] + rng.choice([b"\xff", b"\xc3", b"\x80\x80", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80"]) + data[i:]


def op_extreme_number(rng, data):
    new = rng.choice([b"0", b"-1", b"-0", b"2147483648", b"9" * 19, b"9" * 41, b"9" * 4301, b"-" + b"9" * 5000,
                      b"0x" + b"f" * 5000, b"1e308", b"1e999", b"-1e999", b".nan", b".inf", b"-.inf",
                      b"0o777", b"0x10", b"1_000", b"+5"])
    return _replace(data, _pick(rng, data, NUMBER), new)


def op_float_number(rng, data):
    m = _pick(rng, data, NUMBER)
    return _replace(data, m, (m.group(0) + rng.choice([b".0", b".5", b"e0"])) if m else b"")


def op_type_swap(rng, data):
    new = rng.choice([b"[]", b"{}", b"null", b"~", b"true", b"false", b"'text'", b"[1, 2]", b"{a: 1}", b"1.5", b"''"])
    return _replace(data, _pick(rng, data, SCALAR), new)


def op_deep_nesting(rng, data):
    depth = rng.choice([10, 63, 64, 65, 200, 5000])
    new = b"[" * depth + b"1" + b"]" * depth if rng.randrange(2) else b"{a: " * depth + b"1" + b"}" * depth
    return _replace(data, _pick(rng, data, SCALAR), new)


def op_long_string(rng, data):
    n = rng.choice([61, 201, 1025, 100_000, 3_000_000])
    return _replace(data, _pick(rng, data, SCALAR), rng.choice([b"x", "長".encode("utf-8"), b"A1"]) * n)


def op_aliases(rng, data):
    m = _pick(rng, data, SCALAR)
    if m is None:
        return data
    data = data[:m.start()] + b"&a " + data[m.start():]
    for _ in range(rng.choice([1, 5, 101])):
        data = _replace(data, _pick(rng, data[m.end() + 3:], SCALAR) and None, b"")  # keep positions simple
        n = _pick(rng, data, SCALAR)
        if n is not None and n.start() > m.end() + 3:
            data = data[:n.start()] + b"*a" + data[n.end():]
    return data


def op_unicode(rng, data):
    kind = rng.randrange(6)
    if kind == 0:  # full-width digits
        return re.sub(rb"\d", lambda d: chr(0xFF10 + int(d.group(0))).encode("utf-8"), data, count=rng.randrange(1, 6))
    i = rng.randrange(len(data) + 1)
    if kind == 1:
        return data[:i] + "\u200b".encode("utf-8") + data[i:]
    if kind == 2:
        return b"\xef\xbb\xbf" + data if rng.randrange(2) else data[:i] + b"\xef\xbb\xbf" + data[i:]
    if kind == 3:
        return data.replace(b"\n", b"\r\n")
    if kind == 4:
        return data[:i] + b"\x00" + data[i:]
    return data[:i] + rng.choice(["\u3000", "\u2028", "\ufffe", "\U0001f600", "\u0301"]).encode("utf-8") + data[i:]


def op_escapes(rng, data):
    """A double-quoted text with an escape in place of a value, or an escape put inside a quoted
    text: lone and paired UTF-16 surrogates (JSON allows them, no text holds a lone one), NUL,
    YAML's own escapes."""
    escape = rng.choice([rb"\ud800", rb"\udfff", rb"\uDC00", rb"\ud83d\ude00", rb"\u0000", rb"\x00", rb"\N",
                         rb"\/", rb"\U0010ffff", rb"\U00110000", rb"\t"])
    quoted = _pick(rng, data, QUOTED)
    if quoted is not None and rng.randrange(2):
        return data[:quoted.start() + 1] + escape + data[quoted.start() + 1:]
    return _replace(data, _pick(rng, data, SCALAR), b'"' + escape + b'"')


QUOTED = re.compile(rb'"[^"\\\n]*"')


def op_explicit_tag(rng, data):
    """A scalar given an explicit tag: those dhproc reads (!!str, !!int on a number …), those it
    does not (!!set, !!omap, !!pairs, !!binary, !!timestamp, a local tag) and !!int / !!float on text."""
    tag = rng.choice([b"!!str", b"!!int", b"!!float", b"!!bool", b"!!null", b"!!set", b"!!omap", b"!!pairs",
                      b"!!binary", b"!!timestamp", b"!!map", b"!!seq", b"!local", b"!<tag:example.com,2026:x>",
                      b"!", b"!!python/object"])
    m = _pick(rng, data, SCALAR)
    if m is None:
        return data
    if rng.randrange(3) == 0:  # a whole tagged value in place of the scalar
        new = rng.choice([b'!!int ""', b"!!float 1, x", b"!!set {a, b}", b"!!omap [{a: 1}]", b"!!pairs [[a, 1]]",
                          b"!!binary aGk=", b"!!timestamp 2026-12-01", b"!!int 1.5", b"!!float abc", b"!!bool maybe",
                          b"!!null x", b"!!str [1]", b"!!map [1]", b"!!seq {a: 1}", b"!x {}"])
        return _replace(data, m, new)
    return data[:m.start()] + tag + b" " + data[m.start():]


def op_self_alias(rng, data):
    """An anchor whose node contains its own alias: `&r [*r]` in place of a value, or an anchor on
    a flow mapping or list of the file aliased inside it (`- &a {x: *a}`)."""
    if rng.randrange(2):
        new = rng.choice([b"&r [*r]", b"&r {x: *r}", b"&r [1, [2, *r]]", b"&r {a: {b: *r}}", b"&r {<<: *r}"])
        return _replace(data, _pick(rng, data, SCALAR), new)
    opening = _pick(rng, data, FLOW_OPEN)
    if opening is None:
        return data
    line_end = data.find(b"\n", opening.end())
    inner = list(SCALAR.finditer(data, opening.end(), line_end if line_end >= 0 else len(data)))
    if not inner:
        return data
    m = rng.choice(inner)
    data = data[:m.start()] + b"*a" + data[m.end():]
    return data[:opening.start()] + b"&a " + data[opening.start():]


def op_non_scalar(rng, data):
    """A collection where a scalar belongs: nested lists, a list of mappings, a set, a mapping keyed
    by a list (`turn: [[[1]]]`, `turn: !!set {a, b}`)."""
    new = rng.choice([b"[[[1]]]", b"[[]]", b"[{}]", b"[{a: [1]}]", b"{a: {b: 1}}", b"{a: [1, {b: 2}]}", b"[null]",
                      b"[1, [2, [3]]]", b"{? [1] : 2}", b"{? {a: 1} : 2}", b"!!set {a, b}", b"[[1], {a: 1}]"])
    return _replace(data, _pick(rng, data, SCALAR), new)


FLOW_PAIR = re.compile(rb"(?<=\{)\s*[^\s:{},\[\]#]+: [^,{}\[\]\n#]*,\s*|,\s*[^\s:{},\[\]#]+: [^,{}\[\]\n#]*(?=\s*[,}])")
BLOCK_KEY = re.compile(rb"(?m)^( *)[^\s:#\-][^:\n#]*:(?: [^\n]*)?\n")
FLOW_OPEN = re.compile(rb"(?<=: |- )[{\[]")


def op_delete_key(rng, data):
    """One key of a mapping deleted, the rest left valid: a pair of a flow mapping, or a block
    key with everything indented under it."""
    if rng.randrange(2):
        m = _pick(rng, data, FLOW_PAIR)
        if m is not None:
            return data[:m.start()] + data[m.end():]
    m = _pick(rng, data, BLOCK_KEY)
    if m is None:
        return data
    indent = len(m.group(1))
    end = m.end()
    while end < len(data):  # the lines indented deeper belong to the key
        nl = data.find(b"\n", end)
        line = data[end:nl if nl >= 0 else len(data)]
        if line.strip() and len(line) - len(line.lstrip(b" ")) <= indent:
            break
        end = nl + 1 if nl >= 0 else len(data)
    return data[:m.start()] + data[end:]


OPERATORS = {f.__name__[3:]: f for f in (op_bytes, op_lines, op_truncate, op_invalid_utf8, op_extreme_number,
                                          op_float_number, op_type_swap, op_deep_nesting, op_long_string,
                                          op_aliases, op_unicode, op_escapes, op_explicit_tag, op_self_alias,
                                          op_non_scalar, op_delete_key)}


# --------------------------------------------------------------------------- running

class Hang(Exception):
    pass


def _alarm(_signum, _frame):
    raise Hang


def run_case(folder: Path, command: str, target: str, case_seconds: float) -> tuple[str, str]:
    """(verdict, output): verdict is ok, exit3, traceback, hang or unlocated."""
    args = [command, str(folder / target)]
    if command == "resolve":
        args += ["--json", str(folder / "out.json")]
    use_alarm = hasattr(signal, "SIGALRM")
    if use_alarm:
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, case_seconds)
    try:
        result = CliRunner().invoke(cli, args)
    except Hang:
        return "hang", ""
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
    if isinstance(result.exception, Hang):
        return "hang", result.output
    output = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return "traceback", f"{type(result.exception).__name__}: {result.exception}"
    if result.exit_code == 3 or "internal error" in output:
        return "exit3", output
    if result.exit_code not in (0, 1):
        return f"exit{result.exit_code}", output
    if result.exit_code == 1:
        for line in output.split("\n"):  # not splitlines: U+2028 in a quoted value is no line end
            if line and not line.startswith(" ") and not LOCATED.match(line) and not ALSO_LOCATED.match(line):
                return "unlocated", output
    return "ok", output


def save_regression(seed: Seed, files: dict[str, bytes], command: str, target: str, verdict: str,
                    output: str, ops: list[str]) -> Path:
    digest = hashlib.sha256(b"".join(files[k] for k in sorted(files)) + command.encode()).hexdigest()[:12]
    folder = REGRESSIONS / f"{seed.ruleset}-{verdict}-{digest}"
    if folder.exists():
        return folder
    folder.mkdir(parents=True)
    # A log holds its own input; a match needs its YAML files only.
    kept = {target: files[target]} if target == "log.json" else {k: v for k, v in files.items() if k != "log.json"}
    for name, data in kept.items():
        (folder / name).write_bytes(data)
    case = {"ruleset": seed.ruleset, "seed": seed.name, "command": command, "file": target,
            "found": verdict, "operators": ops, "output": output[:2000]}
    (folder / "case.json").write_text(json.dumps(case, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to fuzz (default 60)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the mutations: a run is reproducible")
    parser.add_argument("--cases", type=int, default=None,
                        help="stop after this many cases: with --seed, the same cases as an earlier run")
    parser.add_argument("--case-seconds", type=float, default=20.0, help="a case running longer is a hang")
    parser.add_argument("--no-save", action="store_true", help="do not write tests/regressions/")
    parser.add_argument("--operators", default=",".join(OPERATORS),
                        help="comma-separated operators to draw from (default: all)")
    args = parser.parse_args(argv)
    operators = sorted(args.operators.split(","))
    unknown = set(operators) - set(OPERATORS)
    if unknown:
        parser.error(f"unknown operators: {', '.join(sorted(unknown))}")

    rng = random.Random(args.seed)
    pool = seeds()
    counts: dict[str, int] = {}
    per_ruleset: dict[str, int] = {}
    per_operator: dict[str, int] = {}  # cases that drew the operator (once or more)
    saved: list[Path] = []
    started = time.monotonic()
    tried = 0
    with tempfile.TemporaryDirectory() as tmp:
        while time.monotonic() - started < args.seconds and (args.cases is None or tried < args.cases):
            seed = rng.choice(pool)
            target = rng.choice(sorted(seed.files))
            command = "replay" if target == "log.json" else rng.choice(["validate", "resolve"])
            ops = [rng.choice(operators) for _ in range(rng.choice([1, 1, 2, 3]))]
            data = seed.files[target]
            for op in ops:
                data = OPERATORS[op](rng, data) if data else data
            files = {**seed.files, target: data}
            folder = Path(tmp) / f"case{tried}"
            folder.mkdir()
            for name, content in files.items():
                (folder / name).write_bytes(content)
            verdict, output = run_case(folder, command, target, args.case_seconds)
            shutil.rmtree(folder, ignore_errors=True)
            tried += 1
            per_ruleset[seed.ruleset] = per_ruleset.get(seed.ruleset, 0) + 1
            for op in set(ops):
                per_operator[op] = per_operator.get(op, 0) + 1
            counts[verdict] = counts.get(verdict, 0) + 1
            if verdict != "ok":
                print(f"case {tried}: {verdict}: {seed.ruleset}/{seed.name} {command} {target} {ops}\n  "
                      + output.strip().replace("\n", "\n  ")[:600], flush=True)
                if not args.no_save:
                    saved.append(save_regression(seed, files, command, target, verdict, output, ops))
    elapsed = time.monotonic() - started
    failures = sum(n for v, n in counts.items() if v != "ok")
    print(f"fuzz: {tried} cases in {elapsed:.0f} s (seed {args.seed}); "
          f"by ruleset: {', '.join(f'{k} {v}' for k, v in sorted(per_ruleset.items()))}; "
          f"failures: {failures} ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()) if k != 'ok') or 'none'})")
    print(f"  by operator: {', '.join(f'{k} {v}' for k, v in sorted(per_operator.items()))}")
    for path in sorted(set(saved)):
        print(f"  regression written: {path.relative_to(ROOT)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
