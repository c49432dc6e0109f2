"""Play Álomfogó in the terminal against a bot: `python -m play.cli alomfogo`.

A thin text front-end over the engine contract, so a person can try the rules
without the web. You sit at seat 0, the bot at seat 1. Everything printed
about the game comes from `state.view(0)` (plus the public card catalog for
names, stats and texts), so the bot's hand never reaches the screen.

The formatting functions are pure (a view and a language in, text out);
the hooks at the end (options, deal, title, bots) give this game to the
play loop all terminal games share (play/cli_loop.py), which
`main(argv, stdin, stdout)` runs, so tests drive it with StringIO.
"""

from __future__ import annotations

import argparse
import sys
from functools import lru_cache, partial

from catalog.vocab import SUBTYPES, TYPES
from core.bilingual import in_language
from play import cli_loop
from play.bots import get_bot
from play.bots.alomfogo_cards import DEMO_DECKS, all_cards, deck
from play.cli_loop import Mover, add_bot_option, bot_mover, fill, level_word, recent_block
from play.cli_prompt import PROMPT_UI, action_menu, cards_count
from play.engines import GameState, get_engine

GAME = "alomfogo"
YOU, BOT = 0, 1
LANGS = ("hu", "en")

UI = {
    "hu": {
        **PROMPT_UI["hu"],
        "you": "Te",
        "bot": "Bot",
        "title": "Álomfogó — te ({deck} pakli) a bot ({bot}) ellen · seed {seed}",
        "deck_tamado": "támadó",
        "deck_vedo": "védő",
        "turn_line": "{turn}. kör · {whose} köre · {phase}",
        "whose_you": "a te",
        "whose_bot": "a bot",
        "phase_main": "fő fázis",
        "phase_attack": "párbajok",
        "phase_duel": "párbaj",
        "phase_over": "vége",
        "seat_line": "{who}: dicsőség {glory} · VP {vp} · kéz {hand} · pakli {deck}",
        "out": " · KIESETT",
        "board": "  Asztal:",
        "empty": "–",
        "discard": "  Bűbájketrec ({n}): {cards}",
        "hand": "  Kezed:",
        "stack": "  Kijátszás alatt: {cards}",
        "duel": "Párbaj: {a} ⟷ {d}",
        "duel_a": "{card} [{who}], támadó erő {power}",
        "duel_d": "{card} [{who}], védő erő {power}",
        "duel_no_defender": "(még nincs védő)",
        "duel_helpers": "  Segítők: {a} / {d}",
        "duel_step": "  Most: {step} ({who})",
        "step_defend": "védő kijelölése",
        "step_attacker_helper": "a támadó segítője",
        "step_defender_helper": "a védő segítője",
        "step_help": "segítségek (képesség vagy azonnali varázslat)",
        "casting": "Folyamatban: {who} {mode} — {card}{targets}",
        "mode_spell": "varázslata",
        "mode_helper": "segítő képessége",
        "targets": " · célpont: {cards}",
        "pending_choose_target": "Döntés: célpont választása ({who})",
        "pending_choose_discard": "Döntés: eldobandó lap választása ({who})",
        "pending_counter": "Döntés: ellenvarázs? ({who})",
        "pending_draw_alomleny": "Döntés: húz-e egy lapot az álomlény után ({who})",
        "pending_draw_cycled": "Döntés: húz-e egy lapot az eldobott azonnali helyett ({who})",
        "events": "Legutóbbi események:",
        "earlier": "  … és {n} korábbi",
        "actions": "Mit teszel?",
        "bot_move": "Bot ▸ {text}",
        "over": "═══ A játék véget ért ═══",
        "won": "Nyertél! ({reason})",
        "lost": "A bot nyert. ({reason})",
        "draw_result": "Döntetlen. ({reason})",
        "final_glory": "Dicsőség: te {you}, bot {bot}",
        "reason_glory": "elfogyott a dicsőség",
        "reason_deck_out": "üres pakliból kellett húzni",
        "vp": "VP",
        "free": "ingyen",
        "attack_power": "támadó erő {n}",
        "defense_power": "védő erő {n}",
        "why_not_one_buvforras": "ebben a körben már nem: már kijátszottál egy bűvforrást",
        "why_not_vp": "most nem: nincs hozzá elég VP-d",
        "why_not_unpayable": "most nem: nincs meg, amit a hatása kér (dobandó lap vagy célpont)",
        "note_buvforras": (
            "Bűvforrás lapból körönként csak egyet játszhatsz ki, és ebben a körben "
            "már kijátszottál egyet."
        ),
        "note_first_turn": (
            "Az első körben nincs párbaj: a kezdő játékos az első körében nem támadhat."
        ),
        "end_main_no_duels": "Befejezed a fő fázist (ebben a körben nincs párbaj)",
    },
    "en": {
        **PROMPT_UI["en"],
        "you": "You",
        "bot": "Bot",
        "title": "Álomfogó — you ({deck} deck) against the bot ({bot}) · seed {seed}",
        "deck_tamado": "attacking",
        "deck_vedo": "defending",
        "turn_line": "Turn {turn} · {whose} turn · {phase}",
        "whose_you": "your",
        "whose_bot": "the bot's",
        "phase_main": "main phase",
        "phase_attack": "duels",
        "phase_duel": "duel",
        "phase_over": "over",
        "seat_line": "{who}: glory {glory} · VP {vp} · hand {hand} · deck {deck}",
        "out": " · OUT",
        "board": "  Board:",
        "empty": "–",
        "discard": "  Spell cage ({n}): {cards}",
        "hand": "  Your hand:",
        "stack": "  Being played: {cards}",
        "duel": "Duel: {a} ⟷ {d}",
        "duel_a": "{card} [{who}], attack {power}",
        "duel_d": "{card} [{who}], defense {power}",
        "duel_no_defender": "(no defender yet)",
        "duel_helpers": "  Helpers: {a} / {d}",
        "duel_step": "  Now: {step} ({who})",
        "step_defend": "choosing a defender",
        "step_attacker_helper": "the attacker's helper",
        "step_defender_helper": "the defender's helper",
        "step_help": "help (abilities or instants)",
        "casting": "Resolving: {who} {mode} — {card}{targets}",
        "mode_spell": "spell",
        "mode_helper": "helper ability",
        "targets": " · target: {cards}",
        "pending_choose_target": "Decision: choose a target ({who})",
        "pending_choose_discard": "Decision: choose a card to discard ({who})",
        "pending_counter": "Decision: counter? ({who})",
        "pending_draw_alomleny": "Decision: draw a card for the dream creature? ({who})",
        "pending_draw_cycled": "Decision: draw a card for the discarded instant? ({who})",
        "events": "Recent events:",
        "earlier": "  … and {n} earlier",
        "actions": "What do you do?",
        "bot_move": "Bot ▸ {text}",
        "over": "═══ The game is over ═══",
        "won": "You won! ({reason})",
        "lost": "The bot won. ({reason})",
        "draw_result": "A draw. ({reason})",
        "final_glory": "Glory: you {you}, bot {bot}",
        "reason_glory": "glory ran out",
        "reason_deck_out": "had to draw from an empty deck",
        "vp": "VP",
        "free": "free",
        "attack_power": "attack {n}",
        "defense_power": "defense {n}",
        "why_not_one_buvforras": "not this turn: you already played a spell source",
        "why_not_vp": "not now: you do not have enough VP for it",
        "why_not_unpayable": (
            "not now: what its effect asks is not there (cards to discard or a target)"
        ),
        "note_buvforras": (
            "You may play only one spell source (bűvforrás) card a turn, "
            "and you already played one this turn."
        ),
        "note_first_turn": (
            "No duels on the first turn: the starting player cannot attack on their first turn."
        ),
        "end_main_no_duels": "End the main phase (no duels this turn)",
    },
}

