"""ONIROO in the terminal: `python -m play.cli oniroo --level N --players K`.

You sit at seat 0, bots at the other seats (`--players 1` is the solitaire).
Everything printed about the game comes from `state.view(0)`, so no other
hand and no draw pile order reaches the screen. The formatting functions
are pure (a view and a language in, text out); the hooks at the end
(options, deal, title, bots) give this game to the play loop all terminal
games share (play/cli_loop.py), which `main(argv, stdin, stdout)` runs, so
tests drive it with StringIO. Hungarian by default, English with `--lang en`.
"""

from __future__ import annotations

import argparse
import sys
from functools import partial

from core.hungarian import settle_articles
from play import cli_loop
from play.bots import get_bot
from play.bots.oniroo_cards import oniroo_card, oniroo_cards
from play.cli_loop import Mover, add_bot_option, bot_mover, fill, level_word, recent_block
from play.cli_prompt import PROMPT_UI, action_menu, cards_count
from play.engines import GameState, get_engine

GAME = "oniroo"
YOU = 0
LANGS = ("hu", "en")
RECENT_EVENTS = 12

SHAPE = {
    "hu": {"square": "négyzet", "star": "csillag", "circle": "kör", "cross": "kereszt",
           "triangle": "háromszög"},
    "en": {"square": "square", "star": "star", "circle": "circle", "cross": "cross",
           "triangle": "triangle"},
}  # fmt: skip
GROUP = {
    "hu": {"animals": "állat", "plants": "növény", "objects": "tárgy", "places": "hely",
           "people": "ember", "myth": "mítosz", "landscapes": "táj", "energy": "energia"},
    "en": {"animals": "animals", "plants": "plants", "objects": "objects", "places": "places",
           "people": "people", "myth": "myth", "landscapes": "landscapes", "energy": "energy"},
}  # fmt: skip
KIND = {
    "hu": {"symbol": "szimbólum", "free": "szabad", "wake_up": "ébredés",
           "bad_night": "rossz éjszaka", "moon_head": "holdfej", "dream_fairy": "álomtündér",
           "magic_code": "varázskód"},
    "en": {"symbol": "symbol", "free": "free", "wake_up": "wake-up", "bad_night": "bad night",
           "moon_head": "moon head", "dream_fairy": "dream fairy", "magic_code": "magic code"},
}  # fmt: skip

