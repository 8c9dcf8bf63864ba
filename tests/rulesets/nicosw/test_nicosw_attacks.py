"""近接攻撃, 遠距離攻撃, 転倒, 遮蔽, parts (NICOSW-6) and the damage steps (NICOSW-7)."""

from __future__ import annotations

from dhproc import api
from dhproc.rulesets.nicosw.model import Mod
from dhproc.rulesets.nicosw.rules import compute_damage

from .helpers import char, events, make, problems, resolve, turn

BOW = {"id": "bow", "kind": "ranged", "range": 6}


def melee(attacker_dice: list[int], defender_dice: list[int], **kw) -> dict:
    m = make({"x": char("a", 2, checks={"attack_check": 3}, **kw), "y": char("b", 3, checks={"defense_check": 3})},
             [turn(1, {"x": [{"do": "melee", "target": "y"}]}, dice=attacker_dice + defender_dice)])
    return resolve(m)


def test_nicosw_6_1_a_tie_in_attack_and_defence_deals_no_damage() -> None:
    log = melee([3, 4], [4, 3])  # 7+3 = 10 vs 7+3 = 10
    [a] = events(log, "attack")
    assert a["attack"]["total"] == a["defense"]["total"] == 10 and a["hit"] is False
    assert not events(log, "damage")
    assert log["state"]["characters"]["y"]["hp"] == 10


def test_nicosw_6_1_strictly_higher_deals_one_point() -> None:
    log = melee([4, 4], [4, 3])
    [d] = events(log, "damage")
    assert (d["base"], d["amount"], d["before"], d["after"]) == (1, 1, 10, 9)


def test_nicosw_6_1_melee_reaches_one_square_only() -> None:
    m = make({"x": char("a", 1), "y": char("b", 3)}, [turn(1, {"x": [{"do": "melee", "target": "y"}]})])
    [c] = events(resolve(m), "cancel")
    assert c["reason"] == "out_of_range" and not events(resolve(m), "attack")


def test_nicosw_6_2_ranged_uses_the_weapon_range_and_needs_a_ranged_weapon() -> None:
    m = make({"x": char("a", 0, weapons=[BOW]), "y": char("b", 6), "z": char("b", 7)},
             [turn(1, {"x": [{"do": "ranged", "target": "y"}]}, dice=[6, 5, 1, 1])])
    [a] = events(resolve(m), "attack")
    assert a["hit"] is True and a["weapon"] == "bow"
    far = make({"x": char("a", 0, weapons=[BOW]), "y": char("b", 7)}, [turn(1, {"x": [{"do": "ranged", "target": "y"}]})])
    assert events(resolve(far), "cancel")[0]["reason"] == "out_of_range"
    bare = make({"x": char("a", 0), "y": char("b", 3)}, [turn(1, {"x": [{"do": "ranged", "target": "y"}]})])
    assert events(resolve(bare), "cancel")[0]["reason"] == "no_ranged_weapon"


def test_nicosw_6_3_a_ranged_attack_on_a_prone_target_fails_on_a_2() -> None:
    m = make({"x": char("a", 0, weapons=[BOW]), "y": char("b", 4, prone=True)},
             [turn(1, {"x": [{"do": "ranged", "target": "y"}]}, dice=[2])])
    log = resolve(m)
    [a] = events(log, "attack")
    assert a["prone_die"] == 2 and a["hit"] is False and a["auto_fail"] == "prone"
    assert "attack" not in a  # no 攻撃判定 was rolled
    assert [e["purpose"] for e in events(log, "roll")] == ["prone_check"]


def test_nicosw_6_3_on_a_3_the_attack_goes_ahead() -> None:
    m = make({"x": char("a", 0, weapons=[BOW]), "y": char("b", 4, prone=True)},
             [turn(1, {"x": [{"do": "ranged", "target": "y"}]}, dice=[3, 5, 5, 1, 2])])
    [a] = events(resolve(m), "attack")
    assert a["prone_die"] == 3 and a["hit"] is True


def test_nicosw_6_4_an_attack_names_one_part_of_a_multi_part_target() -> None:
    parts = [{"id": "head", "hp": 3}, {"id": "body", "hp": 9}]
    m = make({"x": char("a", 2, checks={"attack_check": 5}), "y": char("b", 3, parts=parts)},
             [turn(1, {"x": [{"do": "melee", "target": "y", "part": "head"}]}, dice=[4, 4, 1, 2])])
    log = resolve(m)
    assert events(log, "damage")[0]["part"] == "head"
    assert log["state"]["characters"]["y"]["parts"]["head"]["hp"] == 2
    assert log["state"]["characters"]["y"]["parts"]["body"]["hp"] == 9
    missing = make({"x": char("a", 2), "y": char("b", 3, parts=parts)}, [turn(1, {"x": [{"do": "melee", "target": "y"}]})])
    assert any("攻撃する部位を書いてください" in p for p in problems(missing))


