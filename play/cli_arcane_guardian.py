"""Play Arcane Guardian in the terminal: `python -m play.cli arcane-guardian`.

A thin text front-end over the engine contract. Everything printed about the
game comes from `state.view(0)` (plus the public card catalog for card texts),
so a face-down card never reaches the screen. With `--bot` a bot plays and
the transcript shows each of its choices.

The formatting functions are pure (a view and a language in, text out);
the hooks at the end (options, deal, title, bots) give this game to the
play loop all terminal games share (play/cli_loop.py), which
`main(argv, stdin, stdout)` runs, so tests drive it with StringIO.
"""

from __future__ import annotations

import argparse
import sys
from functools import lru_cache, partial

from core.bilingual import in_language
from core.hungarian import settle_articles
from play import cli_loop
from play.bots import bot_kinds, get_bot
from play.bots.arcane_guardian_cards import arcane_cards, ending_codes
from play.cli_loop import Mover, bot_mover, fill, recent_block
from play.cli_prompt import PROMPT_UI, action_menu, cards_count
from play.engines import GameState, get_engine

GAME = "arcane-guardian"
YOU = 0  # the mage: the only seat
LANGS = ("hu", "en")
RECENT_EVENTS = 12

UI = {
    "hu": {
        **PROMPT_UI["hu"],
        "title": "Arcane Guardian — seed {seed} · véglapok: {endings}",
        "status": "{step}. lépés · {level}. szint · Élet {life}/{max_life} · Mana {mana}/4 · {key}",
        "key_yes": "nálad a Kulcs",
        "key_no": "nincs Kulcs",
        "spells": "Varázslatok: {spells}",
        "upright": "álló",
        "sideways": "elfordítva",
        "held": "Nálad: {cards}",
        "nothing": "semmi",
        "piles": "Paklik:",
        "pile": "  {n}. pakli ({count}): {top}",
        "face_down": "lefordított lap",
        "empty_pile": "üres",
        "stopped": " — itt véget ér a pakli",
        "closed_key_held": " (itt nincs mit nyerned: a Kulcsot adja, és az már nálad van)",
        "closed_needs_key": " (még nem léphetsz rá: a Kulcs kell hozzá)",
        "closed_needs_level": " (még nem léphetsz rá: {level}. szint kell hozzá)",
        "closed_needs_cards": " (még nem léphetsz rá: {n} ilyen lap kell hozzá nálad: {kind})",
        "closed_cost": " (még nem léphetsz rá: egyik árát sem tudod megfizetni)",
        "facing": "Előtted: {card}",
        "roll": "Dobás: {roll} → {result}",
        "pending_lose_mana": "Válassz {count} varázslatot, amit elfordítasz.",
        "pending_gain_mana": "Válassz {count} varázslatot, amit visszafordítasz.",
        "pending_discard": "Válassz {count} lapot, amit eldobsz.",
        "pending_level_up_curse": "Szintlépés: eldobhatsz egy átkot.",
        "pending_dying": "Életed 1 alá csökkent: gyógyítsd magad, vagy elveszíted a játékot!",
        "pending_ending": "Felfordult: {card}. Most kell lépned vele: fizesd meg az egyik árát.",
        "pending_before_reveal": "Ahogy most állsz, a lépés végén egy lap sem fordul fel. "
        "Előbb még használhatsz egy lapot vagy eldobhatsz egy átkot.",
        "events": "Legutóbb:",
        "actions": "Mit teszel?",
        "bot_move": "Bot ▸ {text}",
        "over": "═══ A játék véget ért ═══",
        "won": "Kijutottál a labirintusból: nyertél! ({steps} lépés)",
        "lost_died": "Életed 1 alá csökkent: vesztettél. ({steps} lépés)",
        "lost_trapped": "Nem maradt szabályos lépés: vesztettél. ({steps} lépés)",
    },
    "en": {
        **PROMPT_UI["en"],
        "title": "Arcane Guardian — seed {seed} · endings: {endings}",
        "status": "Step {step} · level {level} · life {life}/{max_life} · mana {mana}/4 · {key}",
        "key_yes": "you hold the Key",
        "key_no": "no Key",
        "spells": "Spells: {spells}",
        "upright": "upright",
        "sideways": "sideways",
        "held": "You hold: {cards}",
        "nothing": "nothing",
        "piles": "Piles:",
        "pile": "  pile {n} ({count}): {top}",
        "face_down": "face down",
        "empty_pile": "empty",
        "stopped": " — the pile ends here",
        "closed_key_held": " (nothing to gain here: it gives the Key, and you hold it already)",
        "closed_needs_key": " (not yet: it needs the Key)",
        "closed_needs_level": " (not yet: it needs level {level})",
        "closed_needs_cards": " (not yet: it needs {n} cards of this kind in your hand: {kind})",
        "closed_cost": " (not yet: you cannot pay any of its costs)",
        "facing": "Facing: {card}",
        "roll": "Roll: {roll} → {result}",
        "pending_lose_mana": "Choose {count} spells to turn sideways.",
        "pending_gain_mana": "Choose {count} spells to turn upright.",
        "pending_discard": "Choose {count} cards to discard.",
        "pending_level_up_curse": "Level up: you may discard one curse.",
        "pending_dying": "Your life fell below 1: heal yourself or lose the game!",
        "pending_ending": "Revealed: {card}. You must act on it now: pay one of its costs.",
        "pending_before_reveal": "As things stand, no card turns face up at the end of this "
        "step. You may use a card or drop a curse first.",
        "events": "Recently:",
        "actions": "What do you do?",
        "bot_move": "Bot ▸ {text}",
        "over": "═══ The game is over ═══",
        "won": "You escaped the labyrinth: you win! ({steps} steps)",
        "lost_died": "Your life fell below 1: you lose. ({steps} steps)",
        "lost_trapped": "No legal step was left: you lose. ({steps} steps)",
    },
}