UI = {
    "hu": {
        **PROMPT_UI["hu"],
        "you": "Te",
        "bot": "Bot {n}",
        "title": "ONIROO — {level}. szint, {players} játékos, botok: {bot} · seed {seed}",
        "title_solo": "ONIROO pasziánsz — {level}. szint · seed {seed}",
        "solo_line": "Pasziánsz, {level}. szint · {turn}. húzás",
        "turn_line": "{turn}. kör · {whose} köre · {game}. játszma / {games}",
        "whose_you": "a te",
        "whose_bot": "{who}",
        "seat_line": "{who}: {score} pont · kéz {hand}{extra}",
        "waiting": " · még {n} körig nem tehet szimbólumkártyát",
        "blind": " · vakon játszik",
        "piles": "Húzópakli: {draw} · dobópakli: {discard}{top}",
        "top": " (felül: {card})",
        "dream": "  {dream}{complete}: {cards}",
        "complete": " ✔ kész",
        "no_dreams": "  (nincs álma)",
        "shared": "Közös álom{complete}: {cards}",
        "missing": "    hiányzik: {what}",
        "need_code": "kódsor (legjobb: {best})",
        "need_link": "csoportkapcsolat",
        "best_letter": "{value} betű {count}/5",
        "best_shape": "{value} {count}/5",
        "best_run": "számsor {count}/5",
        "best_run_named": "1-2-3-4-5 vagy 6-7-8-9-0 számsor {count}/5",
        "you_wait": (
            "Rossz éjszaka: ebben a körben nem tehetsz szimbólumkártyát a közös álomba "
            "(még {n} várakozó kör, ezzel együtt)."
        ),
        "hand": "  Kezed:",
        "hand_blind": "  Kezed: {n}, most nem látod (holdszem)",
        "known": "  Ismert lapjai: {cards}",
        "staged": "  Kiterítve: {cards}",
        "attack": "Támadás: {who} — {card}{target}",
        "pending": "Döntésre vár: {who}",
        "in_transit": "Kiosztásra vár: {cards}",
        "empty": "–",
        "events": "Legutóbbi események:",
        "actions": "Mit teszel?",
        "bot_move": "{who} ▸ {text}",
        "over": "═══ A játék véget ért ═══",
        "won": "Nyertél! ({reason})",
        "lost": "{who} nyert. ({reason})",
        "draw_result": "Döntetlen. ({reason})",
        "scores": "Pontok: {scores}",
        "solo_won": "Sikerült: teljesítetted a feladatot!",
        "solo_lost": "Nem sikerült. ({reason})",
        "table": "Asztal:",
        "target": "  Cél: {card} — keresett számjegyek: {digits}",
        "row": "  Számkódok: {slots}",
        "codes": "  Kódok: {slots}",
        "fairies": "  Álomtündérek: {cards}",
        "drawn": "Húzott lapok: {cards}{note}",
        "second_void": " (a második nem számít)",
        "slot_empty": "·",
        "placeholder": "[{digit} ismét]",
        "wild": "[{kind}: bármi]",
        "reason_wake_up": "ébredés a saját kész álmon",
        "reason_wake_up_shared": "ébredés a közös álmon",
        "reason_wake_up_other": "ébredés más kész álmán",
        "reason_seven_free": "hét szabad kártyából álló álom",
        "reason_five_fairies": "öt álomtündér a kézben",
        "reason_no_cards": "elfogytak a lapok",
        "reason_turn_limit": "elérte a körök felső határát",
        "reason_series": "a sorozat véget ért",
        "reason_goal": "teljesítetted a feladatot",
    },
    "en": {
        **PROMPT_UI["en"],
        "you": "You",
        "bot": "Bot {n}",
        "title": "ONIROO — level {level}, {players} players, bots: {bot} · seed {seed}",
        "title_solo": "ONIROO solitaire — level {level} · seed {seed}",
        "solo_line": "Solitaire, level {level} · draw {turn}",
        "turn_line": "Turn {turn} · {whose} turn · game {game} of {games}",
        "whose_you": "your",
        "whose_bot": "{who}'s",
        "seat_line": "{who}: {score} points · hand {hand}{extra}",
        "waiting": " · may not add a symbol card for {n} more turns",
        "blind": " · plays blind",
        "piles": "Draw pile: {draw} · discard pile: {discard}{top}",
        "top": " (top: {card})",
        "dream": "  {dream}{complete}: {cards}",
        "complete": " ✔ complete",
        "no_dreams": "  (no dream)",
        "shared": "Shared dream{complete}: {cards}",
        "missing": "    missing: {what}",
        "need_code": "a code set (best: {best})",
        "need_link": "a group link",
        "best_letter": "letter {value} {count}/5",
        "best_shape": "{value} {count}/5",
        "best_run": "digit run {count}/5",
        "best_run_named": "run 1-2-3-4-5 or 6-7-8-9-0 {count}/5",
        "you_wait": (
            "A bad night: you may not add a symbol card to the shared dream this turn "
            "({n} waiting {turns} left, this one included)."
        ),
        "hand": "  Your hand:",
        "hand_blind": "  Your hand: {n}, unseen for now (moon eye)",
        "known": "  Cards of theirs you know: {cards}",
        "staged": "  Laid out: {cards}",
        "attack": "Attack: {who} — {card}{target}",
        "pending": "Waiting for: {who}",
        "in_transit": "To be dealt out: {cards}",
        "empty": "–",
        "events": "Recent events:",
        "actions": "What do you do?",
        "bot_move": "{who} ▸ {text}",
        "over": "═══ The game is over ═══",
        "won": "You won! ({reason})",
        "lost": "{who} won. ({reason})",
        "draw_result": "A draw. ({reason})",
        "scores": "Points: {scores}",
        "solo_won": "Done: you reached the goal!",
        "solo_lost": "Not this time. ({reason})",
        "table": "Table:",
        "target": "  Target: {card} — digits to find: {digits}",
        "row": "  Digit codes: {slots}",
        "codes": "  Codes: {slots}",
        "fairies": "  Dream fairies: {cards}",
        "drawn": "Cards drawn: {cards}{note}",
        "second_void": " (the second does not count)",
        "slot_empty": "·",
        "placeholder": "[{digit} again]",
        "wild": "[{kind}: any]",
        "reason_wake_up": "the wake-up on the winner's own complete dream",
        "reason_wake_up_shared": "the wake-up on the shared dream",
        "reason_wake_up_other": "the wake-up on another player's complete dream",
        "reason_seven_free": "a dream of seven free cards",
        "reason_five_fairies": "five dream fairies in hand",
        "reason_no_cards": "the cards ran out",
        "reason_turn_limit": "the turn limit was reached",
        "reason_series": "the series is over",
        "reason_goal": "you reached the goal",
    },
}

# Your options, in the second person.
YOUR_ACTIONS = {
    "hu": {
        "play": "Álomba teszed: {card} → {dream}",
        "play_new": "Új álmot kezdesz vele: {card}",
        "wake_up": "Kijátszod az ébredést: {dream}",
        "attack": "Támadsz: {card}{target}",
        "stage": "Kirakod egy kész álomhoz (ha belekezdtél, fel kell fedned): {card}",
        "reveal": "Felfeded a kirakott álmot",
        "unstage": "Visszaveszed az utoljára kirakott lapot",
        "play_blind": "Vakon kijátszod a(z) {position}. lapot",
        "discard": "Eldobod: {card}",
        "end_turn": "Befejezed a köröd",
        "show_fairy": "Felmutatod az álomtündért: {card}",
        "accept": "Nem védekezel",
        "give": "Odaadod: {card}",
        "take": "{card} → {to}",
        "draw": "Húzol két lapot",
        "lay": "Kiteszed: {card}{where}",
        "placeholder": "Képpel lefelé kiteszed ({digit} ismétlése, {slot}. hely): {card}",
        "swap": "Cseréled a kódot erre: {card}",
        "keep": "Megtartod: {card}",
    },
    "en": {
        "play": "Add to a dream: {card} → {dream}",
        "play_new": "Start a new dream with: {card}",
        "wake_up": "Play the wake-up: {dream}",
        "attack": "Attack: {card}{target}",
        "stage": "Lay out for a complete dream (once you start, you must reveal it): {card}",
        "reveal": "Reveal the laid-out dream",
        "unstage": "Take back the card laid out last",
        "play_blind": "Play card number {position} blind",
        "discard": "Discard: {card}",
        "end_turn": "End your turn",
        "show_fairy": "Show the dream fairy: {card}",
        "accept": "Do not defend",
        "give": "Hand over: {card}",
        "take": "{card} → {to}",
        "draw": "Draw two cards",
        "lay": "Lay out: {card}{where}",
        "placeholder": "Lay face down (repeating {digit}, place {slot}): {card}",
        "swap": "Swap the code for: {card}",
        "keep": "Keep: {card}",
    },
}