ZONES = {
    "hu": {
        "board": "asztal",
        "discard": "bűbájketrec",
        "hand": "kéz",
        "casting": "kijátszás alatt",
    },
    "en": {"board": "board", "discard": "spell cage", "hand": "hand", "casting": "being played"},
}

CARD_STATES = {
    "hu": {"active": "aktív", "resting": "pihenő", "damaged": "sérült"},
    "en": {"active": "active", "resting": "resting", "damaged": "damaged"},
}

# Your options, in the second person: what the numbered list says.
YOUR_ACTIONS = {
    "hu": {
        "play_card": "Kijátszod: {card} ({cost}){detail}",
        "cycle_instant": "Eldobod és húzol helyette (1 VP): {card}",
        "activate": "Képességet használsz: {card}{detail}",
        "end_main": "Befejezed a fő fázist (jöhetnek a párbajok)",
        "declare_attack": "Támadsz ezzel: {card}{detail}",
        "end_turn": "Befejezed a köröd",
        "declare_defender": "Védekezel ezzel: {card}{detail}",
        "decline_defense": "Nem védekezel (−{loss} dicsőség)",
        "assign_helper": "Segítőnek állítod: {card}{detail}",
        "no_helper": "Nem állítasz segítőt",
        "use_helper": "Használod a segítőd képességét: {card}{detail}",
        "play_instant": "Azonnali varázslatot játszol ki: {card} ({cost}){detail}",
        "pass": "Passzolsz",
        "choose_discard": "Eldobod (költségként): {card}",
        "choose_target": "Célpontnak választod: {card}",
        "counter": "Ellenvarázslatot használsz: {card}{detail}",
        "decline_counter": "Nem ellenvarázsolsz",
        "draw_card": "Húzol egy lapot (szabad választás)",
        "decline_draw": "Nem húzol (a pakliban {deck} lap marad)",
    },
    "en": {
        "play_card": "Play: {card} ({cost}){detail}",
        "cycle_instant": "Discard it and draw another (1 VP): {card}",
        "activate": "Use the ability of: {card}{detail}",
        "end_main": "End the main phase (on to duels)",
        "declare_attack": "Attack with: {card}{detail}",
        "end_turn": "End your turn",
        "declare_defender": "Defend with: {card}{detail}",
        "decline_defense": "Do not defend (−{loss} glory)",
        "assign_helper": "Assign as helper: {card}{detail}",
        "no_helper": "No helper",
        "use_helper": "Use your helper's ability: {card}{detail}",
        "play_instant": "Play an instant: {card} ({cost}){detail}",
        "pass": "Pass",
        "choose_discard": "Discard (as the cost): {card}",
        "choose_target": "Choose as the target: {card}",
        "counter": "Counter with: {card}{detail}",
        "decline_counter": "Do not counter",
        "draw_card": "Draw a card (your choice)",
        "decline_draw": "Do not draw ({deck} left in your deck)",
    },
}