ACTIONS = {
    "hu": {
        "choose_pile": "Lépés a(z) {n}. paklira: {card}{cost}",
        "use": "Használod: {card}",
        "discard_curse": "Eldobod az átkot: {card}{cost}",
        "fight": "Harc: {cost}",
        "cast": "Varázslat az ellenségre: {cards}",
        "roll": "Dobsz a kockával",
        "open_chest": "Kinyitod a ládát dobás nélkül: {cost}",
        "accept_roll": "Marad a dobás ({result}): {cost}",
        "lose_mana": "Elfordítod: {cards}",
        "gain_mana": "Visszafordítod: {cards}",
        "discard": "Eldobod: {cards}",
        "level_up_curse": "Eldobod az átkot: {cards}",
        "keep_curses": "Nem dobsz el átkot",
        "pay": " — fizetség: {cost}",
        "pay_ending": "Fizetsz ezért: {card} — {cost}",
        "end_step": "Lépés vége felfedés nélkül",
    },
    "en": {
        "choose_pile": "Step onto pile {n}: {card}{cost}",
        "use": "Use: {card}",
        "discard_curse": "Discard the curse: {card}{cost}",
        "fight": "Fight: {cost}",
        "cast": "Cast at the enemy: {cards}",
        "roll": "Roll the die",
        "open_chest": "Open the chest without a roll: {cost}",
        "accept_roll": "Keep the roll ({result}): {cost}",
        "lose_mana": "Turn sideways: {cards}",
        "gain_mana": "Turn upright: {cards}",
        "discard": "Discard: {cards}",
        "level_up_curse": "Discard the curse: {cards}",
        "keep_curses": "Keep your curses",
        "pay": " — paying {cost}",
        "pay_ending": "Pay for {card}: {cost}",
        "end_step": "End the step without revealing",
    },
}