def test_nicosw_6_5_an_enemy_between_gives_cover_an_ally_does_not() -> None:
    m = make({"x": char("a", 0, weapons=[BOW]), "f": char("a", 1), "y": char("b", 5), "g": char("b", 3)},
             [turn(1, {"x": [{"do": "ranged", "target": "y"}]})])
    [c] = events(resolve(m), "cancel")
    assert c["reason"] == "cover" and c["cover_by"] == "g"
    free = make({"x": char("a", 0, weapons=[BOW]), "f": char("a", 2), "y": char("b", 5)},
                [turn(1, {"x": [{"do": "ranged", "target": "y"}]}, dice=[1, 2, 1, 2])])
    assert events(resolve(free), "attack")


def test_nicosw_6_5_fewer_parts_than_the_shooter_give_no_cover() -> None:
    parts = [{"id": "p1", "hp": 5}, {"id": "p2", "hp": 5}]
    chars = {"x": char("a", 0, weapons=[BOW], parts=parts), "y": char("b", 5), "g": char("b", 3)}
    m = make(chars, [turn(1, {"x": [{"do": "ranged", "target": "y"}]}, dice=[1, 2, 1, 2])])
    assert events(resolve(m), "attack")  # g has 1 part < 2
    by_target = make(chars, [turn(1, {"x": [{"do": "ranged", "target": "y"}]})], options={"cover_parts": "target"})
    assert events(resolve(by_target), "cancel")[0]["reason"] == "cover"


ZAP = {"id": "zap", "name": "ザップ", "timing": "major_action", "range": 6, "target": "enemy",
       "effects": [{"kind": "damage", "amount": 1}]}


def two_parts(lost: bool) -> list[dict]:
    """Two parts; with ``lost`` the second is at HP 0, so already removed from the battle."""
    return [{"id": "p1", "hp": 5}, {"id": "p2", "hp": 5, **({"current_hp": 0} if lost else {})}]


def test_nicosw_6_5_a_blocker_that_lost_a_part_counts_only_the_parts_left() -> None:
    """NICOSW-6.5 with NICOSW-8.4: 「HPが０以下になった部位は戦闘から取り除かれる」 — a two-part blocker
    with one part left has fewer parts than a two-part actor, so its skill reaches past it."""
    def cast(lost: bool) -> dict:
        chars = {"x": char("a", 0, parts=two_parts(False), skills=[ZAP]), "y": char("b", 5),
                 "g": char("b", 3, parts=two_parts(lost))}
        return resolve(make(chars, [turn(1, {"x": [{"do": "skill", "skill": "zap", "target": "y"}]})]))

    assert events(cast(lost=False), "cancel")[0]["reason"] == "cover"
    assert not events(cast(lost=True), "cancel") and events(cast(lost=True), "skill")[0]["target"] == "y"


def test_nicosw_6_5_a_shooter_that_lost_a_part_is_covered_by_a_one_part_enemy() -> None:
    """NICOSW-6.5 with NICOSW-8.4: a two-part shooter with one part left counts one part, so a one-part
    enemy between covers its target again."""
    def shoot(lost: bool) -> dict:
        chars = {"x": char("a", 0, weapons=[BOW], parts=two_parts(lost)), "y": char("b", 5), "g": char("b", 3)}
        return resolve(make(chars, [turn(1, {"x": [{"do": "ranged", "target": "y"}]}, dice=[1, 2, 1, 2])]))

    assert events(shoot(lost=False), "attack")
    [c] = events(shoot(lost=True), "cancel")
    assert c["reason"] == "cover" and c["cover_by"] == "g"


def test_nicosw_7_1_multiply_then_add_differs_from_add_then_multiply() -> None:
    steps, amount = compute_damage(1, [Mod("add", 1), Mod("mul", 2)], [], 0, "down")
    assert amount == 3  # (1×2)+1, not (1+1)×2 = 4
    assert [s["step"] for s in steps] == [1, 2]
    axe = {"id": "axe", "kind": "melee", "mods": [{"op": "add", "value": 1}, {"op": "mul", "value": 2}]}
    m = make({"x": char("a", 2, checks={"attack_check": 5}, weapons=[axe]), "y": char("b", 3)},
             [turn(1, {"x": [{"do": "melee", "target": "y"}]}, dice=[4, 4, 1, 2])])
    [d] = events(resolve(m), "damage")
    assert d["amount"] == 3 and d["after"] == 7