# The bot's moves, as short noun phrases (no verb to conjugate).
BOT_ACTIONS = {
    "hu": {
        "play_card": "kijátszás: {card} ({cost})",
        "cycle_instant": "azonnali eldobása és húzás: {card}",
        "activate": "képesség: {card}",
        "end_main": "fő fázis vége",
        "declare_attack": "támadás: {card}",
        "end_turn": "kör vége",
        "declare_defender": "védekezés: {card}",
        "decline_defense": "nincs védekezés",
        "assign_helper": "segítő: {card}",
        "no_helper": "nincs segítő",
        "use_helper": "segítő képesség: {card}",
        "play_instant": "azonnali varázslat: {card} ({cost})",
        "pass": "passz",
        "choose_discard": "eldobás költségként: {card}",
        "choose_target": "célpont: {card}",
        "counter": "ellenvarázs: {card}",
        "decline_counter": "nincs ellenvarázs",
        "draw_card": "húz egy lapot",
        "decline_draw": "nem húz",
    },
    "en": {
        "play_card": "plays {card} ({cost})",
        "cycle_instant": "discards an instant and draws: {card}",
        "activate": "uses the ability of {card}",
        "end_main": "ends the main phase",
        "declare_attack": "attacks with {card}",
        "end_turn": "ends the turn",
        "declare_defender": "defends with {card}",
        "decline_defense": "does not defend",
        "assign_helper": "assigns a helper: {card}",
        "no_helper": "no helper",
        "use_helper": "uses the helper ability of {card}",
        "play_instant": "plays an instant: {card} ({cost})",
        "pass": "passes",
        "choose_discard": "discards as the cost: {card}",
        "choose_target": "targets {card}",
        "counter": "counters with {card}",
        "decline_counter": "does not counter",
        "draw_card": "draws a card",
        "decline_draw": "does not draw",
    },
}