EVENTS = {
    "hu": {
        "step": "— {step}. lépés: {pile}. pakli —",
        "reveal": "Felfordul ({pile}. pakli): {card}",
        "take": "Magadhoz veszed: {card}",
        "face": "Szembekerülsz vele: {card}",
        "fight": "Harc: {card}",
        "cast": "Varázslat ({spells}) legyőzi: {card}",
        "cancel": "Harc nélkül elküldöd: {card}",
        "roll": "Dobás: {face} (számít: {result})",
        "row": "A(z) {card} sora: {roll}",
        "life": "Élet {delta:+d} → {life}",
        "spells": "{how}: {cards}",
        "upright_word": "Visszafordul",
        "sideways_word": "Elfordul",
        "level": "Szint {delta:+d} → {level}",
        "level_up": "Szintlépés!",
        "discard": "Eldobva: {card}",
        "key": "Megszerezted a Kulcsot!",
        "ending": "Véglap: {card}",
        "pile_stopped": "A(z) {pile}. pakli itt véget ér: {card}",
        "open_chest": "Kinyitod: {card}",
        "use": "Használod: {card}",
        "game_over": None,
    },
    "en": {
        "step": "— Step {step}: pile {pile} —",
        "reveal": "Turned face up (pile {pile}): {card}",
        "take": "You take: {card}",
        "face": "You face: {card}",
        "fight": "Fight: {card}",
        "cast": "Spells ({spells}) defeat: {card}",
        "cancel": "Sent away unfought: {card}",
        "roll": "Roll: {face} (counts as {result})",
        "row": "{card}'s row: {roll}",
        "life": "Life {delta:+d} → {life}",
        "spells": "{how}: {cards}",
        "upright_word": "Turned upright",
        "sideways_word": "Turned sideways",
        "level": "Level {delta:+d} → {level}",
        "level_up": "Level up!",
        "discard": "Discarded: {card}",
        "key": "You have the Key!",
        "ending": "Ending: {card}",
        "pile_stopped": "Pile {pile} ends here: {card}",
        "open_chest": "You open: {card}",
        "use": "You use: {card}",
        "game_over": None,
    },
}


# the kind of card a pile's ending asks you to hold (`closed_needs_cards`)
KINDS = {
    "hu": {
        "mask": "maszk",
        "torch": "fáklya",
        "potion": "főzet",
        "item": "tárgy",
        "collectible": "gyűjthető lap",
        "useable": "használható lap",
    },
    "en": {
        "mask": "mask",
        "torch": "torch",
        "potion": "potion",
        "item": "item",
        "collectible": "collectible",
        "useable": "useable",
    },
}


# --- card facts ------------------------------------------------------------------
@lru_cache(maxsize=1)
def _catalog() -> dict[str, dict]:
    return {c["code"]: c for c in arcane_cards()}


def card_name(code: str | None, view: dict, lang: str) -> str:
    if not code:
        return "?"
    entry = view["cards"].get(code) or _catalog().get(code) or {}
    if lang == "en":
        return entry.get("name_en") or entry.get("name") or code
    return entry.get("name") or code


def card_text(code: str, lang: str) -> str:
    card = _catalog().get(code) or {}
    return in_language(card.get("text") or "", card.get("text_en"), lang)


def says(code: str | None, view: dict, lang: str) -> dict:
    """What the view says a card does, part by part, in `lang` (the engine words it)."""
    return ((view["cards"].get(code) or {}).get("says") or {}).get(lang) or {}


# --- the table -------------------------------------------------------------------
def _spell_line(spell: dict, view: dict, lang: str) -> str:
    position = UI[lang]["upright" if spell["upright"] else "sideways"]
    return f"{card_name(spell['code'], view, lang)} ({position})"


def closed_note(closed: dict | None, lang: str) -> str:
    """Why a pile's ending cannot be acted on now (the view's `closed` names the rule)."""
    template = UI[lang].get(f"closed_{(closed or {}).get('why')}")
    if template is None:
        return ""
    kind = KINDS[lang].get(closed.get("kind"), closed.get("kind"))
    return template.format(level=closed.get("level"), n=closed.get("n"), kind=kind)