def test_nicosw_7_1_receiver_steps_come_after_the_giver_steps_and_floor_at_zero() -> None:
    steps, amount = compute_damage(1, [Mod("add", 3)], [Mod("div", 2), Mod("sub", 1)], 0, "down")
    assert [s["result"] for s in steps] == [4, 2, 1] and amount == 1
    _, up = compute_damage(3, [], [Mod("div", 2)], 0, "up")
    assert up == 2
    _, zero = compute_damage(1, [], [], 5, "down")
    assert zero == 0


def divide_then_multiply(options: dict) -> dict:
    """A skill's ÷3 of 7 (step 1), then its user's lasting ×3 (step 1 too, made after it)."""
    skill = {"id": "cut", "name": "断ち", "timing": "major_action", "range": 5, "target": "enemy",
             "effects": [{"kind": "damage", "amount": 7, "mods": [{"op": "div", "value": 3}]}]}
    power = {"bearer": "x", "side": "a", "effect": "damage_mod", "name": "剛力", "as": "giver", "op": "mul",
             "value": 3, "ends_round": 5}
    m = make({"x": char("a", 0, skills=[skill]), "y": char("b", 3, hp=20)},
             [turn(1, {"x": [{"do": "skill", "skill": "cut", "target": "y"}]})], options=options, effects=[power])
    return resolve(m)


def test_nicosw_7_1_a_division_rounds_once_at_the_end_of_its_step_by_default() -> None:
    """NICOSW-7.1 (option: rounding_point): the research rounds at the end of each step, 7÷3×3 = 7;
    with 'division' each division rounds at once, ⌊7÷3⌋×3 = 6. The report shows where it rounded."""
    assert compute_damage(7, [Mod("div", 3), Mod("mul", 3)], [], 0, "down")[1] == 7
    assert compute_damage(7, [Mod("div", 3), Mod("mul", 3)], [], 0, "down", "division")[1] == 6
    assert compute_damage(7, [Mod("div", 3), Mod("mul", 2)], [], 0, "up")[1] == 5  # ⌈14/3⌉
    assert compute_damage(7, [Mod("div", 3), Mod("mul", 2)], [], 0, "up", "division")[1] == 6  # ⌈7/3⌉×2
    by_step = divide_then_multiply({})
    [d] = events(by_step, "damage")
    assert d["amount"] == 7 and "rounded" not in d["steps"][-1] and "result" not in d["steps"][0]
    assert by_step["options"]["rounding_point"] == "step"
    assert "ダメージ（物理）7÷3×3 = 7 → x HP 20→13" in api.render(by_step)
    at_once = divide_then_multiply({"rounding_point": "division"})
    [d] = events(at_once, "damage")
    assert d["amount"] == 6 and d["steps"][0] == {"step": 1, "op": "div", "value": 3, "result": 2, "rounded": "down"}
    assert "ダメージ（物理）⌊7÷3⌋×3 = 6 → x HP 20→14" in api.render(at_once)


def test_nicosw_7_1_a_match_that_never_divides_logs_no_rounding_point() -> None:
    """NICOSW-7.1: only a damage with a division reads rounding_point, so a log without one leaves it
    out (the logs of such matches are as they were)."""
    log = melee([4, 4], [4, 3])
    assert "rounding_point" not in log["options"] and "division_rounding" in log["options"]


def test_nicosw_7_2_physical_minus_armour_magic_minus_magic_armour() -> None:
    _, phys = compute_damage(1, [Mod("add", 4)], [], 2, "down")
    assert phys == 3
    skill = {"id": "bolt", "timing": "major_action", "range": 5, "target": "enemy",
             "effects": [{"kind": "damage", "type": "magic", "amount": 5}]}
    m = make({"x": char("a", 0, skills=[skill]), "y": char("b", 3, armor=4, magic_armor=1)},
             [turn(1, {"x": [{"do": "skill", "skill": "bolt", "target": "y"}]})])
    [d] = events(resolve(m), "damage")
    assert d["type"] == "magic" and d["armor"] == 1 and d["amount"] == 4


def test_nicosw_7_3_healing_is_capped_at_max_hp() -> None:
    skill = {"id": "cure", "timing": "major_action", "range": 3, "target": "ally", "effects": [{"kind": "heal", "amount": 5}]}
    m = make({"x": char("a", 0, skills=[skill]), "f": char("a", 1, hp=10, current_hp=8), "y": char("b", 9)},
             [turn(1, {"x": [{"do": "skill", "skill": "cure", "target": "f"}]})])
    log = resolve(m)
    [h] = events(log, "heal")
    assert (h["before"], h["after"], h["capped"]) == (8, 10, True)
