"""The table game, levels 1–5 for 2–6 players: turns, dream cards, reveals, blind plays, wake-up.

A turn (rules/DECISIONS.md ONIROO 2): the draw is automatic, then the player
acts until the turn ends: with 5 cards or fewer by `end_turn` (drawing back up
to 5); with more by discarding (`discard`, one card at a time, B_04), which
ends the turn when 5 are left. The turn ends on its own only when nothing is
left to decide whatever the hand holds (`turn_over`: no card in hand, or 5 or
fewer after an attack, or after the last dream card the level allows with no
complete dream to wake), so the end of a turn tells the table nothing of the
hand. A dream of seven free cards wins whenever a move leaves one on the
table (`check_seven_free_dreams`), however its cards came or went. Attacks
and the decisions they ask of other players are in `attacks.py`; the end of
a game and the series in `series.py`.

Steps of the turn's player (`s["step"]`): `play` (the usual choices),
`blind` (a moon eye struck: pick a hand position), `blind_use` (say what the
blindly drawn card does), `staging` (laying a complete dream out of the hand,
card by card, hidden until revealed) and `discarding` (the discards that
end the turn have begun).
"""

from __future__ import annotations

from play.engines.base import Action, IllegalAction
from play.engines.oniroo import attacks, series
from play.engines.oniroo.dreams import (
    after_append,
    can_form_complete,
    completable,
    has_code_set,
    has_link,
    is_complete,
    missing_digits,
)
from play.engines.oniroo.setup import HAND_SIZE
from play.engines.oniroo.state import GameOver

# points for a wake-up on your own complete dream (the shared one at levels 2–3)
OWN_WAKE_UP_POINTS = {1: 5, 2: 5, 3: 10, 4: 15, 5: 15}
OTHER_WAKE_UP_POINTS = 5  # on another player's complete dream (F_04, J_04)
UNSTAGE_LIMIT = 5  # laid-out cards a player may take back in a turn: misclicks, not a search
REVEAL_DRAW = 5  # new cards after revealing a dream from hand (K_01)
SEVEN_FREE = 7  # a dream of this many free cards wins at once (E_01)
SEVEN_FREE_POINTS = 20
FIVE_FAIRIES = 5  # dream fairies in one hand win at once (I_03)
FIVE_FAIRIES_POINTS = 15
SHARED = "shared"
NEW = "new"
DISCARD = "discard"  # the key of a card's discard action beside its plays (no dream's id)

ACTION_TYPES = (
    "play",
    "wake_up",
    "attack",
    "stage",
    "reveal",
    "unstage",
    "play_blind",
    "discard",
    "end_turn",
    *attacks.ACTION_TYPES,
)


# --- per-game data ----------------------------------------------------------------
def fresh_turn() -> dict:
    """What the turn's player has done so far this turn."""
    return {
        "played": 0,  # dream cards added (a reveal counts its cards)
        # the dream this turn's cards went into while more may follow: None once the turn's
        # first card did not link on to the dream's last card (DECISIONS ONIROO 6)
        "chain": None,
        "last": None,  # the card laid last on it (the next one must link to it)
        "attacked": False,  # an attack was this turn's card
        "revealed": False,  # a complete dream came out of the hand
        "staged": [],  # hand cards laid out, in order, for a reveal (once begun, it is made)
        "taken_back": 0,  # laid-out cards taken back this turn (at most UNSTAGE_LIMIT)
        "blind_card": None,  # the card a blind play turned up
    }


