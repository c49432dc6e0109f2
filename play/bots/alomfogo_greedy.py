"""The greedy bot for Álomfogó: a one-ply heuristic over its own view.

It reads the view of its seat and the legal actions, nothing else. What a card
does comes from the public card data behind the codes the view shows (what a
player reads off a card's face); the opponent's hand and every deck stay unknown.

Every candidate action gets a score in the units of `evaluate()`, the estimated
change of

    GLORY × glory lead + POWER × board power lead + CARD × hand lead + VP × VP lead

and the best-scoring one is played (ties broken by the bot's generator):

- main phase: play what adds most (VP makers first, then révülők, events and
  álomlények by board value), never a spell whose only targets are its own cards;
- attacks: only a duel the opponent must refuse, or one it cannot hold even with
  its visible helpers; a refused duel costs the defender 1 + glory bonus;
- defence: the cheapest defender that wins or ties, counting our helpers and
  instants against the attacker's visible helpers; otherwise refuse unless losing
  the glory costs more than the card;
- helpers and instants: the cheapest set that flips the duel to a better result,
  and nothing when the result would not change;
- counters: when the spell flips our duel or hits our cards for more than the
  counter costs; targets: the opponent's best card for harm, our best for help;
- the draw the rules allow (after an álomlény or a cycled instant): take it,
  unless the deck is nearly out and the draw would lose us the race to an
  empty deck (a required draw from an empty deck loses).
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations

from play.bots.base import Bot
from play.engines.alomfogo import duel
from play.engines.alomfogo.cards import normalize_card
from play.engines.alomfogo.effects import (
    allows,
    draw_count,
    duel_swing,
    filter_owners,
    out_of_glory,
)
from play.engines.base import Action

GLORY = 3.0  # one point of glory
POWER = 0.5  # one point of attack or defence of a révülő on the board
CARD = 1.0  # one card in hand
VP = 0.3  # one VP
NEARLY_OUT = 5  # a deck this small makes an optional draw a question

ASSIGN_COST = {"revulo": 0.8, "alomleny": 0.2}  # an assigned helper rests after the duel
MARK_COST = {"P": 0.0, "S": 1.0}  # (P) rests anyway after the duel, (S) misses a turn more
HARMFUL_STATES = ("resting", "damaged")

_BLANK = {
    "code": "?",
    "name": "?",
    "type": "esemeny",
    "subtypes": [],
    "cost": 0,
    "attack": 0,
    "defense": 0,
    "glory_bonus": 0,
    "helper_mark": None,
    "effects": [],
}


def _info_from(card: dict) -> dict:
    """A normalised card plus its abilities sorted by trigger (first of each)."""
    info = dict(card)
    by_when: dict[str, dict] = {}
    for eff in card["effects"]:
        by_when.setdefault(eff["when"], eff)
    for when in ("play", "helper", "counter", "main", "turn_start", "win_attack", "win_defend"):
        info[when] = by_when.get(when)
    info["statics"] = [op for eff in card["effects"] if eff["when"] == "static" for op in eff["do"]]
    return info


@lru_cache(maxsize=1)
def _catalog_infos() -> dict[str, dict]:
    from play.bots.alomfogo_cards import all_cards

    return {code: _info_from(normalize_card(card)) for code, card in all_cards().items()}


class _Look:
    """One decision's reading of the view, with the card data behind its codes."""

    def __init__(self, view: dict, infos: dict[str, dict]) -> None:
        self.view = view
        self.infos = infos
        self.me = view["you"]
        self.seats = view["players"]
        self.mine = self.seats[self.me]
        self.hand = {c["id"]: c["code"] for c in self.mine.get("hand", ())}
        # why the engine would not let a hand card be played now (the view's `why_not`)
        self.unplayable = {c["id"] for c in self.mine.get("hand", ()) if c.get("why_not")}
        self.board = {}  # id -> (code, state, owner)
        # the board cards whose helper ability the engine would let act now (`can_help`)
        self.can_help: set[str] = set()
        for seat in self.seats:
            p = seat["seat"]
            for c in seat["board"]:
                self.board[c["id"]] = (c["code"], c["state"], p)
                if c.get("can_help"):
                    self.can_help.add(c["id"])
        # (owner, code) -> the view's entry: the engine's figures for that card now
        # The view states figures only where they matter (a card in play, the
        # cost of one in hand): the zones that carry them come last and win.
        self.seen: dict[tuple[int, str], dict] = {}
        for seat in self.seats:
            for zone in ("discard", "casting", "hand", "board"):
                for c in seat.get(zone, ()):
                    self.seen[(seat["seat"], c["code"])] = c
        self._figures: dict[tuple[int, str], dict] = {}
        # the seat our duels go to, as the view says (the player on our right)
        self.opp = view.get("duels_to") if view.get("turn_player") == self.me else None

    # --- cards and numbers ---------------------------------------------------
    def info(self, code: str) -> dict:
        found = self.infos.get(code)
        if found is None:
            found = self.infos[code] = _info_from(dict(_BLANK, code=code))
        return found

    def code(self, iid: str) -> str | None:
        if iid in self.board:
            return self.board[iid][0]
        if iid in self.hand:
            return self.hand[iid]
        for seat in self.seats:
            for zone in ("casting", "discard"):
                for c in seat[zone]:
                    if c["id"] == iid:
                        return c["code"]
        return None

    def figures(self, p: int, code: str) -> dict:
        """The view's figures (attack, defense, glory_bonus, cost, decline_loss) of seat p's
        card `code` now; the printed ones for a card the view does not show."""
        key = (p, code)
        found = self._figures.get(key)
        if found is None:
            seen = self.seen.get(key)
            found = {**self.info(code), **seen} if seen else self.info(code)
            self._figures[key] = found
        return found

    def stat(self, p: int, code: str, name: str) -> int:
        return self.figures(p, code)[name]

    def play_cost(self, p: int, code: str) -> int:
        return self.figures(p, code)["cost"]

    def glory_loss(self, attacker: int, code: str) -> int:
        """What refusing a duel against this attacker on the board costs the defender."""
        return self.figures(attacker, code)["decline_loss"]

    def revulok(self, p: int, states=("active",)) -> list[tuple[str, str]]:
        """(id, code) of seat p's révülők on the board in one of `states`."""
        return [
            (c["id"], c["code"])
            for c in self.seats[p]["board"]
            if c["state"] in states and self.info(c["code"])["type"] == "revulo"
        ]

    def value(self, code: str, p: int | None = None) -> float:
        """What a card on the board is worth to its owner, in evaluate() units."""
        card = self.info(code)
        p = self.me if p is None else p
        worth = (
            0.3 + 0.7 * max(0, duel_swing(card["helper"], 0), duel_swing(card["helper"], 1)) * POWER
        )
        if card["type"] == "revulo":
            worth += POWER * (self.stat(p, code, "attack") + self.stat(p, code, "defense"))
            worth += 0.5 * GLORY * self.stat(p, code, "glory_bonus")
        for op in card["statics"]:
            if op["op"] == "stat":
                worth += POWER * op["amount"] * (1 + len(self.revulok(p, ("active", "resting"))))
            elif op["op"] == "cost":
                worth += -op["amount"] * 1.5 * VP * 3
            elif op["op"] == "decline_penalty":
                worth += 0.5 * GLORY * op["amount"]
            else:
                worth += 1.0
        if card["counter"] is not None:
            worth += 1.0
        for when in ("turn_start", "main"):
            worth += 2 * self.ops_gain(card[when])
        return worth

    def ops_gain(self, eff: dict | None) -> float:
        """Value of the draw / VP / glory parts of an ability for its user."""
        if eff is None:
            return 0.0
        gain = 0.0
        for op in eff["do"]:
            kind = op["op"]
            if kind == "draw":
                gain += CARD * draw_count(op, len(self.hand))
            elif kind == "gain_vp":
                gain += VP * op["amount"]
            elif kind == "gain_glory":
                gain += GLORY * op["amount"]
        return gain - eff["cost"]["vp"] * VP - eff["cost"]["discard"] * CARD

    # --- targets ----------------------------------------------------------------
    def candidates(self, flt: dict) -> list[tuple[str, str, int]]:
        """(id, code, owner) of the visible cards a filter allows us to pick."""
        living = [q for q, seat in enumerate(self.seats) if seat["alive"]]
        return [
            (c["id"], c["code"], q)
            for q in filter_owners(flt, self.me, living)
            for c in self.seats[q][flt["zone"]]
            if allows(flt, self.info(c["code"]), c.get("state"))
        ]

    def target_value(self, op: dict, code: str, owner: int, state: str | None) -> float:
        """Gain for us when `op` hits this card (negative: better not)."""
        worth = self.value(code, owner)
        mine = owner == self.me
        if op["op"] == "set_state":
            if op["state"] == "active":
                gain = 0.5 * worth if state != "active" else 0.0
            else:
                # resting or damaging a card keeps it from duelling for a while
                gain = (0.35 if op["state"] == "resting" else 0.6) * worth
                if state != "active":
                    gain *= 0.3
                gain = -gain
        elif op["to"] == "discard":
            gain = -worth if op["filter"]["zone"] == "board" else -0.1
        else:  # to hand: back from the discard is a card; from the board a bounce
            gain = CARD + 0.3 * worth if op["filter"]["zone"] == "discard" else -0.6 * worth
        return gain if mine else -gain

    def best_target(self, op: dict) -> float:
        """What a choose-op is worth with its best target (optional: at least 0)."""
        scores = [
            self.target_value(op, code, q, self.board.get(iid, (None, None))[1])
            for iid, code, q in self.candidates(op["filter"])
        ]
        if not scores:
            return 0.0 if op["optional"] else -99.0
        best = max(scores)
        return max(best, 0.0) if op["optional"] else best

    def effect_value(self, eff: dict | None) -> float:
        """Value of a one-shot ability outside a duel (draw, VP, glory, targets)."""
        if eff is None:
            return 0.0
        worth = self.ops_gain(eff)
        for op in eff["do"]:
            if op["op"] not in ("move", "set_state"):
                continue
            if op["select"] == "choose":
                worth += self.best_target(op)
            else:
                worth += sum(
                    self.target_value(op, code, q, self.board.get(iid, (None, None))[1])
                    for iid, code, q in self.candidates(op["filter"])
                )
        return worth

    # --- duels -------------------------------------------------------------------
    def outcome(self, side: int, margin: int, a_code: str, d_code: str, d: dict) -> float:
        """Value for `side` of a duel ending with `margin` (its power minus the other's)."""
        att, dfn = d["attacker"], d["defender"]
        won = duel.winner(margin, 0) if side == 0 else duel.winner(0, margin)
        if won is None:
            return 0.0
        if won == 0:  # the attacker
            gain = self.value(d_code, dfn) + self.ops_gain(self.info(a_code)["win_attack"])
        else:
            glory = duel.defence_glory(self.stat(dfn, d_code, "glory_bonus"))
            gain = -self.value(a_code, att) - GLORY * glory
            gain -= self.ops_gain(self.info(d_code)["win_defend"])
        return gain if side == 0 else -gain

    def my_instants(self, side: int) -> list[tuple[int, int, float, str]]:
        """(swing, vp, cost, id) of our instants that would help `side` now."""
        found = []
        for iid, code in self.hand.items():
            card = self.info(code)
            if card["type"] != "azonnali" or card["play"] is None or iid in self.unplayable:
                continue
            s = duel_swing(card["play"], side)
            if s > 0:
                vp = self.play_cost(self.me, code)
                found.append((s, vp, vp * VP + CARD, iid))
        return found

    def helper_swing(self, p: int, iid: str, code: str, side: int) -> tuple[int, float]:
        """(swing, cost) of using this creature's helper ability for `side`."""
        card = self.info(code)
        abil = card["helper"]
        if abil is None or iid not in self.can_help:
            return 0, 0.0
        mark = card["helper_mark"] or "P"
        cost = MARK_COST.get(mark, self.value(code, p)) + abil["cost"]["vp"] * VP
        cost += abil["cost"]["discard"] * CARD - self.ops_gain(abil)
        return duel_swing(abil, side), cost

    def helpers_of(self, p: int, exclude: str | None, side: int) -> list[tuple[int, float, str]]:
        """(swing, cost, id) of seat p's active creatures that could help `side`."""
        found = []
        for c in self.seats[p]["board"]:
            if c["state"] != "active" or c["id"] == exclude:
                continue
            card = self.info(c["code"])
            if card["type"] not in ("revulo", "alomleny"):
                continue
            s, cost = self.helper_swing(p, c["id"], c["code"], side)
            if s > 0:
                found.append((s, cost + ASSIGN_COST[card["type"]], c["id"]))
        return found

    def plan(
        self,
        side: int,
        margin: int,
        a_code: str,
        d_code: str,
        d: dict,
        helpers: list[tuple[int, float, str]],
        instants: list[tuple[int, int, float, str]],
    ) -> tuple[float, list[str]]:
        """Best (value, ids) over: at most one helper plus affordable instants."""
        budget = self.mine["vp"]
        best = (self.outcome(side, margin, a_code, d_code, d), [])
        instants = sorted(instants, reverse=True)[:5]
        helper_options = [(0, 0.0, None), *helpers]
        for n in range(len(instants) + 1):
            for chosen in combinations(instants, n):
                vp = sum(i[1] for i in chosen)
                if vp > budget:
                    continue
                s_i = sum(i[0] for i in chosen)
                c_i = sum(i[2] for i in chosen)
                for s_h, c_h, h in helper_options:
                    worth = self.outcome(side, margin + s_i + s_h, a_code, d_code, d) - c_i - c_h
                    if worth > best[0] + 1e-9:
                        ids = ([h] if h else []) + [i[3] for i in chosen]
                        best = (worth, ids)
        return best