# Events as "{who}: …" lines; None hides an event that says nothing new.
EVENTS = {
    "hu": {
        "turn": "— {turn}. kör: {who} —",
        "vp": "{who}: {delta:+d} VP (most {vp})",
        "draw": "{who}: húzás — {card}",
        "draw_hidden": "{who}: húzás (rejtett lap)",
        "play": "{who}: kijátszás — {card}{free}",
        "activate": "{who}: képesség — {card}",
        "end_main": "{who}: fő fázis vége",
        "attack": "{who}: támadás — {card}",
        "defense_declined": "{who}: nincs védekezés",
        "defend": "{who}: védekezés — {card}",
        "helper": "{who}: segítő — {card}",
        "use_helper": "{who}: segítő képesség — {card}",
        "pass": "{who}: passz",
        "duel_result": "Párbaj: támadó erő {attack}, védő erő {defense} — {winner}",
        "winner_attacker": "a támadó nyert",
        "winner_defender": "a védő nyert",
        "winner_none": "döntetlen",
        "glory": "{who}: dicsőség {delta:+d} (most {glory}) — {reason}",
        "to_discard": "{who}: bűbájketrecbe — {card} ({reason})",
        "target": "{who}: célpont — {card}",
        "countered": "{who}: ellenvarázs — {card} semlegesíti ezt: {spell}",
        "to_hand": "{who}: kézbe vissza — {card}",
        "card_state": "{card} → {state}",
        "power": "{side} {delta:+d} erő",
        "side_attacker": "A támadó",
        "side_defender": "A védő",
        "player_out": "{who}: kiesett — {reason}",
        "game_over": "Vége a játéknak.",
        "end_turn": "{who}: kör vége",
        "no_draw": "{who}: nincs húzás — {reason}",
        "no_draw_declined": "saját döntés",
        "no_draw_empty_deck": "üres a pakli (ez nem vereség: a húzás nem kötelező)",
        "duel_end": None,
        "a_card": "egy lap",
        "free": " (ingyen)",
        "why_declined": "visszautasított párbaj",
        "why_defended": "sikeres védekezés",
        "why_effect": "lap hatása",
        "why_cycled": "csere",
        "why_lost_duel": "vesztes párbaj",
        "why_cost": "költség",
        "why_sacrifice": "áldozat",
        "why_countered": "ellenvarázs",
        "why_resolved": "elhasználva",
        "why_glory": "elfogyott a dicsőség",
        "why_deck_out": "üres pakliból kellett húzni",
    },
    "en": {
        "turn": "— Turn {turn}: {who} —",
        "vp": "{who}: {delta:+d} VP (now {vp})",
        "draw": "{who}: draw — {card}",
        "draw_hidden": "{who}: draw (hidden card)",
        "play": "{who}: play — {card}{free}",
        "activate": "{who}: ability — {card}",
        "end_main": "{who}: end of the main phase",
        "attack": "{who}: attack — {card}",
        "defense_declined": "{who}: no defense",
        "defend": "{who}: defense — {card}",
        "helper": "{who}: helper — {card}",
        "use_helper": "{who}: helper ability — {card}",
        "pass": "{who}: pass",
        "duel_result": "Duel: attack {attack}, defense {defense} — {winner}",
        "winner_attacker": "the attacker wins",
        "winner_defender": "the defender wins",
        "winner_none": "a tie",
        "glory": "{who}: glory {delta:+d} (now {glory}) — {reason}",
        "to_discard": "{who}: to the spell cage — {card} ({reason})",
        "target": "{who}: target — {card}",
        "countered": "{who}: counter — {card} cancels {spell}",
        "to_hand": "{who}: back to hand — {card}",
        "card_state": "{card} → {state}",
        "power": "{side} {delta:+d} power",
        "side_attacker": "The attacker",
        "side_defender": "The defender",
        "player_out": "{who}: out — {reason}",
        "game_over": "The game is over.",
        "end_turn": "{who}: end of turn",
        "no_draw": "{who}: no draw — {reason}",
        "no_draw_declined": "by choice",
        "no_draw_empty_deck": "the deck is empty (no loss: the draw is optional)",
        "duel_end": None,
        "a_card": "a card",
        "free": " (free)",
        "why_declined": "refused duel",
        "why_defended": "successful defense",
        "why_effect": "card effect",
        "why_cycled": "swapped",
        "why_lost_duel": "lost the duel",
        "why_cost": "cost",
        "why_sacrifice": "sacrificed",
        "why_countered": "countered",
        "why_resolved": "used up",
        "why_glory": "glory ran out",
        "why_deck_out": "had to draw from an empty deck",
    },
}