def reset_table(s: dict) -> None:
    """Empty seats and table for a new game; the cards must all be in the draw pile."""
    level = s["options"]["level"]
    s["players"] = [
        {
            "hand": [],
            # level 1: one dream each, there from the start (C_01)
            "dreams": [empty_dream(f"p{p}", 1)] if level == 1 else [],
            "dreams_started": 1 if level == 1 else 0,  # numbers the seat's next dream
            "score": s["players"][p]["score"] if "players" in s else 0,
            "wait": 0,  # level 3: own turns left before adding symbol cards again
            "blind": False,  # a moon eye: the next turn starts with a blind play
        }
        for p in range(s["options"]["players"])
    ]
    s["shared"] = empty_dream(SHARED) if level in (2, 3) else None
    if level == 3:
        # the seat whose card completed the shared dream: only they may wake it (C_03)
        s["shared"]["completed_by"] = None
    s["dream_seq"] = 0
    # hand card id -> the other seats that know it is there, and None (the spectator's seat
    # in `view`) when the whole table saw it arrive (`on_show`); a card known only to the
    # players, such as one every other player happens to know privately, is no spectator's
    s["known"] = {}
    s["limbo"] = []  # cards between owners while an attack resolves (moon ear)
    s["pending"] = []
    s["attack"] = None
    s["step"] = "play"
    s["tf"] = fresh_turn()
    s["turn"] = 0


def start(g) -> None:
    """A new match: the series counters, then the first game."""
    s = g.s
    s["game_no"] = 1
    s["history"] = []
    reset_table(s)
    guarded(g, deal, g)


def deal(g) -> None:
    s = g.s
    for p in g.players:
        hand = s["players"][p]["hand"]
        hand.extend(s["draw"][:HAND_SIZE])
        del s["draw"][:HAND_SIZE]
        g.emit("deal", player=p, count=HAND_SIZE, to=[p], secret={"cards": list(hand)})
    check_fairies(g)  # five fairies dealt win at once too
    start_turn(g, s["first_player"])
    settle(g)


def guarded(g, step, *args) -> None:
    """Run `step(*args)`; when a game ends inside it, close it and, in a series, deal the next."""
    while True:
        try:
            step(*args)
            return
        except GameOver as over:
            if not series.end_game(g, over):
                return
            reset_table(g.s)
            step, args = deal, (g,)  # the next game of the series


# --- dreams ---------------------------------------------------------------------
def facts(g, ids: list[str]) -> list[tuple]:
    infos = g.infos
    return [infos[i].facts for i in ids]


def min_length(g) -> int:
    return g.s["options"]["min_dream_length"]


def uses_codes(g) -> bool:
    return g.s["options"]["level"] >= 3


def chains(g) -> bool:
    """Levels 4–5: a turn may add several cards to one dream, each linking on to the last."""
    return g.s["options"]["level"] >= 4


def wake_up_anywhere(g) -> bool:
    """Levels 4–5: a wake-up card may go on any complete dream, another player's too."""
    return g.s["options"]["level"] >= 4


def level_rules(g) -> dict:
    """The level's rules a reader (table, terminal game, bot) needs, as the view carries them."""
    return {
        "chains": chains(g),
        "codes": uses_codes(g),  # code sets and group links count (levels 3–5)
        "wake_up_anywhere": wake_up_anywhere(g),
        "shared_dream": g.s["shared"] is not None,  # levels 2–3 build one dream together
    }


def held_back(g, p: int) -> int:
    """The waiting turns left when a bad night keeps seat p from adding a symbol card to the
    shared dream (level 3), else 0: at levels 4–5 a bad night works differently."""
    return g.s["players"][p]["wait"] if g.s["options"]["level"] == 3 else 0


def any_run(g) -> bool:
    """The match option "any five consecutive digits" (DECISIONS ONIROO 4); off by default,
    and in a game saved before the option was there."""
    return g.s["options"].get("any_digit_run", False)


def empty_dream(dream_id: str, number: int | None = None) -> dict:
    # linked / coded: whether the dream holds a group link / a code set (levels 3-5)
    dream = {"id": dream_id, "cards": [], "complete": False, "linked": False, "coded": False}
    if number is not None:
        # the seat's own count (its first dream is 1), kept when an earlier dream is lost,
        # so "dream 2" names the same dream all game; the id counts the whole table's
        dream["number"] = number
    return dream


def dream_number(dreams: list[dict], index: int) -> int:
    """The number of a seat's dream at `index` of its dreams: its own, or (a game saved
    before dreams were numbered) its place among them."""
    return dreams[index].get("number", index + 1)