class GreedyBot(Bot):
    kind = "greedy"

    def __init__(self, seed: int = 0, cards: dict[str, dict] | None = None) -> None:
        """`cards`: code → card data (raw catalog dicts); default the shipped catalog."""
        super().__init__(seed)
        if cards is None:
            self._infos = _catalog_infos()
        else:
            self._infos = {code: _info_from(normalize_card(c)) for code, c in cards.items()}

    def choose(self, view: dict | None, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        look = _Look(view, self._infos)
        kinds = {a["type"] for a in legal}
        score = next((score for kind, score in self._DECISIONS if kind in kinds), GreedyBot._attack)
        scores = score(self, look, legal)
        top = max(scores)
        best = [a for a, s in zip(legal, scores, strict=True) if s >= top - 1e-9]
        return best[0] if len(best) == 1 else rng.choice(best)

    # --- main phase ---------------------------------------------------------------
    def _main(self, look: _Look, legal: list[Action]) -> list[float]:
        vp = look.mine["vp"]
        instant_vp = [
            look.play_cost(look.me, c)
            for c in look.hand.values()
            if look.info(c)["type"] == "azonnali" and look.info(c)["play"] is not None
        ]
        reserve = min(instant_vp) if instant_vp else 0
        scores = []
        for a in legal:
            kind = a["type"]
            if kind == "end_main":
                scores.append(0.0)
            elif kind == "play_card":
                code = look.hand[a["card"]]
                card = look.info(code)
                cost = 0 if a.get("free") else look.play_cost(look.me, code)
                worth = self._play_value(look, code, card) - cost * VP
                if "buvforras" in card["subtypes"] or (
                    card["play"] and any(op["op"] == "gain_vp" for op in card["play"]["do"])
                ):
                    worth += 2.0  # more VP first, then spend them
                if vp - cost < reserve:
                    worth -= 0.5  # keep the price of an instant for the duels
                scores.append(worth)
            elif kind == "activate":
                code = look.board[a["card"]][0]
                scores.append(look.effect_value(look.info(code)["main"]))
            else:  # cycle_instant: only an instant we could never play
                code = look.hand[a["card"]]
                scores.append(0.2 if look.info(code)["play"] is None else -1.0)
        return scores

    def _play_value(self, look: _Look, code: str, card: dict) -> float:
        kind = card["type"]
        if kind in ("revulo", "esemeny"):
            return look.value(code) + 0.2
        if kind == "alomleny":
            return look.value(code) + CARD
        # általános varázslat: its one-shot effect (power does nothing outside a duel)
        worth = look.effect_value(card["play"])
        if look.view["duel"] is None and worth <= 0:
            return -1.0
        return worth

    # --- attacks ------------------------------------------------------------------
    def _attack(self, look: _Look, legal: list[Action]) -> list[float]:
        opp = look.opp
        defenders = look.revulok(opp) if opp is not None else []
        my_instants = look.my_instants(0)
        scores = []
        for a in legal:
            if a["type"] != "declare_attack":
                scores.append(0.0)
                continue
            iid = a["card"]
            code = look.board[iid][0]
            refused = GLORY * look.glory_loss(look.me, code)
            if not defenders:
                scores.append(refused + 0.1 * look.stat(look.me, code, "attack"))
                continue
            attack = look.stat(look.me, code, "attack")
            helpers = look.helpers_of(look.me, iid, 0)
            worst = refused
            for did, dcode in defenders:
                d = {"attacker": look.me, "defender": opp}
                margin = attack - look.stat(opp, dcode, "defense")
                threat = max((h[0] for h in look.helpers_of(opp, did, 1)), default=0)
                worth, _ = look.plan(0, margin - threat, code, dcode, d, helpers, my_instants)
                worst = min(worst, worth)
            scores.append(worst if worst > 0 else worst - 1.0)
        return scores

    # --- defence ------------------------------------------------------------------
    def _defend(self, look: _Look, legal: list[Action]) -> list[float]:
        d = look.view["duel"]
        att, a_iid = d["attacker"], d["a"]
        a_code = look.code(a_iid) or "?"
        attack = d["power"][0]  # the engine's total: figure, statics and boosts
        threat = max((h[0] for h in look.helpers_of(att, a_iid, 0)), default=0)
        instants = look.my_instants(1)
        loss = d["decline_loss"]  # the engine's, for the attacker in this duel
        scores = []
        for a in legal:
            if a["type"] == "decline_defense":
                dead = out_of_glory(look.mine["glory"] - loss)
                scores.append(-GLORY * loss - (1000.0 if dead else 0.0))
                continue
            iid = a["card"]
            code = look.board[iid][0]
            margin = d["defence_if"][iid] - attack - threat  # the engine's power, if it defends
            helpers = look.helpers_of(look.me, iid, 1)
            worth, _ = look.plan(1, margin, a_code, code, d, helpers, instants)
            scores.append(worth)
        return scores

    # --- helpers ------------------------------------------------------------------
    def _duel_numbers(self, look: _Look) -> tuple[dict, int, int, str, str]:
        d = look.view["duel"]
        side = 0 if d["attacker"] == look.me else 1
        a_code, d_code = look.code(d["a"]) or "?", look.code(d["d"]) or "?"
        pa, pd = d["power"]  # the engine's totals (a duelist taken off the board still counts)
        return d, side, (pa - pd) if side == 0 else (pd - pa), a_code, d_code

    def _assign(self, look: _Look, legal: list[Action]) -> list[float]:
        d, side, margin, a_code, d_code = self._duel_numbers(look)
        other = d["defender"] if side == 0 else d["attacker"]
        other_duelist = d["d"] if side == 0 else d["a"]
        assigned = d["helpers"][1 - side]
        if side == 0:  # the defender assigns after us: its best helper is the threat
            threat = max((h[0] for h in look.helpers_of(other, other_duelist, 1)), default=0)
        elif assigned is not None and assigned in look.board:
            threat, _ = look.helper_swing(other, assigned, look.board[assigned][0], 0)
        else:
            threat = 0
        instants = look.my_instants(side)
        mine = d["a"] if side == 0 else d["d"]
        helpers = {h[2]: h for h in look.helpers_of(look.me, mine, side)}
        scores = []
        for a in legal:
            h = [helpers[a["card"]]] if a.get("card") in helpers else []
            if a["type"] == "assign_helper" and not h:
                scores.append(-5.0)  # no ability that helps here
                continue
            worth, ids = look.plan(side, margin - threat, a_code, d_code, d, h, instants)
            if h and h[0][2] not in ids:
                worth -= 5.0  # assigned but not needed
            scores.append(worth)
        return scores

    def _help(self, look: _Look, legal: list[Action]) -> list[float]:
        d, side, margin, a_code, d_code = self._duel_numbers(look)
        helpers = []
        for a in legal:
            if a["type"] == "use_helper":
                iid = a["card"]
                s, cost = look.helper_swing(look.me, iid, look.board[iid][0], side)
                if s > 0:
                    helpers.append((s, cost, iid))
        instants = look.my_instants(side)
        worth, ids = look.plan(side, margin, a_code, d_code, d, helpers, instants)
        if not ids:
            return [1.0 if a["type"] == "pass" else 0.0 for a in legal]
        # the biggest swing of the plan first
        swings = {h[2]: h[0] for h in helpers} | {i[3]: i[0] for i in instants}
        first = max(ids, key=lambda i: swings[i])
        return [1.0 if a.get("card") == first and a["type"] != "pass" else 0.0 for a in legal]

    # --- counters -----------------------------------------------------------------
    def _counters(self, look: _Look, legal: list[Action]) -> list[float]:
        casting = look.view["casting"]
        harm = 0.0
        if casting is not None:
            code = look.code(casting["source"])
            eff = None
            if code is not None:
                card = look.info(code)
                eff = card["helper"] if casting["mode"] == "helper" else card["play"]
            harm = self._spell_harm(look, casting, eff)
        scores = []
        for a in legal:
            if a["type"] == "decline_counter":
                scores.append(0.0)
                continue
            iid = a["card"]
            if iid in look.board:
                code = look.board[iid][0]
                card = look.info(code)
                cost = look.value(code) if card["counter"]["pay"] == "sacrifice" else 0.5
            else:
                code = look.hand[iid]
                cost = CARD + VP * look.play_cost(look.me, code)
            scores.append(harm - cost)
        return scores

    def _spell_harm(self, look: _Look, casting: dict, eff: dict | None) -> float:
        """What letting the opponent's spell resolve would cost us."""
        if eff is None:
            return 0.0
        harm = 0.0
        d = look.view["duel"]
        if d is not None and d.get("d") and look.me in (d["attacker"], d["defender"]):
            _, side, margin, a_code, d_code = self._duel_numbers(look)
            their = 1 - side
            after = margin - duel_swing(eff, their)
            harm += look.outcome(side, margin, a_code, d_code, d) - look.outcome(
                side, after, a_code, d_code, d
            )
        # their gains (draws, VP, glory) and what its targets would do to our cards
        harm += look.ops_gain(eff) + eff["cost"]["vp"] * VP + eff["cost"]["discard"] * CARD
        targets = list(casting["targets"])
        for op in eff["do"]:
            if op["op"] not in ("move", "set_state") or op["select"] != "choose" or not targets:
                continue
            iid = targets.pop(0)
            if iid in look.board:
                code, state, owner = look.board[iid]
                if owner == look.me:
                    harm -= look.target_value(op, code, owner, state)
        return harm

    # --- the draw the rules allow -------------------------------------------------
    def _draw(self, look: _Look, legal: list[Action]) -> list[float]:
        """Draw, unless the deck is nearly out and drawing would leave us the first to
        face a required draw from an empty deck (every turn's phase 2 draws)."""
        mine = look.mine["deck_count"]
        theirs = [s["deck_count"] for s in look.seats if s["seat"] != look.me and s["alive"]]
        # our k-th turn from now needs k cards; their (k)th turn comes before ours
        take = mine > NEARLY_OUT or not theirs or mine - 1 > min(theirs)
        return [1.0 if (a["type"] == "draw_card") == take else 0.0 for a in legal]

    # --- targets and discards -----------------------------------------------------
    def _targets(self, look: _Look, legal: list[Action]) -> list[float]:
        pending = look.view["pending"] or {}
        if pending.get("purpose") == "discard":
            # throw away the card worth least in hand
            return [-self._hand_worth(look, look.hand.get(a["card"])) for a in legal]
        op = self._target_op(look)
        scores = []
        for a in legal:
            iid = a["card"]
            if op is None:
                scores.append(0.0)
                continue
            if iid in look.board:
                code, state, owner = look.board[iid]
            else:
                code, state = look.code(iid), None
                owner = self._owner(look, iid)
            scores.append(look.target_value(op, code or "?", owner, state))
        return scores

    @staticmethod
    def _owner(look: _Look, iid: str) -> int:
        for seat in look.seats:
            for zone in ("board", "discard"):
                if any(c["id"] == iid for c in seat[zone]):
                    return seat["seat"]
        return look.me

    def _target_op(self, look: _Look) -> dict | None:
        casting = look.view["casting"]
        if casting is None:
            return None
        code = look.code(casting["source"])
        if code is None:
            return None
        card = look.info(code)
        eff = card["helper"] if casting["mode"] == "helper" else card["play"]
        ops = [
            o
            for o in (eff["do"] if eff else [])
            if o["op"] in ("move", "set_state") and o["select"] == "choose"
        ]
        if not ops:
            return None
        return ops[min(len(casting["targets"]), len(ops) - 1)]

    @staticmethod
    def _hand_worth(look: _Look, code: str | None) -> float:
        if code is None:
            return 0.0
        card = look.info(code)
        if card["type"] == "azonnali":
            return 0.5 + 0.3 * max(duel_swing(card["play"], 0), duel_swing(card["play"], 1), 0)
        return look.value(code) - 0.2 * look.play_cost(look.me, code)

    # The decision a legal list asks for, told by an action only that decision offers; the
    # first match wins (a target chosen or a counter offered interrupts the duel under it).
    # A list with none of these is the choice of an attacker.
    _DECISIONS = (
        ("decline_draw", _draw),
        ("choose_target", _targets),
        ("decline_counter", _counters),
        ("decline_defense", _defend),
        ("no_helper", _assign),
        ("pass", _help),
        ("end_main", _main),
    )


def evaluate(view: dict, cards: dict[str, dict] | None = None) -> float:
    """How good the position in `view` is for its seat (the units of every bot score)."""
    infos = (
        _catalog_infos()
        if cards is None
        else {c: _info_from(normalize_card(x)) for c, x in cards.items()}
    )
    look = _Look(view, infos)
    me = look.me

    def side(p: int) -> float:
        seat = look.seats[p]
        power = sum(
            look.stat(p, code, "attack") + look.stat(p, code, "defense")
            for _, code in look.revulok(p, ("active", "resting"))
        )
        return GLORY * seat["glory"] + POWER * power + CARD * seat["hand_count"] + VP * seat["vp"]

    others = [side(q) for q, s in enumerate(look.seats) if q != me and s["alive"]]
    return side(me) - (max(others) if others else 0.0)


__all__ = ["GreedyBot", "evaluate"]