RECENT_EVENTS = 40  # at most this many events under "recent events"


# --- card facts from the view and the public catalog -------------------------
@lru_cache(maxsize=1)
def _catalog() -> dict[str, dict]:
    return all_cards()


def _printed(code: str | None) -> dict:
    return _catalog().get(code or "", {})


def visible_cards(view: dict) -> dict[str, dict]:
    """Card id → view entry (id, code, name, state) of every card the viewer sees."""
    seen = {}
    for seat in view["players"]:
        for zone in ("hand", "board", "discard", "casting"):
            for entry in seat.get(zone, []):
                seen[entry["id"]] = dict(entry, owner=seat["seat"], zone=zone)
    return seen


def card_name(entry: dict | None, lang: str) -> str | None:
    """The card's name in `lang` (English from the catalog when it has one)."""
    if not entry or not entry.get("code"):
        return None
    printed = _printed(entry["code"])
    return in_language(entry.get("name") or printed.get("name"), printed.get("name_en"), lang)


def card_text(code: str, lang: str) -> str:
    printed = _printed(code)
    return in_language(printed.get("text") or "", printed.get("text_en"), lang)


def figure(entry: dict | None, name: str) -> int:
    """attack, defense, glory_bonus or cost as the engine's view states it now."""
    return (entry or {}).get(name) or 0


def type_label(code: str, lang: str) -> str:
    term = TYPES.get(_printed(code).get("type", ""))
    return term.label(lang) if term else ""


def rule_subtypes(entry: dict, lang: str) -> list[str]:
    """The card's subtypes that rules refer to (bűvforrás, ellenvarázs), as the view names them."""
    return [SUBTYPES.label(sub, lang) for sub in entry.get("subtypes") or ()]


# --- the view ------------------------------------------------------------------
def seat_name(seat: int | None, view: dict, lang: str) -> str:
    if seat is None:
        return "?"
    if seat == view["you"]:
        return UI[lang]["you"]
    others = [s["seat"] for s in view["players"] if s["seat"] != view["you"]]
    return UI[lang]["bot"] if len(others) == 1 else f"{UI[lang]['bot']} {seat}"


def describe_card(entry: dict, view: dict, lang: str, *, on_board: bool) -> str:
    """A card on one line: "Name — révülő 3/2, aktív · text" on the board (stats with
    bonuses), "Name (2 VP) — révülő 3/2 · text" in hand (printed stats, cost to pay)."""
    code = entry["code"]
    printed = _printed(code)
    name = card_name(entry, lang)
    if not on_board:
        name += f" ({figure(entry, 'cost')} {UI[lang]['vp']})"
    kind = type_label(code, lang)
    if printed.get("type") == "revulo":
        if on_board:
            atk, dfn = figure(entry, "attack"), figure(entry, "defense")
            bonus = figure(entry, "glory_bonus")
        else:
            atk, dfn = printed.get("attack"), printed.get("defense")
            bonus = printed.get("glory_bonus")
        kind += f" {atk}/{dfn}"
        if bonus:
            kind += f" ★{bonus:+d}"
    if on_board and entry.get("state"):
        kind += f", {CARD_STATES[lang][entry['state']]}"
    subtypes = rule_subtypes(entry, lang)
    if subtypes:
        kind += f" ({', '.join(subtypes)})"
    if entry.get("why_not"):
        kind += f" — {UI[lang]['why_not_' + entry['why_not']]}"
    text = card_text(code, lang)
    return f"{name} — {kind}" + (f" · {text}" if text else "")


def _names(entries: list[dict], lang: str) -> str:
    return ", ".join(card_name(e, lang) or "?" for e in entries) or UI[lang]["empty"]