def refresh(g, dream: dict) -> None:
    """Work out a dream's flags from its cards (after a card was taken out of it)."""
    cards = facts(g, dream["cards"])
    codes = uses_codes(g)
    dream["linked"] = codes and has_link(cards)
    dream["coded"] = codes and has_code_set(cards, any_run(g))
    dream["complete"] = len(cards) >= min_length(g) and (
        not codes or (dream["linked"] and dream["coded"])
    )


def append_card(g, dream: dict, card: str) -> None:
    """A card at the end of a dream; only what the new card can add is checked."""
    cards = dream["cards"]
    cards.append(card)
    if dream["complete"]:  # adding a card never undoes a complete dream
        return
    options = g.s["options"]
    if options["level"] >= 3:
        infos = g.infos
        dream["linked"], dream["coded"] = after_append(
            [infos[c].facts for c in cards], dream["linked"], dream["coded"], any_run(g)
        )
        dream["complete"] = (
            dream["linked"] and dream["coded"] and len(cards) >= options["min_dream_length"]
        )
    else:
        dream["complete"] = len(cards) >= options["min_dream_length"]


def find_dream(s: dict, dream_id: str) -> tuple[int | None, dict | None]:
    """(owner, dream) of a dream id; owner None for the shared dream; (None, None) if gone."""
    if dream_id == SHARED:
        return None, s["shared"]
    for p, seat in enumerate(s["players"]):
        for dream in seat["dreams"]:
            if dream["id"] == dream_id:
                return p, dream
    return None, None


def new_dream(s: dict, p: int) -> dict:
    s["dream_seq"] += 1
    seat = s["players"][p]
    seat["dreams_started"] = dreams_started(seat) + 1
    dream = empty_dream(f"d{s['dream_seq']}", seat["dreams_started"])
    seat["dreams"].append(dream)
    return dream


def dreams_started(seat: dict) -> int:
    """How many dreams the seat has started this game, lost ones too (numbers are not
    reused); in a game saved before dreams were numbered, the highest number it shows."""
    if "dreams_started" in seat:
        return seat["dreams_started"]
    dreams = seat["dreams"]
    return max((dream_number(dreams, i) for i in range(len(dreams))), default=0)


def add_to_dream(g, p: int, dream_id: str, card: str) -> dict:
    """Put `card` at the end of a dream of `p` (or a new one); the seven-free win is checked
    once the move is made (`check_seven_free_dreams`)."""
    s = g.s
    if dream_id == NEW:
        dream = new_dream(s, p)
    else:
        dream = own_dream(s, p, dream_id)
    append_card(g, dream, card)
    return dream


def own_dream(s: dict, p: int, dream_id: str) -> dict:
    for dream in s["players"][p]["dreams"]:
        if dream["id"] == dream_id:
            return dream
    raise KeyError(dream_id)


def check_seven_free(g, p: int, dream: dict) -> None:
    """A dream of seven free cards wins 20 with no wake-up (E_01); our reading: levels 4–5."""
    if g.s["options"]["level"] < 4 or len(dream["cards"]) < SEVEN_FREE:
        return
    if g.free_ids.issuperset(dream["cards"]):
        g.emit("seven_free", player=p, dream=dream["id"])
        win_on(dream, p, "seven_free", SEVEN_FREE_POINTS)


def win_on(dream: dict, p: int, reason: str, points: int) -> None:
    """The game is won on this dream: it says so (`winning`) for the rest of the game's
    life, so the table and the terminal tell what happened there and offer nothing more."""
    dream["winning"] = {"player": p, "reason": reason, "points": points}
    raise GameOver(p, reason, points)


def check_seven_free_dreams(g) -> None:
    """The seven-free win for every dream on the table, after any move (DECISIONS ONIROO 6).

    A dream comes to hold only free cards by gaining one (a play, a reveal, a
    moon ear's card taken into it) or by losing the others (a moon nose's gift
    and the cut-back after it): checking the table once a move is made covers
    every way, the ones to come too.
    """
    if g.s["options"]["level"] < 4 or not g.free_ids:
        return
    for p, seat in enumerate(g.s["players"]):
        for dream in seat["dreams"]:
            if len(dream["cards"]) >= SEVEN_FREE:
                check_seven_free(g, p, dream)