# The bots' moves, as short phrases.
BOT_ACTIONS = {
    "hu": {
        "play": "álomba: {card} → {dream}",
        "play_new": "új álom: {card}",
        "wake_up": "ÉBREDÉS: {dream}",
        "attack": "támadás: {card}{target}",
        "stage": "lapokat rak ki",
        "reveal": "álmot fed fel",
        "unstage": "visszavesz egy kirakott lapot",
        "play_blind": "vakon játszik ki egy lapot",
        "discard": "eldobja: {card}",
        "end_turn": "kör vége",
        "show_fairy": "álomtündért mutat fel",
        "accept": "nem védekezik",
        "give": "odaadja: {card}",
        "take": "{card} → {to}",
    },
    "en": {
        "play": "into a dream: {card} → {dream}",
        "play_new": "new dream: {card}",
        "wake_up": "WAKE-UP: {dream}",
        "attack": "attack: {card}{target}",
        "stage": "lays cards out",
        "reveal": "reveals a dream",
        "unstage": "takes a laid-out card back",
        "play_blind": "plays a card blind",
        "discard": "discards: {card}",
        "end_turn": "ends the turn",
        "show_fairy": "shows a dream fairy",
        "accept": "does not defend",
        "give": "hands over: {card}",
        "take": "{card} → {to}",
    },
}

# Events as "{who}: …" noun phrases (no verb to conjugate for "you" and the bots).
EVENTS = {
    "hu": {
        "turn": "— {turn}. kör: {who} —{drew}",
        "drew": " húzás: {cards}",
        "draw": "{who}: húzás, {count_cards}{drew}",
        "play": "{who}: álomba — {card} → {dream}",
        "reveal": "{who}: felfedett álom — {cards}",
        "wake_up": "{who}: ÉBREDÉS — {dream}",
        "attack": "{who}: támadás — {card}{target}",
        "fairy": "{who}: álomtündér, kivédett támadás (a támadónak −{lost} pont)",
        "wait": "{who}: két kör várakozás (nem tehet szimbólumkártyát)",
        "dream_lost": "{who}: elveszett álom — {dream} ({n_cards})",
        "hand_lost": "{who}: az egész kéz a dobópakliba",
        "steal": "{who}: elvett lap — {victim} kezéből{drew}",
        "blinded": "{who}: a következő körben vakon játszik",
        "blind": "{who}: vak kör, nem látja a lapjait",
        "blind_play": "{who}: vakon kijátszott lap — {card}",
        "discard": "{who}: eldobás — {card}",
        "ear": "{who}: az álmok lapjai kiosztásra kerülnek",
        "take": "{who}: {card} → {to}",
        "give": "{who}: átadott lap — {card} (visszabontva {n_cards})",
        "mouth": "Kezek körbeadva: {players}",
        "seven_free": "{who}: hét szabad kártyából álló álom!",
        "five_fairies": "{who}: öt álomtündér a kézben!",
        "game_over": "A játszma véget ért.",
        "vote": "Szavazás: a legmagasabb szám ({card}) — {who}, +{points} pont",
        "new_game": "— Új játszma ({game}.) —",
        "refill": "Új húzópakli a megkevert dobópakliból ({count_cards})",
        "no_cards": "Elfogytak a lapok.",
        "turn_limit": "Elérte a körök felső határát.",
        "target": "Cél: {card}",
        "lay": "Kitéve: {card}",
        "placeholder": "Képpel lefelé kitéve ({digit} ismétlése)",
        "swap": "Kódcsere: {card}",
        "keep": "Kézbe: {card}",
        "unused": "Nem számít: {card}",
        "protected": "Két álomtündér megvédett: {card}",
        "woke_up": "Felhúzott ébredés: {card}",
        "goal": "Megvan a cél!",
        "fairies_gone": "Elfogyott a húzópakli: az álomtündérek a dobópakliba kerültek",
        "deal": None,
    },
    "en": {
        "turn": "— Turn {turn}: {who} —{drew}",
        "drew": " drew: {cards}",
        "draw": "{who}: draw, {count_cards}{drew}",
        "play": "{who}: into a dream — {card} → {dream}",
        "reveal": "{who}: dream revealed — {cards}",
        "wake_up": "{who}: WAKE-UP — {dream}",
        "attack": "{who}: attack — {card}{target}",
        "fairy": "{who}: dream fairy, attack stopped (−{lost} points to the attacker)",
        "wait": "{who}: waits two turns (no symbol card into the dream)",
        "dream_lost": "{who}: dream lost — {dream} ({n_cards})",
        "hand_lost": "{who}: whole hand discarded",
        "steal": "{who}: card taken from {victim}{drew}",
        "blinded": "{who}: plays blind next turn",
        "blind": "{who}: blind turn, the cards are unseen",
        "blind_play": "{who}: played blind — {card}",
        "discard": "{who}: discard — {card}",
        "ear": "{who}: the dream cards are dealt out",
        "take": "{who}: {card} → {to}",
        "give": "{who}: card handed over — {card} (cut back {n_cards})",
        "mouth": "Hands passed on: {players}",
        "seven_free": "{who}: a dream of seven free cards!",
        "five_fairies": "{who}: five dream fairies in hand!",
        "game_over": "The game is over.",
        "vote": "Vote: the highest number ({card}) — {who}, +{points} points",
        "new_game": "— A new game (number {game}) —",
        "refill": "A new draw pile from the shuffled discard pile ({count_cards})",
        "no_cards": "The cards ran out.",
        "turn_limit": "The turn limit was reached.",
        "target": "Target: {card}",
        "lay": "Laid out: {card}",
        "placeholder": "Laid face down (repeating {digit})",
        "swap": "Code swapped: {card}",
        "keep": "Into your hand: {card}",
        "unused": "Does not count: {card}",
        "protected": "Two dream fairies protected you: {card}",
        "woke_up": "Wake-up drawn: {card}",
        "goal": "Goal reached!",
        "fairies_gone": "The draw pile ran out: the dream fairies go to the discard pile",
        "deal": None,
    },
}