def format_seat(seat: dict, view: dict, lang: str) -> list[str]:
    ui = UI[lang]
    lines = [
        ui["seat_line"].format(
            who=seat_name(seat["seat"], view, lang),
            glory=seat["glory"],
            vp=seat["vp"],
            hand=cards_count(seat["hand_count"], lang),
            deck=cards_count(seat["deck_count"], lang),
        )
        + ("" if seat["alive"] else ui["out"])
    ]
    entries = [dict(e, owner=seat["seat"]) for e in seat["board"]]
    lines.append(ui["board"] + ("" if entries else f" {ui['empty']}"))
    lines += [f"    {describe_card(e, view, lang, on_board=True)}" for e in entries]
    if seat["casting"]:
        lines.append(ui["stack"].format(cards=_names(seat["casting"], lang)))
    lines.append(ui["discard"].format(n=len(seat["discard"]), cards=_names(seat["discard"], lang)))
    if "hand" in seat:
        lines.append(ui["hand"] + ("" if seat["hand"] else f" {ui['empty']}"))
        lines += [
            f"    {n}. {describe_card(dict(e, owner=seat['seat']), view, lang, on_board=False)}"
            for n, e in enumerate(seat["hand"], 1)
        ]
    return lines


def format_duel(view: dict, lang: str) -> list[str]:
    duel, ui = view["duel"], UI[lang]
    if not duel:
        return []
    seen = visible_cards(view)

    def power(card: str, side: int, name: str) -> str:
        base, boost = figure(seen.get(card), name), duel["boost"][side]
        return f"{base}{boost:+d} = {duel['power'][side]}" if boost else str(base)

    a = ui["duel_a"].format(
        who=seat_name(duel["attacker"], view, lang),
        card=card_name(seen.get(duel["a"]), lang) or "?",
        power=power(duel["a"], 0, "attack"),
    )
    if duel["d"]:
        d = ui["duel_d"].format(
            who=seat_name(duel["defender"], view, lang),
            card=card_name(seen.get(duel["d"]), lang) or "?",
            power=power(duel["d"], 1, "defense"),
        )
    else:
        d = ui["duel_no_defender"]
    lines = [ui["duel"].format(a=a, d=d)]
    helpers = [card_name(seen.get(h), lang) if h else ui["empty"] for h in duel["helpers"]]
    if duel["step"] != "defend":
        lines.append(ui["duel_helpers"].format(a=helpers[0], d=helpers[1]))
    who = seat_name(duel["deciding"], view, lang)
    lines.append(ui["duel_step"].format(step=ui[f"step_{duel['step']}"], who=who))
    return lines


def format_casting(view: dict, lang: str) -> list[str]:
    casting, ui = view["casting"], UI[lang]
    lines = []
    if casting:
        seen = visible_cards(view)
        targets = [
            card_name(seen.get(t), lang) or EVENTS[lang]["a_card"] for t in casting["targets"]
        ]
        lines.append(
            ui["casting"].format(
                who=seat_name(casting["by"], view, lang),
                mode=ui[f"mode_{casting['mode']}"],
                card=card_name(seen.get(casting["source"]), lang) or EVENTS[lang]["a_card"],
                targets=ui["targets"].format(cards=", ".join(targets)) if targets else "",
            )
        )
    pending = view["pending"]
    if pending:
        if pending["kind"] == "choose":
            key = f"pending_choose_{pending['purpose']}"
        elif pending["kind"] == "draw":
            key = f"pending_draw_{pending['after']}"
        else:
            key = "pending_counter"
        lines.append(ui[key].format(who=seat_name(pending["player"], view, lang)))
    return lines


def format_view(view: dict, lang: str = "hu", recent: list[str] | None = None) -> str:
    """The whole table as `view["you"]` sees it; `recent` replaces the view's last events."""
    ui = UI[lang]
    you = view["you"]
    whose = ui["whose_you"] if view["turn_player"] == you else ui["whose_bot"]
    rule = "═" * 72
    lines = [
        rule,
        ui["turn_line"].format(turn=view["turn"], whose=whose, phase=ui[f"phase_{view['phase']}"]),
        rule,
    ]
    seats = sorted(view["players"], key=lambda s: s["seat"] == you)  # the bot first, you last
    for seat in seats:
        lines += format_seat(seat, view, lang)
        lines.append("")
    extra = format_duel(view, lang) + format_casting(view, lang)
    if extra:
        lines += extra + [""]
    if recent is None:
        recent = [t for t in (format_event(e, view, lang) for e in view["events"][-8:]) if t]
    lines += recent_block(ui["events"], recent, RECENT_EVENTS, ui["earlier"])
    return "\n".join(lines)