def on_show(g, card: str, holder: int) -> None:
    """`card` went face up into `holder`'s hand before the whole table: every other seat
    knows it is there, and so does a spectator (None). Moving it on privately later (an
    insomnia, a moon mouth) writes who knows it anew, so the spectator forgets it then."""
    g.s["known"][card] = [q for q in g.players if q != holder] + [None]


def remove_from_hand(s: dict, p: int, card: str) -> None:
    s["players"][p]["hand"].remove(card)
    if s["known"]:
        s["known"].pop(card, None)


# --- drawing ----------------------------------------------------------------------
def draw(g, p: int, count: int) -> None:
    """`p` draws `count` cards; both piles empty ends the game drawn (K_02)."""
    if count > 0:
        got = take_cards(g, p, count)
        g.emit("draw", player=p, count=count, to=[p], secret={"cards": got})
        check_fairies(g, (p,))


def take_cards(g, p: int, count: int) -> list[str]:
    """The top `count` cards into `p`'s hand (refilling the pile on the way)."""
    s = g.s
    hand = s["players"][p]["hand"]
    pile = s["draw"]
    if len(pile) >= count:  # the usual case: no refill on the way
        got = pile[:count]
        del pile[:count]
        hand.extend(got)
        return got
    got = []
    for _ in range(count):
        card = g.take_top()
        if card is None:
            if got:
                g.emit("draw", player=p, count=len(got), to=[p], secret={"cards": got})
            g.emit("no_cards", player=p)
            raise GameOver(None, "no_cards")
        hand.append(card)
        got.append(card)
    return got


def check_fairies(g, players=None) -> None:
    """Five dream fairies in one hand win at once (I_03), whoever's turn it is.

    Checked wherever a hand gains cards: a draw (for the drawer), and after
    every answer to an attack (for everyone: hands change owners then).
    """
    fairies = g.fairy_ids
    if not fairies:
        return
    seats = g.s["players"]
    for p in range(len(seats)) if players is None else players:
        hand = seats[p]["hand"]
        if len(hand) >= FIVE_FAIRIES and len(fairies.intersection(hand)) >= FIVE_FAIRIES:
            g.emit("five_fairies", player=p)
            raise GameOver(p, "five_fairies", FIVE_FAIRIES_POINTS)


# --- the turn ---------------------------------------------------------------------
def start_turn(g, p: int) -> None:
    s = g.s
    s["active"], s["step"], s["tf"] = p, "play", fresh_turn()
    s["turn"] += 1
    if s["turn"] > s["options"]["max_turns"]:
        g.emit("turn_limit", turns=s["options"]["max_turns"])
        raise GameOver(None, "turn_limit")
    # always draw before playing (C_06); the turn's event says what was drawn, to its player
    got = take_cards(g, p, 1)
    g.emit("turn", player=p, turn=s["turn"], to=[p], secret={"cards": got})
    check_fairies(g, (p,))
    seat = s["players"][p]
    if seat["blind"]:
        # A digital table remembers every order, so the hand is mixed face down first:
        # the blind play is a choice of position only (our reading of H_02).
        seat["blind"] = False
        g.shuffle(seat["hand"])
        for card in seat["hand"]:
            s["known"].pop(card, None)
        s["step"] = "blind"
        g.emit("blind", player=p)


def end_turn(g) -> None:
    s = g.s
    p = s["active"]
    seat = s["players"][p]
    if len(seat["hand"]) < HAND_SIZE:
        draw(g, p, HAND_SIZE - len(seat["hand"]))
    if seat["wait"]:
        seat["wait"] -= 1
    start_turn(g, (p + 1) % len(s["players"]))  # its "turn" event marks this turn's end


def settle(g) -> None:
    """After an action: end a turn that has nothing left to decide (`turn_over`), else work
    out the next decision's actions."""
    s = g.s
    while not s["pending"] and s["step"] == "play":
        p = s["active"]
        if not turn_over(g, p):
            g.prepared = (p, play_step(g, p))  # the next decision's actions, worked out already
            return
        end_turn(g)