# The solitaire's events where they differ from the table game's (one player, no "who").
SOLO_EVENTS = {
    "hu": {
        "draw": "Húzott lapok: {cards}",
        "discard": "Eldobva: {card}",
        "hand_lost": "{card}: a kezedben lévő lapok visszakerültek a húzópakliba",
        "game_over": "A játszma véget ért.",
    },
    "en": {
        "draw": "Cards drawn: {cards}",
        "discard": "Discarded: {card}",
        "hand_lost": "{card}: the cards in your hand went back into the draw pile",
        "game_over": "The game is over.",
    },
}


# What a bad night or moon head card in your hand would do in this game: the
# view's `effect` (docs/rules/oniroo.md), in words.
EFFECTS = {
    "hu": {
        "wait": "a közös álomra kerül: a többiek két körükön át nem tehetnek bele szimbólumkártyát",
        "nightmare": "a megtámadott játékos egyik álma a dobópakliba kerül",
        "sleepwalker": "a megtámadott eldobja a kezét, és öt új lapot húz",
        "insomnia": "a célpont kezéből húzol egy lapot látatlanul; ő húz helyette egyet",
        "eye": "a megtámadott a következő körében vakon játszik ki egy lapot",
        "hand": "a megtámadott annyi lapot dob el, ahány másik játékos van, és ugyanannyit húz",
        "ear": "a megtámadott álmainak lapjai a többi játékoshoz kerülnek",
        "mouth": (
            "egy játékos ellen, aki egyedül állíthatja meg: minden kéz a bal oldali "
            "szomszédhoz kerül; te kimaradhatsz a cseréből"
        ),
        "nose": "a megtámadott egy lapot ad neked az álmából",
    },
    "en": {
        "wait": "goes on the shared dream: the others cannot add a symbol card for two turns",
        "nightmare": "one dream of the target goes to the discard pile",
        "sleepwalker": "the target discards their hand and draws five new cards",
        "insomnia": "you draw a card unseen from the target's hand; they draw one",
        "eye": "the target plays one card blind on their next turn",
        "hand": "the target discards one card per other player, then draws as many",
        "ear": "the cards of the target's dreams go to the other players",
        "mouth": (
            "against one player, who alone may stop it: every hand passes to the left; "
            "you may stay out of the exchange"
        ),
        "nose": "the target gives you one card from their dream",
    },
}


# --- cards ------------------------------------------------------------------------
def card_name(entry: dict | None, lang: str) -> str:
    if not entry:
        return "?"
    if lang == "en":
        try:
            return oniroo_card(entry["code"]).get("name_en") or entry["name"]
        except KeyError:
            return entry.get("name") or entry["code"]
    return entry.get("name") or entry["code"]


def describe(entry: dict, lang: str) -> str:
    """A card on one line: its name and, for dream cards and codes, what is printed on it."""
    name = card_name(entry, lang)
    kind = entry["type"]
    if kind == "symbol":
        codes = [
            f"{entry['number']:03d}",
            entry["letter"],
            SHAPE[lang][entry["shape"]],
            str(entry["digit"]),
            f"{GROUP[lang][entry['group']]}→{GROUP[lang][entry['next_group']]}",
        ]
        return f"{name} [{' · '.join(codes)}]"
    if kind == "free":
        return f"{name} [*→{GROUP[lang][entry['next_group']]}]"
    effect = EFFECTS[lang].get(entry.get("effect") or "")
    return f"{name} ({KIND[lang][kind]})" + (f" — {effect}" if effect else "")