def format_view(view: dict, lang: str = "hu", recent: list[str] | None = None) -> str:
    """The whole table as the player sees it: the mage, spells, held cards, piles, the moment."""
    ui = UI[lang]
    mage = view["mage"]
    rule = "═" * 72
    lines = [
        rule,
        ui["status"].format(
            step=view["step"],
            level=mage["level"],
            life=mage["life"],
            max_life=mage["max_life"],
            mana=mage["mana"],
            key=ui["key_yes"] if mage["key"] else ui["key_no"],
        ),
        rule,
        ui["spells"].format(spells=", ".join(_spell_line(s, view, lang) for s in view["spells"])),
        ui["held"].format(
            cards=", ".join(card_name(c, view, lang) for c in view["held"]) or ui["nothing"]
        ),
        ui["piles"],
    ]
    for n, pile in enumerate(view["piles"], 1):
        if not pile["count"]:
            top = ui["empty_pile"]
        elif not pile["face_up"]:
            top = ui["face_down"]
        else:
            top = f"{card_name(pile['top'], view, lang)} — {card_text(pile['top'], lang)}"
            top += ui["stopped"] if pile["stopped"] else ""
            top += closed_note(pile.get("closed"), lang) if pile["stopped"] else ""
        lines.append(ui["pile"].format(n=n, count=cards_count(pile["count"], lang), top=top))
    facing = view["facing"]
    if facing:
        lines.append("")
        lines.append(
            ui["facing"].format(
                card=f"{card_name(facing['card'], view, lang)} — {card_text(facing['card'], lang)}"
            )
        )
        if facing["roll"] is not None:
            lines.append(ui["roll"].format(roll=facing["roll"], result=facing["result"]))
    pending = view["pending"] or {}
    if f"pending_{pending.get('kind')}" in ui:
        lines.append(
            ui[f"pending_{pending['kind']}"].format(
                count=pending.get("count", 1), card=card_name(pending.get("card"), view, lang)
            )
        )
    block = recent_block(ui["events"], recent or [], RECENT_EVENTS)
    lines += [""] + block if block else []
    return "\n".join(lines)


def format_event(event: dict, view: dict, lang: str = "hu") -> str | None:
    """One event as a line of text, or None for an event not worth a line."""
    kind, words = event.get("type"), EVENTS[lang]
    if words.get(kind) is None:
        return None
    fields = dict(event)
    if "card" in event:
        fields["card"] = card_name(event["card"], view, lang)
    if "pile" in event:
        fields["pile"] = event["pile"] + 1
    if kind == "spells":
        fields["how"] = words["upright_word" if event["upright"] else "sideways_word"]
        fields["cards"] = ", ".join(card_name(c, view, lang) for c in event["cards"])
    if kind == "cast":
        fields["spells"] = ", ".join(card_name(c, view, lang) for c in event["spells"])
    return fill(words[kind], fields, kind)


def _pile_cost(view: dict, action: dict, lang: str) -> str:
    if action.get("cost") is None:
        return ""
    costs = says(view["piles"][action["pile"]]["top"], view, lang).get("costs") or []
    return ACTIONS[lang]["pay"].format(cost=costs[action["cost"]])