# --- events --------------------------------------------------------------------
def format_event(event: dict, view: dict, lang: str = "hu") -> str | None:
    """One event as a line of text, or None for an event not worth a line."""
    words = EVENTS[lang]
    kind = event.get("type")
    template = words.get(kind)
    if template is None:
        return None
    seen = visible_cards(view)

    def name(iid: str | None, code: str | None = None) -> str:
        entry = seen.get(iid) if iid else None
        if entry is None and code:
            entry = {"code": code, "name": _printed(code).get("name")}
        return card_name(entry, lang) or words["a_card"]

    who = seat_name(event.get("player"), view, lang)
    fields = dict(event, who=who, card=name(event.get("card"), event.get("code")))
    if kind == "draw" and event.get("card") not in seen:
        return words["draw_hidden"].format(who=who)
    if kind == "duel_result":
        fields["winner"] = words[f"winner_{event.get('winner') or 'none'}"]
    elif kind in ("glory", "player_out"):
        fields["reason"] = words.get(f"why_{event.get('reason')}", event.get("reason") or "")
    elif kind == "to_discard":
        fields["reason"] = words.get(f"why_{event.get('reason')}", event.get("reason") or "")
    elif kind == "countered":
        fields["spell"] = name(event.get("spell"))
    elif kind == "card_state":
        fields["state"] = CARD_STATES[lang].get(event.get("state"), event.get("state"))
    elif kind == "power":
        fields["side"] = words[f"side_{event.get('side')}"]
    elif kind == "play":
        fields["free"] = words["free"] if event.get("free") else ""
    elif kind == "no_draw":
        fields["reason"] = words.get(f"no_draw_{event.get('reason')}", event.get("reason") or "")
    return fill(template, fields, f"{who}: {kind}")


# --- actions -------------------------------------------------------------------
def _detail(action: dict, view: dict, lang: str, entry: dict | None) -> str:
    """The few facts worth knowing when choosing this action."""
    if not entry:
        return ""
    code = entry["code"]
    kind = action["type"]
    printed = _printed(code)
    if kind == "declare_attack":
        return f" ({UI[lang]['attack_power'].format(n=figure(entry, 'attack'))})"
    if kind == "declare_defender":
        return f" ({UI[lang]['defense_power'].format(n=figure(entry, 'defense'))})"
    if kind == "play_card" and printed.get("type") == "revulo":
        return f" — {type_label(code, lang)} {printed.get('attack')}/{printed.get('defense')}"
    text = card_text(code, lang)
    return f" — {text}" if text else ""


def format_action(
    action: dict, view: dict, lang: str = "hu", *, yours: bool = True, purpose: str | None = None
) -> str:
    """An action in words: second person for your options, a short phrase for the bot's.

    `purpose` says what a `choose_target` picks (the view's pending choice by default).
    """
    kind = action["type"]
    seen = visible_cards(view)
    entry = seen.get(action.get("card")) if action.get("card") else None
    key = kind
    purpose = purpose or (view.get("pending") or {}).get("purpose")
    if kind == "choose_target" and purpose == "discard":
        key = "choose_discard"
    templates = (YOUR_ACTIONS if yours else BOT_ACTIONS)[lang]
    template = templates.get(key, kind + " {card}")
    if yours and kind == "end_main" and view.get("no_duels"):
        template = UI[lang]["end_main_no_duels"]
    card = card_name(entry, lang) or EVENTS[lang]["a_card"]
    if entry and kind == "choose_target" and entry.get("owner") is not None:
        place = ZONES[lang].get(entry.get("zone"), "")
        card += f" ({seat_name(entry['owner'], view, lang)}, {place}"
        if entry.get("state"):
            card += f", {CARD_STATES[lang][entry['state']]}"
        card += ")"
    if action.get("free"):
        source = card_name(seen.get(action["free"]), lang) or "?"
        cost = f"{UI[lang]['free']}: {source}"
    elif entry:
        cost = f"{figure(entry, 'cost')} {UI[lang]['vp']}"
    else:
        cost = "? VP"
    return template.format(
        card=card,
        cost=cost,
        deck=_own_seat(view)["deck_count"] if kind == "decline_draw" else 0,
        detail=_detail(action, view, lang, entry) if yours else "",
        # refusing happens in a duel, whose view says what it costs (a past move: not shown)
        loss=view["duel"]["decline_loss"] if kind == "decline_defense" and view["duel"] else 0,
    )