def _names(entries: list[dict], lang: str, full: bool = False) -> str:
    if not entries:
        return UI[lang]["empty"]
    return ", ".join(describe(e, lang) if full else card_name(e, lang) for e in entries)


def seat_name(seat: int | None, view: dict, lang: str) -> str:
    if seat is None:
        return "?"
    if seat == view.get("you"):
        return UI[lang]["you"]
    return UI[lang]["bot"].format(n=seat)


def visible_cards(view: dict) -> dict[str, dict]:
    """Card id → card entry of every card the viewer sees."""
    seen: dict[str, dict] = {}

    def add(entries):
        for e in entries or []:
            if e:
                seen[e["id"]] = e

    add(view.get("discard"))
    if view["mode"] == "solitaire":
        add(view.get("hand"))
        add(view.get("drawn"))
        table = view["table"]
        add(table.get("fairies"))
        add([table.get("target")])
        add([slot["card"] for slot in table.get("row") or [] if slot and slot.get("card")])
        add([laid["card"] for laid in (table.get("codes") or {}).values() if laid])
        return seen
    for seat in view["players"]:
        add(seat.get("hand"))
        add(seat.get("known_hand"))
        for dream in seat["dreams"]:
            add(dream["cards"])
    if view.get("shared_dream"):
        add(view["shared_dream"]["cards"])
    add(view.get("in_transit"))
    add((view.get("this_turn") or {}).get("staged"))
    add([(view.get("this_turn") or {}).get("blind_card")])
    return seen


def _by_code(code: str | None) -> dict | None:
    if not code:
        return None
    try:
        card = oniroo_card(code)
    except KeyError:
        return None
    return {
        "code": code,
        "name": card["name"],
        "type": card["type"],
        "number": card["number"],
        "letter": card.get("letter"),
        "shape": card.get("shape"),
        "digit": card.get("digit"),
        "group": card.get("group"),
        "next_group": card.get("next_group"),
    }


# --- the table view ------------------------------------------------------------------
def missing_text(why: dict, lang: str) -> str | None:
    """What a dream still lacks, in words (None when complete), from the engine's
    explanation (`explain_dream`, carried by the view as a dream's `explanation`)."""
    ui = UI[lang]
    if why["complete"]:
        return None
    parts = []
    for item in why["missing"]:
        if item["what"] == "cards":
            parts.append(cards_count(item["count"], lang))
        elif item["what"] == "code_set":
            best = item["best"]
            if best["kind"] == "letter":
                text = ui["best_letter"].format(value=best["value"] or "*", count=best["count"])
            elif best["kind"] == "shape":
                shape = SHAPE[lang].get(best["value"], "*")
                text = ui["best_shape"].format(value=shape, count=best["count"])
            else:  # the runs the match accepts (the option "any five consecutive digits")
                runs = "best_run" if why.get("any_digit_run") else "best_run_named"
                text = ui[runs].format(count=best["count"])
            parts.append(ui["need_code"].format(best=text))
        else:
            parts.append(ui["need_link"])
    return ", ".join(parts)


# A dream in words: the owner's number for it (the engine's, as the web table says it).
DREAM_NAMES = {
    "hu": {
        "numbered": "{n}. álom",
        "heading": "{n}. álom",
        "shared": "közös álom",
        "new": "új álom",
        "unknown": "egy álom",
    },
    "en": {
        "numbered": "dream {n}",
        "heading": "Dream {n}",
        "shared": "the shared dream",
        "new": "a new dream",
        "unknown": "a dream",
    },
}


def dream_name(dream_id: str | None, view: dict, lang: str, *, number: int | None = None) -> str:
    """ "2. álom" / "dream 2" for a seat's dream (its number from the view, or `number` for
    one no longer on the table), the shared or a new dream in words; "" for no dream."""
    words = DREAM_NAMES[lang]
    if not dream_id:
        return ""
    if dream_id in ("shared", "new"):
        return words[dream_id]
    if number is None:
        shown = (d for seat in view.get("players", []) for d in seat["dreams"])
        number = next((d["number"] for d in shown if d["id"] == dream_id), None)
    return words["numbered"].format(n=number) if number else words["unknown"]


def format_dream(dream: dict, view: dict, lang: str, *, mine: bool) -> list[str]:
    ui = UI[lang]
    lines = [
        ui["dream"].format(
            dream=DREAM_NAMES[lang]["heading"].format(n=dream["number"]),
            complete=ui["complete"] if dream["complete"] else "",
            cards=_names(dream["cards"], lang, full=mine),
        )
    ]
    if mine and not dream["complete"]:
        missing = missing_text(dream["explanation"], lang)
        if missing:
            lines.append(ui["missing"].format(what=missing))
    return lines


