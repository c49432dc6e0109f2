"""Card data for the engine: `effects` checked against the vocabulary and compiled once.

The vocabulary is described in docs/data/arcane-guardian.md. Each card is
normalised at setup into a dict that keeps its cleaned `effects` (for views
and bots) and adds compiled forms the rules read without probing:

- a *bundle* becomes `steps`: a list of `[key, value]` pairs in the fixed
  order in which the keys apply (`BUNDLE_ORDER`), so applying one is a loop;
- a d6 table becomes `rows`: six step lists, `rows[face - 1]`;
- `kinds_has` / `kinds_discard`: the kinds a held card counts as for `has`
  conditions and for `discard`.

Bad data raises SetupError naming the card, never a bug later in the game.
"""

from __future__ import annotations

from zlib import crc32

from play.engines.inputs import code_and_type, fail

# cards shuffled into the three piles (the mage, the spells and the endings are not)
DUNGEON_TYPES = (
    "enemy",
    "trap",
    "collectible",
    "useable",
    "chest",
    "curse",
    "level_up",
    "level_down",
)
TYPES = ("mage", "spell", *DUNGEON_TYPES, "ending")
SUBTYPES = ("mask", "potion", "torch")
KINDS = ("collectible", "useable", "item", *SUBTYPES)

# the order in which the keys of one bundle apply, whatever their order in the file
BUNDLE_ORDER = (
    "lose_level",
    "lose_life",
    "lose_mana",
    "discard",
    "gain_level",
    "gain_life",
    "gain_mana",
    "reveal_all",
    "cancel",
    "reroll",
    "gain_key",
    "win",
)
COUNT_KEYS = ("lose_level", "lose_life", "lose_mana", "gain_level", "gain_life", "gain_mana")
FLAG_KEYS = ("reveal_all", "cancel", "reroll", "gain_key", "win")

WHENS = ("any", "enemy", "trap", "after_roll")
PASSIVE_NUMBERS = (
    "max_life",
    "enemy_damage",
    "trap_damage",
    "trap_roll",
    "chest_roll",
    "chest_level",
)
PASSIVE_FLAGS = ("reveal_without_mana", "reveal_used_pile", "no_reveal")
ENDING_KINDS = ("gate", "key", "exit", "collectible")


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def compile_bundle(code: str, raw, *, allow_roll: bool = False) -> list[list]:
    """A bundle's `[key, value]` steps in application order (validated)."""
    if not isinstance(raw, dict):
        fail(code, f"a bundle is an object, got {raw!r}")
    known = set(BUNDLE_ORDER) | ({"roll"} if allow_roll else set())
    unknown = set(raw) - known
    if unknown:
        fail(code, f"unknown bundle keys {sorted(unknown)}")
    steps: list[list] = []
    for key in BUNDLE_ORDER:
        if key not in raw:
            continue
        value = raw[key]
        if key in COUNT_KEYS:
            if not _is_count(value):
                fail(code, f"{key} needs a whole number ≥ 1, got {value!r}")
            steps.append([key, value])
        elif key == "discard":
            if (
                not isinstance(value, dict)
                or value.get("kind") not in KINDS
                or not _is_count(value.get("count"))
                or set(value) - {"kind", "count"}
            ):
                fail(code, f"discard is {{kind, count}}, got {value!r}")
            steps.append(["discard", [value["kind"], value["count"]]])
        elif value is True:
            steps.append([key, True])
        elif value not in (False, None):
            fail(code, f"{key} is true or absent, got {value!r}")
    return steps


def compile_condition(code: str, raw) -> dict | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or not raw or set(raw) - {"level", "has", "key"}:
        fail(code, f"bad condition {raw!r}")
    out: dict = {}
    if "level" in raw:
        if not _is_count(raw["level"]):
            fail(code, f"condition level needs a whole number ≥ 1, got {raw['level']!r}")
        out["level"] = raw["level"]
    if "has" in raw:
        has = raw["has"]
        if not isinstance(has, dict) or not has:
            fail(code, f"condition has is {{kind: n}}, got {has!r}")
        for kind, n in has.items():
            if kind not in KINDS or not _is_count(n):
                fail(code, f"condition has: bad {kind!r}: {n!r}")
        out["has"] = dict(has)
    if "key" in raw:
        if raw["key"] is not True:
            fail(code, "condition key is true")
        out["key"] = True
    return out