def turn_over(g, p: int) -> bool:
    """Whether the play step offers `end_turn` only, whatever the hand holds.

    Judged on what every seat sees (the hand's size, the cards played this
    turn, the dreams on the table), never on the hand's cards: a turn that
    ended on its own because no card in hand links on, or no wake-up is there
    to play, would tell the table so. Otherwise the player decides, if only
    to end the turn.
    """
    s = g.s
    hand = s["players"][p]["hand"]
    if len(hand) > HAND_SIZE:
        return False  # which cards to discard
    if not hand:
        return True
    tf = s["tf"]
    if tf["attacked"]:
        return True  # the attack was the turn's card: no dream card, no wake-up after it
    if not tf["revealed"] and more_cards(g):
        return False
    return not wake_targets(g, p)


def more_cards(g) -> bool:
    """Whether the rules let the turn's player add a dream card now, cards in hand aside: the
    turn's first card (or an attack, or a reveal), at levels 4–5 one linking on to the last
    while every card of the turn so far linked on (`chain` is None once one did not)."""
    tf = g.s["tf"]
    return tf["played"] == 0 or (chains(g) and tf["chain"] is not None)


def followers(g, p: int) -> frozenset[str]:
    """The dream cards that make a group link after the last card laid this turn."""
    tf = g.s["tf"]
    last = tf.get("last")  # a state saved before "last" was kept: read the dream
    if last is None:
        last = next(d for d in g.s["players"][p]["dreams"] if d["id"] == tf["chain"])["cards"][-1]
    return followers_of(g, last)


def followers_of(g, card: str) -> frozenset[str]:
    """The dream cards that make a group link after `card` (its purple group is their yellow
    one, or they are free)."""
    return g.follows.get(g.infos[card].next_group, g.no_follower)


# --- legal actions ----------------------------------------------------------------
def legal(g, p: int) -> list[Action]:
    s = g.s
    if s["pending"]:
        return attacks.pending_legal(g, s["pending"][0])
    step = s["step"]
    if step == "play":
        return play_step(g, p)
    hand = s["players"][p]["hand"]
    if step == "blind":
        return [{"type": "play_blind", "player": p, "position": i} for i in range(len(hand))]
    if step == "blind_use":
        return blind_uses(g, p, s["tf"]["blind_card"])
    if step == "staging":
        return staging_step(g, p)
    return card_actions(g, p, hand, [DISCARD])  # discarding


def play_step(g, p: int) -> list[Action]:
    s = g.s
    tf = s["tf"]
    level = s["options"]["level"]
    hand = s["players"][p]["hand"]
    acts: list[Action] = []
    if not tf["attacked"] and not tf["revealed"]:
        dream_ids = g.dream_ids
        cards = [c for c in hand if c in dream_ids]
        acts = dream_plays(g, p, cards)
        if tf["played"] == 0:
            if level >= 3 and not g.attack_ids.isdisjoint(hand):
                acts += attacks.attack_actions(g, p)
            if level >= 4 and can_reveal(g, cards):
                acts += staging_step(g, p, cards)
    if not tf["attacked"] and not g.wake_ids.isdisjoint(hand):
        acts += wake_ups(g, p)
    # levels 1-3: a card must go into the dream when one can (C_01-C_03; our reading)
    if level <= 3 and acts and acts[0]["type"] == "play":
        return acts
    if len(hand) > HAND_SIZE:
        acts += card_actions(g, p, hand, [DISCARD])
    else:
        acts.append({"type": "end_turn", "player": p})
    return acts


def card_actions(g, p: int, cards: list[str], keys: list[str]) -> list[Action]:
    """For each card, its action for each key: `play` on that dream, or `discard` (DISCARD).

    A level-5 turn starts with every dream card in hand on every dream (and a
    new one): making those dicts anew every turn was a large part of the
    engine's work. The rules never change an action, and callers get copies
    (`legal_actions`), so the dicts are made once a game per seat, card and key.
    """
    memo = g.actions_of(p)
    out = []
    for c in cards:
        per = memo.get(c)
        if per is None:
            per = memo[c] = {}
        for k in keys:
            a = per.get(k)
            if a is None:
                a = per[k] = (
                    {"type": "discard", "player": p, "card": c}
                    if k == DISCARD
                    else {"type": "play", "player": p, "card": c, "dream": k}
                )
            out.append(a)
    return out