def format_seat(seat: dict, view: dict, lang: str) -> list[str]:
    ui = UI[lang]
    extra = ""
    if seat.get("waiting"):
        extra += ui["waiting"].format(n=seat["waiting"])
    if seat.get("blind"):
        extra += ui["blind"]
    mine = seat["seat"] == view["you"]
    lines = [
        ui["seat_line"].format(
            who=seat_name(seat["seat"], view, lang),
            score=seat["score"],
            hand=cards_count(seat["hand_count"], lang),
            extra=extra,
        )
    ]
    if view["shared_dream"] is None:  # own dreams (levels 2–3 build only the shared one)
        for dream in seat["dreams"]:
            lines += format_dream(dream, view, lang, mine=mine)
        if not seat["dreams"]:
            lines.append(ui["no_dreams"])
    if mine:
        if seat.get("hand") is None:
            lines.append(ui["hand_blind"].format(n=cards_count(seat["hand_count"], lang)))
        else:
            lines.append(ui["hand"] + ("" if seat["hand"] else f" {ui['empty']}"))
            lines += [f"    {n}. {describe(e, lang)}" for n, e in enumerate(seat["hand"], 1)]
        staged = (view.get("this_turn") or {}).get("staged")
        if staged:
            lines.append(ui["staged"].format(cards=_names(staged, lang)))
    elif seat.get("known_hand"):
        lines.append(ui["known"].format(cards=_names(seat["known_hand"], lang)))
    return lines


def format_view(view: dict, lang: str = "hu", recent: list[str] | None = None) -> str:
    """The whole table as `view["you"]` sees it; `recent` replaces the view's last events."""
    if view["mode"] == "solitaire":
        return format_solitaire(view, lang, recent)
    ui = UI[lang]
    rule = "═" * 72
    who = seat_name(view["turn_player"], view, lang)
    whose = (
        ui["whose_you"] if view["turn_player"] == view["you"] else ui["whose_bot"].format(who=who)
    )
    lines = [
        rule,
        ui["turn_line"].format(
            turn=view["turn"],
            whose=whose,
            game=view["game_number"],
            games=view["options"]["games"],
        ),
        rule,
    ]
    seats = sorted(view["players"], key=lambda s: s["seat"] == view["you"])  # you last
    for seat in seats:
        lines += format_seat(seat, view, lang) + [""]
    shared = view.get("shared_dream")
    if shared:
        lines.append(
            ui["shared"].format(
                complete=ui["complete"] if shared["complete"] else "",
                cards=_names(shared["cards"], lang, full=True),
            )
        )
        missing = missing_text(shared["explanation"], lang) if not shared["complete"] else None
        if missing:
            lines.append(ui["missing"].format(what=missing))
        lines.append("")
    top = view.get("discard_top")
    lines.append(
        ui["piles"].format(
            draw=cards_count(view["draw_count"], lang),
            discard=cards_count(view["discard_count"], lang),
            top=ui["top"].format(card=card_name(top, lang)) if top else "",
        )
    )
    if view.get("attack"):
        attack = view["attack"]
        target = attack.get("target")
        lines.append(
            ui["attack"].format(
                who=seat_name(attack["by"], view, lang),
                card=card_name(attack["card"], lang),
                target="" if target is None else f" → {seat_name(target, view, lang)}",
            )
        )
    if view.get("in_transit"):
        lines.append(ui["in_transit"].format(cards=_names(view["in_transit"], lang)))
    if view.get("pending") and view["pending"]["player"] != view["you"]:
        lines.append(ui["pending"].format(who=seat_name(view["pending"]["player"], view, lang)))
    waiting = _waiting_now(view)
    if waiting:  # why no symbol card can go into the dream this turn
        lines.append(ui["you_wait"].format(n=waiting, turns="turn" if waiting == 1 else "turns"))
    lines += _recent(view, lang, recent)
    return "\n".join(lines)


def _waiting_now(view: dict) -> int:
    """The waiting turns left when a bad night keeps you from adding a symbol card on this
    very turn (the view's `held_back`, level 3), else 0."""
    return (view.get("this_turn") or {}).get("held_back", 0)


def _recent(view: dict, lang: str, recent: list[str] | None) -> list[str]:
    if recent is None:
        recent = [t for t in (format_event(e, view, lang) for e in view["events"][-8:]) if t]
    block = recent_block(UI[lang]["events"], recent, RECENT_EVENTS)
    return [""] + block if block else []