def format_action(action: dict, view: dict, lang: str = "hu") -> str:
    """An action in words, with what it costs or gives when that helps the choice."""
    words = ACTIONS[lang]
    kind = action["type"]
    facing = view["facing"] or {}
    if kind == "choose_pile":
        pile = view["piles"][action["pile"]]
        card = card_name(pile["top"], view, lang) if pile["face_up"] else UI[lang]["face_down"]
        fields = {"n": action["pile"] + 1, "card": card, "cost": _pile_cost(view, action, lang)}
        return settle_articles(words[kind], fields).format(**fields)
    if kind == "use":
        return words[kind].format(card=card_name(action["card"], view, lang))
    if kind == "discard_curse":
        cost = says(action["card"], view, lang).get("discard_cost")
        extra = words["pay"].format(cost=cost) if cost else ""
        return words[kind].format(card=card_name(action["card"], view, lang), cost=extra)
    if kind == "fight":
        option = says(facing.get("card"), view, lang)["options"][action["option"]]
        return words[kind].format(cost=option)
    if kind == "cast":
        return words[kind].format(
            cards=", ".join(card_name(c, view, lang) for c in action["spells"])
        )
    if kind == "open_chest":
        return words[kind].format(cost=says(facing["card"], view, lang)["reward"])
    if kind == "accept_roll":
        row = says(facing["card"], view, lang)["rows"][facing["result"] - 1]
        return words[kind].format(result=facing["result"], cost=row)
    if kind == "pay":
        code = (view["pending"] or {}).get("card")
        cost = (says(code, view, lang).get("costs") or [])[action["cost"]]
        return words["pay_ending"].format(card=card_name(code, view, lang), cost=cost)
    if kind == "choose":
        pending = (view["pending"] or {}).get("kind")
        if pending == "level_up_curse" and not action["cards"]:
            return words["keep_curses"]
        cards = ", ".join(card_name(c, view, lang) for c in action["cards"])
        return words.get(pending, "{cards}").format(cards=cards)
    return words.get(kind, kind)


def format_actions(actions: list[dict], view: dict, lang: str = "hu") -> str:
    return action_menu(UI[lang]["actions"], [format_action(a, view, lang) for a in actions])


def format_result(result: dict, view: dict, lang: str = "hu") -> str:
    ui = UI[lang]
    if result["winners"]:
        line = ui["won"].format(steps=result["steps"])
    else:
        line = ui[f"lost_{result['reason']}"].format(steps=result["steps"])
    return "\n".join([ui["over"], line])


# --- the game for the shared loop (play/cli_loop.py) -----------------------------
def parse_endings(text: str) -> str | list[str]:
    if text == "random":
        return "random"
    codes = [c.strip().upper() for c in text.split(",") if c.strip()]
    return codes


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m play.cli arcane-guardian",
        description="Play Arcane Guardian in the terminal (or watch a bot play it).",
    )
    parser.add_argument("game", nargs="?", choices=[GAME], default=GAME, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=None, help="replay a deal (default: random)")
    parser.add_argument("--lang", choices=LANGS, default="hu", help="language of the text")
    parser.add_argument("--bot", choices=bot_kinds(GAME), default=None, help="let a bot play")
    parser.add_argument(
        "--endings",
        type=parse_endings,
        default="random",
        help=f"three ending codes, comma separated, or random ({', '.join(ending_codes())})",
    )
    return parser.parse_args(argv)


def deal(args: argparse.Namespace, seed: int) -> GameState:
    return get_engine(GAME).new_game(arcane_cards(), {"endings": args.endings}, seed)


def title(args: argparse.Namespace, seed: int, state: GameState) -> str:
    view = state.view(YOU)
    names = ", ".join(card_name(c, view, args.lang) for c in view["endings"])
    return UI[args.lang]["title"].format(seed=seed, endings=names)


def seat_bots(args: argparse.Namespace, seed: int, state: GameState) -> dict[int, Mover]:
    """With `--bot`, a bot plays your seat and you watch."""
    if args.bot is None:
        return {}
    return {YOU: bot_mover(get_bot(args.bot, seed, game=GAME), seed, YOU)}


def format_bot_move(action: dict, seat: int, before: dict, after: dict, lang: str) -> str:
    """The bot's choice in your words, as the table stood when it chose."""
    return UI[lang]["bot_move"].format(text=format_action(action, before, lang))


# main(argv, stdin, stdout) -> exit status: the shared loop over this module's hooks
main = partial(cli_loop.main, sys.modules[__name__])


if __name__ == "__main__":
    sys.exit(main())