def dream_plays(g, p: int, cards: list[str]) -> list[Action]:
    """Adding one of `cards` (dream cards) to a dream: one a turn at levels 1–3; at 4–5 more
    when each card of the turn, the first one included, links on to the card before it.

    The first card needs no link (it may be the turn's only one); when it does not link
    on to the dream's last card, it is the turn's only one (DECISIONS ONIROO 6).
    """
    s = g.s
    tf = s["tf"]
    level = s["options"]["level"]
    seat = s["players"][p]
    if not chains(g):
        if tf["played"] or held_back(g, p):
            return []
        target = f"p{p}" if level == 1 else SHARED
        if level == 3:  # symbol cards only
            cards = [c for c in cards if g.infos[c].type == "symbol"]
        return card_actions(g, p, cards, [target])
    if tf["played"] == 0:
        targets = [d["id"] for d in seat["dreams"]]
        targets.append(NEW)
        return card_actions(g, p, cards, targets)
    chain = tf["chain"]
    if chain is None:
        return []
    after = followers(g, p)
    return card_actions(g, p, [c for c in cards if c in after], [chain])


def wake_ups(g, p: int, only: str | None = None) -> list[Action]:
    s = g.s
    infos = g.infos
    cards = [only] if only else [c for c in s["players"][p]["hand"] if infos[c].type == "wake_up"]
    if not cards:
        return []
    targets = wake_targets(g, p)
    return [{"type": "wake_up", "player": p, "card": c, "dream": t} for c in cards for t in targets]


def wake_targets(g, p: int) -> list[str]:
    """The dreams a wake-up card of seat p may go on now."""
    s = g.s
    level = s["options"]["level"]
    if level == 1:
        return [d["id"] for d in s["players"][p]["dreams"] if d["complete"]]
    if level <= 3:
        shared = s["shared"]
        if not shared["complete"]:
            return []
        # level 3: only the one who completed it ("Aki befejezi … majd kijátssza", C_03;
        # DECISIONS ONIROO 5), on that turn or a later one; unknown (None) in a state saved
        # before the completer was kept: anyone, as then
        completer = shared.get("completed_by")
        return [SHARED] if completer is None or completer == p else []
    # wake_up_anywhere: on any complete dream, own ones listed first: your own for 15,
    # another player's for 5 whether or not you have a complete dream (J_04, F_04;
    # DECISIONS ONIROO 6)
    n = len(s["players"])
    return [
        d["id"] for q in range(p, p + n) for d in s["players"][q % n]["dreams"] if d["complete"]
    ]


def can_reveal(g, cards: list[str]) -> bool:
    """Whether some order of these dream cards of a hand is a complete dream."""
    n = len(cards)
    if n < min_length(g):
        return False
    # quick no: five cards sharing a letter (or shape) leave at most n - 4 letters, and
    # a run needs its stretch of digits; free cards (all bits 0) make up for any
    letters = shapes = digits = wild = 0
    infos = g.infos
    for c in cards:
        letter, shape, digit = infos[c].bits
        letters |= letter
        shapes |= shape
        digits |= digit
        wild += not digit
    spread = n - 4  # at most this many different values leave five cards sharing one
    if (
        letters.bit_count() > spread
        and shapes.bit_count() > spread
        and missing_digits(digits, any_run(g)) > wild
    ):
        return False
    return can_form_complete([infos[c].facts for c in cards], min_length(g), any_run(g))