# --- the solitaire view ---------------------------------------------------------------
def format_solitaire(view: dict, lang: str = "hu", recent: list[str] | None = None) -> str:
    ui = UI[lang]
    table = view["table"]
    rule = "═" * 72
    lines = [rule, ui["solo_line"].format(level=view["level"], turn=view["turn"]), rule]
    lines.append(ui["table"])
    if table.get("target"):
        target = table["target"]
        digits = " ".join(f"{target['number']:03d}")
        lines.append(ui["target"].format(card=describe(target, lang), digits=digits))
    if "row" in table:
        slots = []
        for slot in table["row"]:
            if slot is None:
                slots.append(ui["slot_empty"])
            elif slot["placeholder"]:
                slots.append(ui["placeholder"].format(digit=slot["digit"]))
            else:
                slots.append(str(slot["digit"]))
        lines.append(ui["row"].format(slots=" ".join(slots)))
    if "codes" in table:
        slots = []
        for kind, laid in table["codes"].items():
            if laid is None:
                slots.append(ui["slot_empty"])
            elif laid["wild"]:
                slots.append(ui["wild"].format(kind=kind))
            else:
                value = laid["card"][kind]
                slots.append(SHAPE[lang][value] if kind == "shape" else str(value))
        lines.append(ui["codes"].format(slots=" · ".join(slots)))
    lines.append(ui["fairies"].format(cards=_names(table["fairies"], lang)))
    lines.append(
        ui["piles"].format(
            draw=cards_count(view["draw_count"], lang),
            discard=cards_count(view["discard_count"], lang),
            top="",
        )
    )
    if view["drawn"]:
        note = ui["second_void"] if view["second"] and not view["second_counts"] else ""
        lines.append(ui["drawn"].format(cards=_names(view["drawn"], lang, full=True), note=note))
    hand = view.get("hand") or []
    lines.append(ui["hand"] + ("" if hand else f" {ui['empty']}"))
    lines += [f"    {n}. {describe(e, lang)}" for n, e in enumerate(hand, 1)]
    lines += _recent(view, lang, recent)
    return "\n".join(lines)


# --- events ---------------------------------------------------------------------------
def format_event(event: dict, view: dict, lang: str = "hu") -> str | None:
    """One event as a line of text, or None for an event not worth a line."""
    words = EVENTS[lang]
    kind = event.get("type")
    template = words.get(kind)
    if view["mode"] == "solitaire":
        template = SOLO_EVENTS[lang].get(kind, template)
    if template is None:
        return None
    seen = visible_cards(view)

    def name(iid: str | None, code: str | None = None) -> str:
        entry = seen.get(iid) if iid else None
        return card_name(entry or _by_code(code), lang) if (entry or code) else "?"

    who = seat_name(event.get("player"), view, lang)
    cards = event.get("cards") or []
    codes = event.get("codes") or [None] * len(cards)
    fields = dict(event)
    fields.update(
        who=who,
        card=name(event.get("card"), event.get("code")),
        cards=", ".join(name(c, code) for c, code in zip(cards, codes, strict=False)),
        drew="",
        dream=dream_name(event.get("dream"), view, lang, number=event.get("number")),
        target="",
        n=len(event.get("cut") or event.get("cards") or []),
    )
    fields["n_cards"] = cards_count(fields["n"], lang)
    fields["count_cards"] = cards_count(event.get("count") or 0, lang)
    if kind in ("turn", "draw", "steal") and (event.get("cards") or event.get("card")):
        drawn = cards or [event.get("card")]
        fields["drew"] = words["drew"].format(cards=", ".join(name(c) for c in drawn))
    if kind == "attack" and event.get("target") is not None:
        fields["target"] = f" → {seat_name(event['target'], view, lang)}"
    if kind == "steal":
        fields["victim"] = seat_name(event.get("victim"), view, lang)
    if kind == "take":
        fields["to"] = _place(event.get("into"), view, lang)
    if kind == "mouth":
        fields["players"] = ", ".join(seat_name(p, view, lang) for p in event.get("players", []))
    if kind == "vote":
        fields["who"] = seat_name(event.get("top"), view, lang)
    return fill(template, fields, f"{who}: {kind}")


def _place(to: str | None, view: dict, lang: str) -> str:
    """Where a taken card goes, in words: the hand, the discard pile or a dream."""
    places = {
        "hu": {"hand": "kézbe", "discard": "dobópakliba", "new": "új álomba"},
        "en": {"hand": "to hand", "discard": "to the discard pile", "new": "into a new dream"},
    }[lang]
    if to in places:
        return places[to]
    name = dream_name(to, view, lang)  # every Hungarian dream name ends in "álom"
    return f"{name}ba" if lang == "hu" else f"into {name}"


# --- actions ---------------------------------------------------------------------------
def format_action(action: dict, view: dict, lang: str = "hu", *, yours: bool = True) -> str:
    """An action in words: second person for your options, a short phrase for a bot's."""
    templates = (YOUR_ACTIONS if yours else BOT_ACTIONS)[lang]
    kind = action["type"]
    seen = visible_cards(view)
    entry = seen.get(action.get("card"))
    card = describe(entry, lang) if (entry and yours) else card_name(entry, lang)
    key = kind
    if kind == "play" and action.get("dream") == "new":
        key = "play_new"
    dream = dream_name(action.get("dream"), view, lang)
    if kind == "wake_up":
        owner = _dream_owner(view, action["dream"])
        dream = f"{dream} ({seat_name(owner, view, lang)})" if owner is not None else dream
    target = ""
    if action.get("target") is not None:
        target = f" → {seat_name(action['target'], view, lang)}"
        if action.get("dream"):
            target += f" ({dream})"
    if action.get("join") is not None:
        joins = {
            "hu": (" (te is adsz)", " (te kimaradsz)"),
            "en": (" (you join)", " (you stay out)"),
        }
        target += joins[lang][0 if action["join"] else 1]  # after the target, not instead
    where = ""
    if "slot" in action and kind == "lay":
        where = f" → {action['slot'] + 1}."
    if "kind" in action:
        where = f" → {action['kind']}"
    template = templates.get(key, kind + " {card}")
    fields = {
        "card": card,
        "dream": dream,
        "target": target,
        "to": _place(action.get("to"), view, lang),
        "position": (action.get("position") or 0) + 1,
        "digit": action.get("digit"),
        "slot": (action.get("slot") or 0) + 1,
        "where": where,
    }
    return settle_articles(template, fields).format(**fields)


