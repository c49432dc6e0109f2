"""Card data for the engine: the catalog fields it needs and the effects vocabulary.

Abilities are data (`effects` in catalog/data/alomfogo/*.json), checked and
normalised once here, so the interpreter never probes for optional keys.
The vocabulary is documented in docs/rules/alomfogo.md.
"""

from __future__ import annotations

from play.engines.inputs import fail

TYPES = ("revulo", "alomleny", "esemeny", "azonnali", "altalanos")
# the ten jurták (houses) a card may belong to, then the two spell subtypes
HOUSES = (
    "vajakosok", "samanok", "dobolok", "boszorkanyok", "varazslok",
    "garabonciasok", "vadaszok", "alomlenyek", "osok", "tunderek",
)  # fmt: skip
SUBTYPES = (*HOUSES, "buvforras", "ellenvarazs")
CREATURES = ("revulo", "alomleny")
SPELLS = ("azonnali", "altalanos")
STATES = ("active", "resting", "damaged")

WHENS = ("play", "helper", "static", "turn_start", "main", "win_attack", "win_defend", "counter")
# ops allowed under each trigger
ONE_SHOT_OPS = ("power", "draw", "gain_vp", "gain_glory", "move", "set_state")
STATIC_OPS = ("stat", "cost", "free_play", "ready_damaged", "decline_penalty")
OPS_BY_WHEN = {
    "play": ONE_SHOT_OPS,
    "helper": ONE_SHOT_OPS,
    "main": ("draw", "gain_vp"),
    "turn_start": ("draw", "gain_vp"),
    "win_attack": ("draw", "gain_vp", "gain_glory"),
    "win_defend": ("draw", "gain_vp", "gain_glory"),
    "static": STATIC_OPS,
    "counter": (),
}
COUNTER_PAYS = ("sacrifice", "rest", "pay")
FILTER_KEYS = {"owner", "zone", "types", "states", "max_cost"}
ZONES = ("board", "discard", "hand")

_KEPT = (
    "code",
    "name",
    "type",
    "subtypes",
    "cost",
    "attack",
    "defense",
    "glory_bonus",
    "helper_mark",
)


def _filter(code: str, raw: dict | None) -> dict:
    raw = dict(raw or {})
    unknown = set(raw) - FILTER_KEYS
    if unknown:
        fail(code, f"unknown filter keys {sorted(unknown)}")
    out = {
        "owner": raw.get("owner", "self"),
        "zone": raw.get("zone", "board"),
        "types": list(raw.get("types", TYPES)),
        "states": list(raw.get("states", STATES)) if raw.get("zone", "board") == "board" else [],
        "max_cost": raw.get("max_cost"),
    }
    if out["owner"] not in ("self", "any", "opponent") or out["zone"] not in ZONES:
        fail(code, f"bad filter {raw}")
    if out["zone"] == "hand" and out["owner"] != "self":
        fail(code, f"only your own hand can be picked from: {raw}")  # other hands are hidden
    if not set(out["types"]) <= set(TYPES) or not set(out["states"]) <= set(STATES):
        fail(code, f"bad filter {raw}")
    return out


def _op(code: str, when: str, raw: dict) -> dict:
    op = raw.get("op")
    if op not in OPS_BY_WHEN[when]:
        fail(code, f"op {op!r} is not allowed under {when!r}")
    out = dict(raw)
    if op == "power":
        out.setdefault("to", "own")
        out.setdefault("if", None)
        out.setdefault("else", 0)
        if out["to"] not in ("own", "opposing") or out["if"] not in (
            None,
            "attacking",
            "defending",
        ):
            fail(code, f"bad power op {raw}")
    elif op == "draw":
        out.setdefault("count", 1)
        out.setdefault("if_hand_below", None)
    elif op in ("gain_vp", "gain_glory", "cost", "decline_penalty"):
        if not isinstance(out.get("amount"), int):
            fail(code, f"{op} needs an integer amount")
    elif op in ("move", "set_state"):
        out.setdefault("select", "choose")
        out.setdefault("optional", False)
        out["filter"] = _filter(code, raw.get("filter"))
        if out["select"] not in ("choose", "all"):
            fail(code, f"bad select in {raw}")
        if op == "move" and out.get("to") not in ("discard", "hand"):
            fail(code, f"move needs to: discard|hand, got {raw}")
        if op == "set_state" and out.get("state") not in STATES:
            fail(code, f"set_state needs a state, got {raw}")
    elif op == "stat":
        if out.get("stat") not in ("attack", "defense", "glory_bonus"):
            fail(code, f"bad stat op {raw}")
        out["filter"] = _filter(code, raw.get("filter"))
    if op in ("cost", "free_play"):
        out["filter"] = _filter(code, raw.get("filter"))
    if op == "ready_damaged":
        out.setdefault("state", "active")
    return out


def normalize_effect(code: str, raw: dict) -> dict:
    when = raw.get("when")
    if when not in WHENS:
        fail(code, f"unknown trigger {when!r}")
    cost = dict(raw.get("cost") or {})
    if set(cost) - {"vp", "discard"}:
        fail(code, f"unknown cost keys in {cost}")
    eff = {
        "when": when,
        "cost": {"vp": int(cost.get("vp", 0)), "discard": int(cost.get("discard", 0))},
        "do": [_op(code, when, op) for op in raw.get("do", [])],
    }
    if when == "counter":
        eff["against"] = list(raw.get("against", SPELLS))
        eff["pay"] = raw.get("pay", "sacrifice")
        if not set(eff["against"]) <= set(SPELLS) or eff["pay"] not in COUNTER_PAYS:
            fail(code, f"bad counter {raw}")
    return eff


def normalize_card(card: dict) -> dict:
    """The fields the engine uses, with effects checked against the vocabulary."""
    code = card.get("code", "?")
    if card.get("type") not in TYPES:
        fail(code, f"unknown card type {card.get('type')!r}")
    out = {key: card.get(key) for key in _KEPT}
    out["subtypes"] = list(out["subtypes"] or [])
    out["cost"] = int(out["cost"] or 0)
    out["attack"] = int(out["attack"] or 0)
    out["defense"] = int(out["defense"] or 0)
    out["glory_bonus"] = int(out["glory_bonus"] or 0)
    effects = card.get("effects") or []
    if not isinstance(effects, list):
        fail(code, "effects must be a list")
    out["effects"] = [normalize_effect(code, e) for e in effects]
    return out


def effects_of(card: dict, when: str) -> list[dict]:
    return [e for e in card["effects"] if e["when"] == when]


def effects_by_when(card: dict) -> dict[str, tuple[dict, ...]]:
    """The card's effects grouped by trigger, each group in printed order (`effects_of` of each)."""
    found: dict[str, list[dict]] = {}
    for eff in card["effects"]:
        found.setdefault(eff["when"], []).append(eff)
    return {when: tuple(effs) for when, effs in found.items()}
