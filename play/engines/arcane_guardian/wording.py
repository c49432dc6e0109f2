"""Arcane Guardian effects in words: the one wording, in Hungarian and English.

A *step* is one thing an effect does, as a small JSON-safe dict:
`{"do": "lose_life", "n": 2}`, `{"do": "discard", "kind": "torch", "n": 1}`,
`{"do": "reveal_all"}`. Steps come in the order in which the engine applies
them (`cards.BUNDLE_ORDER`), whatever the order in the card file.

Every reader words effects here: the card faces (the printed numbers, from the
catalog's `effects`), the terminal game and the table (the effective numbers,
from the view, which lists each card's steps and their words). Pure Python:
the engine's view words steps without Django, so both languages live here
rather than in the translation files.
"""

from __future__ import annotations

from play.engines.arcane_guardian.cards import BUNDLE_ORDER, COUNT_KEYS

LANGS = ("hu", "en")

WORDS: dict[str, dict[str, str]] = {
    "hu": {
        "lose_level": "\u2212{n} szint",
        "lose_life": "\u2212{n} élet",
        "lose_mana": "\u2212{n} mana",
        "discard": "dobj el {n} {kind}",
        "discard_one": "dobj el egy {kind}",
        "gain_level": "+{n} szint",
        "gain_level_one": "szintlépés",
        "gain_life": "+{n} élet",
        "gain_mana": "+{n} mana",
        "reveal_all": "fedd fel mindhárom pakli felső lapját",
        "cancel": "eldobod hatás nélkül",
        "reroll": "dobj újra",
        "gain_key": "megszerzed a Kulcsot",
        "win": "kijutsz: győzelem",
        "nothing": "nem történik semmi",
    },
    "en": {
        "lose_level": "\u2212{n} level",
        "lose_life": "\u2212{n} life",
        "lose_mana": "\u2212{n} mana",
        "discard": "discard {n} {kind}",
        "gain_level": "+{n} level",
        "gain_life": "+{n} life",
        "gain_mana": "+{n} mana",
        "reveal_all": "every pile's top turns face up",
        "cancel": "it is sent away unfought",
        "reroll": "roll again",
        "gain_key": "the Key",
        "win": "you escape",
        "nothing": "nothing happens",
    },
}
# what a discard step throws away (Hungarian in the accusative, as the sentence needs)
KIND_WORDS: dict[str, dict[str, str]] = {
    "hu": {
        "torch": "fáklyát",
        "mask": "maszkot",
        "potion": "főzetet",
        "item": "tárgyat",
        "collectible": "gyűjthető lapot",
        "useable": "használható lapot",
        "": "lapot",
    },
    "en": {
        "torch": "torch",
        "mask": "mask",
        "potion": "potion",
        "item": "item",
        "collectible": "collectible",
        "useable": "useable",
        "": "card",
    },
}
# the parts of a card's effect that hold several step lists (one per option, row, cost)
LISTED_PARTS = frozenset({"options", "rows", "costs"})


def _step(key: str, value) -> dict | None:
    """One step from a bundle key and its value (None for an absent or unknown one)."""
    if key in COUNT_KEYS:
        return {"do": key, "n": value} if value else None
    if key == "discard":
        if isinstance(value, dict):  # the catalog's {kind, count}
            return {"do": "discard", "kind": value.get("kind") or "", "n": value.get("count", 1)}
        kind, count = value  # the engine's compiled [kind, count]
        return {"do": "discard", "kind": kind, "n": count}
    return {"do": key} if value else None


def bundle_steps(bundle: dict | None) -> list[dict]:
    """A catalog bundle (`effects` form: any key order, a d6 row's `roll` ignored) as steps."""
    bundle = bundle or {}
    found = (_step(key, bundle[key]) for key in BUNDLE_ORDER if key in bundle)
    return [step for step in found if step]


def compiled_steps(pairs: list[list], damage: int = 0) -> list[dict]:
    """The engine's compiled `[key, value]` pairs as steps, with `damage` added to a life loss.

    `damage` is the mage's lasting modifier for the source (enemy or trap); a
    loss it brings to nothing is dropped, as the engine then deals none.
    """
    steps = []
    for key, value in pairs:
        if key == "lose_life" and damage:
            value += damage
            if value <= 0:
                continue
        steps.append(_step(key, value))
    return steps


def phrase(steps: list[dict], lang: str) -> str:
    """Steps as one short phrase: "−1 life, −1 mana" (or that nothing happens)."""
    words = WORDS[lang]
    parts = []
    for step in steps:
        key, n = step["do"], step.get("n")
        if n == 1 and f"{key}_one" in words:
            key = f"{key}_one"
        if step["do"] == "discard":
            kinds = KIND_WORDS[lang]
            parts.append(words[key].format(n=n, kind=kinds.get(step["kind"], kinds[""])))
        else:
            parts.append(words[key].format(n=n))
    return ", ".join(parts) or words["nothing"]


def bundle_phrase(bundle: dict | None, lang: str) -> str:
    """A catalog bundle in words (the printed numbers: a card face, a rules page)."""
    return phrase(bundle_steps(bundle), lang)


def says(effect: dict, lang: str) -> dict:
    """A card's effect (its parts' steps, as a view lists them) in words, part by part."""
    return {
        part: [phrase(s, lang) for s in steps] if part in LISTED_PARTS else phrase(steps, lang)
        for part, steps in effect.items()
    }