def compile_passive(code: str, raw) -> dict:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        fail(code, f"a passive is an object, got {raw!r}")
    out = {}
    for key, value in raw.items():
        if key in PASSIVE_NUMBERS:
            if not isinstance(value, int) or isinstance(value, bool):
                fail(code, f"passive {key} needs a whole number, got {value!r}")
            out[key] = value
        elif key in PASSIVE_FLAGS:
            if value is not True:
                fail(code, f"passive {key} is true, got {value!r}")
            out[key] = True
        else:
            fail(code, f"unknown passive key {key!r}")
    return out


def compile_alt_passive(code: str, raw) -> dict | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) != {"if", "passive"}:
        fail(code, f"alt_passive is {{if, passive}}, got {raw!r}")
    return {
        "if": compile_condition(code, raw["if"]),
        "passive": compile_passive(code, raw["passive"]),
    }


def compile_use(code: str, raw) -> dict | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or raw.get("when") not in WHENS or "do" not in raw:
        fail(code, f"use is {{when, do}} with when in {WHENS}, got {raw!r}")
    steps = compile_bundle(code, raw["do"])
    keys = {k for k, _ in steps}
    if "cancel" in keys and raw["when"] not in ("enemy", "trap"):
        fail(code, "cancel is only for a use when facing an enemy or a trap")
    if "reroll" in keys and raw["when"] != "after_roll":
        fail(code, "reroll is only for a use with when: after_roll")
    return {"when": raw["when"], "steps": steps}


def compile_d6(code: str, raw) -> list[list]:
    """Six step lists, one per face, from the rows of a die table (each face exactly once)."""
    if not isinstance(raw, list) or not raw:
        fail(code, "d6 is a list of rows")
    rows: list = [None] * 6
    for row in raw:
        faces = row.get("roll") if isinstance(row, dict) else None
        if not isinstance(faces, list) or not faces:
            fail(code, f"a d6 row needs roll faces, got {row!r}")
        steps = compile_bundle(code, row, allow_roll=True)
        for face in faces:
            if face not in range(1, 7) or rows[face - 1] is not None:
                fail(code, f"d6 face {face!r} is out of 1–6 or listed twice")
            rows[face - 1] = steps
    if any(r is None for r in rows):
        fail(code, "the d6 rows must cover every face 1–6")
    return rows


def _need(code: str, effects: dict, keys: tuple[str, ...]) -> None:
    missing = [k for k in keys if k not in effects]
    if missing:
        fail(code, f"effects lacks {missing}")


def _compile_mage(code: str, e: dict, out: dict) -> None:
    _need(code, e, ("start_level", "start_life", "max_life", "life_cap"))
    table = e["max_life"]
    if not isinstance(table, list) or not table or not all(_is_count(x) for x in table):
        fail(code, "max_life is a list of whole numbers ≥ 1, one per level")
    if not _is_count(e["life_cap"]) or not _is_count(e["start_life"]):
        fail(code, "life_cap and start_life are whole numbers ≥ 1")
    if not _is_count(e["start_level"]) or e["start_level"] > len(table):
        fail(code, "start_level must be one of the levels in max_life")
    out.update(
        start_level=e["start_level"],
        start_life=e["start_life"],
        max_life=list(table),
        life_cap=e["life_cap"],
    )


def _compile_enemy(code: str, e: dict, out: dict) -> None:
    _need(code, e, ("options", "defeated_by", "reward"))
    if not isinstance(e["options"], list) or not e["options"]:
        fail(code, "an enemy needs at least one option")
    out["options"] = [compile_bundle(code, o) for o in e["options"]]
    if e["defeated_by"] is not None and not isinstance(e["defeated_by"], str):
        fail(code, "defeated_by is a spell code or null")
    out["defeated_by"] = e["defeated_by"]
    out["reward"] = compile_bundle(code, e["reward"] or {})