def staging_step(g, p: int, cards: list[str] | None = None) -> list[Action]:
    """Laying a complete dream out of the hand, card by card.

    Begun, a reveal is made (no taking it all back: that would tell the table a
    complete dream was in hand, and at a real table cards laid down were seen).
    So a card is offered only where the dream can still be finished from it;
    `unstage` takes the last one back to try another order, a few times a turn
    (UNSTAGE_LIMIT), so laying out always ends, even played at random.
    """
    s = g.s
    staged = s["tf"]["staged"]
    if cards is None:
        cards = [c for c in s["players"][p]["hand"] if g.infos[c].is_dream]
    rest = [c for c in cards if c not in staged]
    laid, length, runs = facts(g, staged), min_length(g), any_run(g)
    acts = [
        {"type": "stage", "player": p, "card": c}
        for c in rest
        if completable(
            [*laid, g.infos[c].facts], facts(g, [r for r in rest if r != c]), length, runs
        )
    ]
    if is_complete(laid, length, True, runs):
        acts.append({"type": "reveal", "player": p})
    if staged and s["tf"].get("taken_back", 0) < UNSTAGE_LIMIT:
        acts.append({"type": "unstage", "player": p})
    return acts


def blind_uses(g, p: int, card: str) -> list[Action]:
    """What the blindly drawn card can do: go into a dream, attack, or wake (else it is lost)."""
    kind = g.infos[card].type
    if g.infos[card].is_dream:
        return dream_plays(g, p, [card])
    if kind in ("bad_night", "moon_head"):
        return attacks.attack_actions(g, p, only=card)
    if kind == "wake_up":
        return wake_ups(g, p, only=card)
    return []


# --- carrying out an action -------------------------------------------------------
def perform(g, action: Action) -> None:
    try:
        do(g, action)
        settle(g)
    except GameOver as over:
        if series.end_game(g, over):  # a series goes on with its next game
            reset_table(g.s)
            guarded(g, deal, g)


def do(g, a: Action) -> None:
    t = a["type"]
    s = g.s
    if s["pending"]:
        attacks.answer(g, a)
        check_fairies(g)  # hands may have changed owners
    elif t == "play":
        play(g, a["player"], a["card"], a["dream"])
    elif t == "wake_up":
        wake_up(g, a["player"], a["card"], a["dream"])
    elif t == "attack":
        after_blind(s)
        attacks.attack(g, a)
    elif t == "stage":
        s["tf"]["staged"].append(a["card"])
        s["step"] = "staging"
    elif t == "reveal":
        reveal(g, a["player"])
    elif t == "unstage":
        s["tf"]["staged"].pop()
        s["tf"]["taken_back"] = s["tf"].get("taken_back", 0) + 1
    elif t == "play_blind":
        play_blind(g, a["player"], a["position"])
    elif t == "discard":
        discard(g, a["player"], a["card"])
    elif t == "end_turn":
        end_turn(g)
    check_seven_free_dreams(g)


def after_blind(s: dict) -> None:
    if s["step"] == "blind_use":
        s["step"], s["tf"]["blind_card"] = "play", None


def play(g, p: int, card: str, dream_id: str) -> None:
    s = g.s
    if s["step"] == "blind_use":
        after_blind(s)
    remove_from_hand(s, p, card)
    tf = s["tf"]
    tf["played"] += 1
    if dream_id == SHARED:
        dream = s["shared"]
        was_complete = dream["complete"]
        append_card(g, dream, card)
        if not was_complete and dream["complete"] and "completed_by" in dream:
            dream["completed_by"] = p  # level 3: this player may wake it (C_03)
        tf["chain"] = dream["id"]
    else:
        # levels 4-5: more cards may follow only when the turn's first card links on to the
        # dream's last card (a new dream has none); later ones are offered linking only
        before = None
        if tf["played"] == 1 and dream_id != NEW and chains(g):
            laid = own_dream(s, p, dream_id)["cards"]
            before = laid[-1] if laid else None
        dream = add_to_dream(g, p, dream_id, card)
        linked = before is None or card in followers_of(g, before)
        tf["chain"] = dream["id"] if linked else None
    tf["last"] = card if tf["chain"] is not None else None
    g.emit("play", player=p, card=card, code=s["cards"][card], dream=dream["id"])