def _own_seat(view: dict) -> dict:
    return next(s for s in view["players"] if s["seat"] == view["you"])


def action_notes(view: dict, lang: str = "hu") -> list[str]:
    """Why an option you might look for is missing from your list (facts from the view)."""
    ui, notes = UI[lang], []
    if view["turn_player"] != view["you"] or view["phase"] not in ("main", "attack"):
        return notes
    if view.get("no_duels") == "first_turn":
        notes.append(ui["note_first_turn"])
    hand = _own_seat(view).get("hand", [])
    if view["phase"] == "main" and any(e.get("why_not") == "one_buvforras" for e in hand):
        notes.append(ui["note_buvforras"])
    return notes


def format_actions(actions: list[dict], view: dict, lang: str = "hu") -> str:
    choices = [format_action(a, view, lang) for a in actions]
    return action_menu(UI[lang]["actions"], choices, action_notes(view, lang))


def format_result(result: dict, view: dict, lang: str = "hu") -> str:
    ui = UI[lang]
    reason = ui.get(f"reason_{result.get('reason')}", result.get("reason") or "")
    winners = result.get("winners") or []
    if view["you"] in winners and len(winners) == 1:
        line = ui["won"].format(reason=reason)
    elif winners:
        line = ui["lost"].format(reason=reason)
    else:
        line = ui["draw_result"].format(reason=reason)
    glory = result.get("glory") or [s["glory"] for s in view["players"]]
    others = [g for p, g in enumerate(glory) if p != view["you"]]
    final = ui["final_glory"].format(you=glory[view["you"]], bot=", ".join(str(g) for g in others))
    return "\n".join([ui["over"], line, final])


# --- the game for the shared loop (play/cli_loop.py) -----------------------------
def make_bot(kind: str, seed: int, seat: int = BOT, deck: list[dict] | None = None) -> Mover:
    """play.bots' bot of `kind` (or level) for `seat`: it decides from that seat's view and
    legal actions; the hard bot also knows `deck`, the cards that seat brought."""
    return bot_mover(get_bot(kind, seed, game=GAME, deck=deck, options=None), seed, seat)


def demo_pair(my_deck: str) -> list[list[dict]]:
    """The decks as new_game gets them: yours (`my_deck`) at seat 0, the other demo deck at 1."""
    other = next(name for name in DEMO_DECKS if name != my_deck)
    return [deck(DEMO_DECKS[my_deck]), deck(DEMO_DECKS[other])]


def new_state(my_deck: str, seed: int, game: str = GAME) -> GameState:
    """A game with you on `my_deck` and the bot on the other demo deck."""
    return get_engine(game).new_game(demo_pair(my_deck), None, seed)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m play.cli", description="Play a card game in the terminal against a bot."
    )
    parser.add_argument("game", choices=[GAME], help="the game to play")
    add_bot_option(parser, GAME, default="normal")
    parser.add_argument("--seed", type=int, default=None, help="replay a game (default: random)")
    parser.add_argument("--deck", choices=sorted(DEMO_DECKS), default="tamado", help="your deck")
    parser.add_argument("--lang", choices=LANGS, default="hu", help="language of the text")
    return parser.parse_args(argv)


def deal(args: argparse.Namespace, seed: int) -> GameState:
    return new_state(args.deck, seed)


def title(args: argparse.Namespace, seed: int, state: GameState) -> str:
    ui = UI[args.lang]
    return ui["title"].format(
        deck=ui[f"deck_{args.deck}"], bot=level_word(args.bot, args.lang), seed=seed
    )


def seat_bots(args: argparse.Namespace, seed: int, state: GameState) -> dict[int, Mover]:
    return {BOT: make_bot(args.bot, seed, deck=demo_pair(args.deck)[BOT])}


def format_bot_move(action: dict, seat: int, before: dict, after: dict, lang: str) -> str:
    """The bot's move in words; a choose_target picks what the choice before the move was for."""
    purpose = (before["pending"] or {}).get("purpose")
    text = format_action(action, after, lang, yours=False, purpose=purpose)
    return UI[lang]["bot_move"].format(text=text)


# main(argv, stdin, stdout) -> exit status: the shared loop over this module's hooks
main = partial(cli_loop.main, sys.modules[__name__])


if __name__ == "__main__":
    sys.exit(main())