def _compile_ending(code: str, e: dict, out: dict) -> None:
    _need(code, e, ("kind", "requires", "cost", "gives"))
    if e["kind"] not in ENDING_KINDS:
        fail(code, f"ending kind is one of {ENDING_KINDS}")
    if not isinstance(e["cost"], list):
        fail(code, "an ending's cost is a list of bundles")
    out.update(
        kind=e["kind"],
        requires=compile_condition(code, e["requires"]),
        costs=[compile_bundle(code, c) for c in e["cost"]],
        gives=compile_bundle(code, e["gives"] or {}),
        counts_as=e.get("counts_as"),
        passive=compile_passive(code, e.get("passive")),
        alt_passive=None,
        use=compile_use(code, e.get("use")),
    )
    if out["counts_as"] is not None and out["counts_as"] not in SUBTYPES:
        fail(code, f"counts_as is one of {SUBTYPES} or null")


def _compile(code: str, kind: str, e: dict, out: dict) -> None:
    if kind == "mage":
        _compile_mage(code, e, out)
    elif kind in ("spell", "useable"):
        _need(code, e, ("use",))
        out["use"] = compile_use(code, e["use"])
    elif kind == "enemy":
        _compile_enemy(code, e, out)
    elif kind == "trap":
        _need(code, e, ("d6",))
        out["rows"] = compile_d6(code, e["d6"])
    elif kind == "chest":
        _need(code, e, ("level", "reward", "d6"))
        if not _is_count(e["level"]):
            fail(code, "a chest's level is a whole number ≥ 1")
        out.update(
            level=e["level"],
            reward=compile_bundle(code, e["reward"] or {}),
            rows=compile_d6(code, e["d6"]),
        )
    elif kind == "collectible":
        out.update(
            passive=compile_passive(code, e.get("passive")),
            alt_passive=compile_alt_passive(code, e.get("alt_passive")),
            use=compile_use(code, e.get("use")),
        )
    elif kind == "curse":
        out.update(
            interact=compile_bundle(code, e.get("interact") or {}),
            passive=compile_passive(code, e.get("passive")),
            alt_passive=compile_alt_passive(code, e.get("alt_passive")),
            discard_if=compile_condition(code, e.get("discard_if")),
            discard_cost=(
                None if e.get("discard_cost") is None else compile_bundle(code, e["discard_cost"])
            ),
        )
    elif kind in ("level_up", "level_down"):
        _need(code, e, ("interact",))
        out["interact"] = compile_bundle(code, e["interact"])
    elif kind == "ending":
        _compile_ending(code, e, out)


def _kinds(card: dict) -> tuple[list[str], list[str]]:
    """(kinds for `has`, kinds for `discard`) of a card while it is held."""
    kind, sub = card["type"], card["subtype"]
    if kind == "collectible":
        found = ["collectible", "item"] + ([sub] if sub else [])
        return found, found
    if kind == "useable":
        return ["useable", "item"], ["useable", "item"]
    if kind == "ending" and card["kind"] == "collectible":
        # it counts for conditions but is never discarded (rulebook: endings stay)
        return ["collectible", "item"] + ([sub] if sub else []), []
    return [], []


def normalize_card(card: dict) -> dict:
    """The fields the engine uses, with `effects` checked and compiled (SetupError if bad)."""
    code, kind = code_and_type(card, TYPES)
    effects = card.get("effects")
    if not isinstance(effects, dict):
        fail(code, "effects must be an object")
    subtypes = [s for s in (card.get("subtypes") or []) if s in SUBTYPES]
    out = {
        "code": code,
        "name": card.get("name") or code,
        "name_en": card.get("name_en") or card.get("name") or code,
        "type": kind,
        "subtype": subtypes[0] if subtypes else None,
        "effects": effects,
        "die_id": crc32(code.encode("utf-8")),
    }
    _compile(code, kind, effects, out)
    if kind == "ending":
        out["subtype"] = out["counts_as"]
    out["kinds_has"], out["kinds_discard"] = _kinds(out)
    # every card answers the held-card questions, so the rules never probe for keys
    out.setdefault("passive", {})
    out.setdefault("alt_passive", None)
    out.setdefault("use", None)
    use = out["use"]
    out["use_when"] = use["when"] if use else None  # read on every legal_actions
    return out


def public_card(card: dict) -> dict:
    """A card's name and kind, as a view lists it (a new dict of strings)."""
    return {
        "name": card["name"],
        "name_en": card["name_en"],
        "type": card["type"],
        "subtype": card["subtype"],
    }