def _dream_owner(view: dict, dream_id: str) -> int | None:
    for seat in view.get("players", []):
        if any(d["id"] == dream_id for d in seat["dreams"]):
            return seat["seat"]
    return None


def format_actions(actions: list[dict], view: dict, lang: str = "hu") -> str:
    return action_menu(UI[lang]["actions"], [format_action(a, view, lang) for a in actions])


def format_result(result: dict, view: dict, lang: str = "hu") -> str:
    ui = UI[lang]
    reason_key = result.get("reason")  # the engine's: which dream was woken, too
    reason = ui.get(f"reason_{reason_key}", reason_key or "")
    if view["mode"] == "solitaire":
        line = ui["solo_won"] if result.get("won") else ui["solo_lost"].format(reason=reason)
        return "\n".join([ui["over"], line])
    winners = result.get("winners") or []
    if winners == [view["you"]]:
        line = ui["won"].format(reason=reason)
    elif winners:
        names = ", ".join(seat_name(w, view, lang) for w in winners)
        line = ui["lost"].format(who=names, reason=reason)
    else:
        line = ui["draw_result"].format(reason=reason)
    scores = ", ".join(
        f"{seat_name(p, view, lang)} {score}" for p, score in enumerate(result.get("scores", []))
    )
    return "\n".join([ui["over"], line, ui["scores"].format(scores=scores)])


# --- the game for the shared loop (play/cli_loop.py) ---------------------------------
def options_from(args: argparse.Namespace) -> dict:
    options: dict = {"level": args.level, "players": args.players}
    if args.games != 1:
        options["games"] = args.games
    if args.vote:
        options["vote"] = True
    if args.attack_kind:
        options["attack_kind"] = args.attack_kind
    if args.free_cards is not None:
        options["free_cards"] = args.free_cards == "yes"
    if args.any_digit_run:
        options["any_digit_run"] = True
    return options


def new_state(options: dict, seed: int) -> GameState:
    return get_engine(GAME).new_game(oniroo_cards(), options, seed)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m play.cli oniroo", description="Play ONIROO in the terminal against bots."
    )
    parser.add_argument("game", choices=[GAME], help="the game to play")
    parser.add_argument("--level", type=int, default=5, help="1–5 (solitaire: 1–3)")
    parser.add_argument("--players", type=int, default=2, help="2–6, or 1 for the solitaire")
    add_bot_option(parser, GAME, default="normal")
    parser.add_argument("--seed", type=int, default=None, help="replay a game (default: random)")
    parser.add_argument("--games", type=int, default=1, help="games in the series")
    parser.add_argument("--vote", action="store_true", help="the vote after each game")
    parser.add_argument("--attack-kind", choices=["bad_night", "moon_head"], default=None)
    parser.add_argument("--free-cards", choices=["yes", "no"], default=None)
    parser.add_argument(
        "--any-digit-run",
        action="store_true",
        help="levels 3–5: any five consecutive digits make a run (default: 1-2-3-4-5, 6-7-8-9-0)",
    )
    parser.add_argument("--lang", choices=LANGS, default="hu", help="language of the text")
    return parser.parse_args(argv)


def deal(args: argparse.Namespace, seed: int) -> GameState:
    return new_state(options_from(args), seed)


def title(args: argparse.Namespace, seed: int, state: GameState) -> str:
    ui = UI[args.lang]
    if args.players == 1:
        return ui["title_solo"].format(level=args.level, seed=seed)
    return ui["title"].format(
        level=args.level, players=args.players, bot=level_word(args.bot, args.lang), seed=seed
    )


def make_bots(
    kind: str, seed: int, seats: list[int], options: dict | None = None
) -> dict[int, Mover]:
    """play.bots' bot of `kind` (or level) for each seat: each decides from its seat's view
    only; the hard bot also knows the game's card set and `options`, both public."""
    cards = oniroo_cards()
    return {
        seat: bot_mover(
            get_bot(kind, seed + seat, game=GAME, deck=cards, options=options), seed, seat
        )
        for seat in seats
    }


def seat_bots(args: argparse.Namespace, seed: int, state: GameState) -> dict[int, Mover]:
    others = [p for p in state.players if p != YOU]
    return make_bots(args.bot, seed, others, options_from(args))


def format_bot_move(action: dict, seat: int, before: dict, after: dict, lang: str) -> str:
    text = format_action(action, after, lang, yours=False)
    return UI[lang]["bot_move"].format(who=seat_name(seat, after, lang), text=text)


# main(argv, stdin, stdout) -> exit status: the shared loop over this module's hooks
main = partial(cli_loop.main, sys.modules[__name__])