def wake_up(g, p: int, card: str, dream_id: str) -> None:
    s = g.s
    after_blind(s)
    remove_from_hand(s, p, card)
    owner, dream = find_dream(s, dream_id)
    # the card goes on the dream ("arra helyezi", C_07; J_04) and stays there: the game ends
    dream["wake_up"] = card
    g.emit("wake_up", player=p, card=card, code=s["cards"][card], dream=dream_id, owner=owner)
    # the reason says which dream: the readers (table, terminal) word it, none works it out
    points = OWN_WAKE_UP_POINTS[s["options"]["level"]]
    if dream_id == SHARED:  # levels 2–3: the one dream everyone built is nobody's own
        win_on(dream, p, "wake_up_shared", points)
    if owner == p:
        win_on(dream, p, "wake_up", points)
    win_on(dream, p, "wake_up_other", OTHER_WAKE_UP_POINTS)


def reveal(g, p: int) -> None:
    s = g.s
    tf = s["tf"]
    staged, tf["staged"] = tf["staged"], []
    for card in staged:
        remove_from_hand(s, p, card)
    dream = new_dream(s, p)
    dream["cards"] = staged
    refresh(g, dream)
    tf["revealed"], tf["played"], tf["chain"] = True, len(staged), dream["id"]
    tf["last"] = staged[-1]
    s["step"] = "play"
    g.emit(
        "reveal",
        player=p,
        dream=dream["id"],
        cards=list(staged),
        codes=[s["cards"][c] for c in staged],
    )
    check_seven_free(g, p, dream)
    # K_01: then 5 new cards, whatever is left in hand; the turn ends with discards down to 5
    draw(g, p, REVEAL_DRAW)


def play_blind(g, p: int, position: int) -> None:
    s = g.s
    card = s["players"][p]["hand"][position]
    on_show(g, card, p)  # turned face up for everyone
    g.emit("blind_play", player=p, position=position, card=card, code=s["cards"][card])
    s["tf"]["blind_card"] = card
    if blind_uses(g, p, card):
        s["step"] = "blind_use"
        return
    # a dream fairy, or a wake-up with no complete dream: played blind, it is lost
    remove_from_hand(s, p, card)
    s["discard"].append(card)
    s["tf"]["played"] = 1
    s["tf"]["blind_card"] = None
    s["step"] = "play"
    g.emit("discard", player=p, card=card, code=s["cards"][card], reason="blind")


def discard(g, p: int, card: str) -> None:
    """A discard to end the turn: once begun, the turn ends when the hand is down to 5."""
    s = g.s
    remove_from_hand(s, p, card)
    s["discard"].append(card)
    g.emit("discard", player=p, card=card, code=s["cards"][card], reason="hand_size")
    s["step"] = "discarding"
    if len(s["players"][p]["hand"]) <= HAND_SIZE:
        end_turn(g)


# --- refusals -----------------------------------------------------------------------
def why_illegal(g, a: Action) -> IllegalAction:
    t, p = a["type"], a["player"]
    if t not in ACTION_TYPES:
        return IllegalAction("unknown_action", f"There is no ONIROO action called {t!r}.")
    decider = g.active_player
    if p != decider:
        return IllegalAction("not_your_turn", f"Seat {decider} decides now, not seat {p}.")
    legal_now = g.legal_actions(p)
    kinds = sorted({x["type"] for x in legal_now})
    if t not in kinds:
        return IllegalAction("wrong_step", f"{t} is not possible now; possible: {kinds}.")
    card = a.get("card")
    s = g.s
    if card is not None and t in ("play", "wake_up", "attack", "stage", "discard", "show_fairy"):
        if card not in s["players"][p]["hand"]:
            return IllegalAction("not_in_hand", "That card is not in your hand.")
    if t == "play" and s["tf"]["played"] and s["options"]["level"] >= 4:
        return IllegalAction(
            "no_link",
            "More cards this turn go on the same dream, and only when each card of the turn, "
            "the first one included, links to the card before it.",
        )
    if t == "wake_up":
        return IllegalAction("dream_not_complete", "The wake-up goes on a complete dream only.")
    if t == "stage":
        return IllegalAction(
            "no_complete_dream", "No complete dream can be laid out with that card there."
        )
    return IllegalAction("not_allowed", f"That {t} is not a legal choice now.")


def before_refill(g) -> None:
    """Nothing stays on the table at refill time in the table game."""
