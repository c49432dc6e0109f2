"""The search bot ("hard"): information-set Monte Carlo tree search over what its seat knows.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): every
iteration draws one *determinisation* — a whole state that looks to the
seat exactly like its view, the cards it cannot see drawn at random by the
game's sampler (`play.engines.<room>.sampling`) — then walks one tree shared
by all samples, keyed by moves as the seat can name them. A move is chosen
among those legal in that sample by UCB1 with availability counts (a move
that exists in few samples is not punished for it), the walk adds one node,
the game's greedy bot plays every seat to the end (`_playout`), and the
result goes back up the path, each node scored for the seat that moved into
it. At the end the greedy bot's own move stands unless another did clearly
better (`_pick`). docs/bots.md says why each of these choices.

The bot never sees the state: `choose` gets the view and the legal actions,
and everything else it knows (its own deck list, the match options, the
public decks an opponent may play) it was given when it sat down, or is
told (`recall`: its seat's earlier views). The
budget is CPU time of this process (`time.process_time`), so a busy
machine costs the bot wall time, not strength. When the view cannot be
rebuilt (a card the bot has no data for) or the sample disagrees with the
real legal actions, the decision goes to the greedy bot and is counted.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Hashable

from core.games import DEFAULT_GAME
from play.bots.base import Bot
from play.engines.base import Action
from play.engines.sampling import Knowledge, SampleError

EXPLORATION = 0.7  # UCB1's constant for rewards in [0, 1]
PLAYOUT_CAP = 400  # moves of a playout before it is scored a draw (games last ~90)
CONFIDENCE = 1.0  # standard errors by which a move must beat the greedy bot's to be chosen
MIN_VISITS = 10  # playouts a move needs before it may overrule the greedy bot's


class Node:
    """One move in the shared tree: who made it, how often it was tried and what it earned."""

    __slots__ = ("available", "children", "mover", "reward", "visits")

    def __init__(self, mover: int | None) -> None:
        self.mover = mover
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.reward = 0.0  # summed result for `mover`
        self.available = 0  # times this move was legal when its parent was visited

    def ucb(self, log_parent: float) -> float:
        return self.reward / self.visits + EXPLORATION * math.sqrt(log_parent / self.visits)


class SearchBot(Bot):
    kind = "search"
    needs_view = True
    uses_knowledge = True

    def __init__(
        self,
        seed: int = 0,
        *,
        game: str = DEFAULT_GAME,
        deck: list[dict] | None = None,
        options: dict | None = None,
        seconds: float = 1.0,
        iterations: int | None = None,
        prior: list[list[dict]] | None = None,
        catalog: dict[str, dict] | None = None,
    ) -> None:
        super().__init__(seed)
        self.game = game
        self.seconds = seconds
        # a fixed number of iterations a decision instead of the clock: the same seed then
        # gives the same move on any machine (tests, replays)
        self.fixed_iterations = iterations
        from core.games import get_game

        self.sampling = get_game(game).sampler()
        self.knowledge_given = (deck, options, prior, catalog)
        self.knowledge: Knowledge | None = None  # made when the bot first sees its seat
        # what the benchmark reads
        self.decisions = self.searched = self.iterations = self.fallbacks = 0
        self.cpu_seconds = 0.0
        self._greedy: Bot | None = None

    def _know(self, seat: int) -> Knowledge:
        if self.knowledge is None or self.knowledge.seat != seat:
            deck, options, prior, catalog = self.knowledge_given
            options = dict(options or {})
            self.knowledge = Knowledge(
                seat=seat,
                deck=list(deck or []),
                options=options,
                prior=table_prior(
                    prior if prior is not None else opponent_prior(self.game, options), options
                ),
                # the game's public cards, so that a card an opponent shows from outside the
                # public decks (their own choice, a bot's top-up at a table with a ban) is
                # one the sampler can rebuild, and search does not give way to greedy
                catalog=dict(catalog) if catalog else shipped_catalog(self.game),
            )
        return self.knowledge

    def recall(self, views) -> None:
        """Be told what the seat was shown earlier in the game (its views, oldest first).

        A bot that sits through a whole game remembers as it goes; one built
        afresh for a move (the live table's worker) is handed the seat's past
        views instead, so it knows what it would have seen — or, when this
        process kept what the seat knew at its last move, that knowledge
        (`knowledge`, a copy) and the views since (`play.bots.seat_memory`).
        """
        for view in views:
            self.sampling.remember(view, self._know(view["you"]))

    def choose(self, view: dict | None, legal: list[Action], rng: random.Random) -> Action:
        self.decisions += 1
        if len(legal) == 1:
            return legal[0]
        start = time.process_time()
        try:
            return self._search(view, legal, rng, start)
        except SampleError:  # a view it cannot rebuild (ONIROO solitaire, say)
            self.fallbacks += 1
            return self._fallback(view, legal, rng)
        finally:
            self.cpu_seconds += time.process_time() - start

    def _playout_bot(self) -> Bot:
        """The game's greedy bot: it plays the playouts and the decisions search cannot take."""
        if self._greedy is None:
            from core.games import get_game

            self._greedy = get_game(self.game).greedy_bot_class()(self.seed)
        return self._greedy

    def _fallback(self, view, legal, rng) -> Action:
        return self._playout_bot().choose(view, legal, rng)

    def _search(self, view: dict, legal: list[Action], rng: random.Random, start: float) -> Action:
        sampling = self.sampling
        knowledge = self._know(view["you"])
        sampling.remember(view, knowledge)
        me = knowledge.seat
        first = sampling.sample_state(view, knowledge, rng)
        mine = first.legal_actions(me)
        keys = [sampling.action_key(first, action) for action in legal]
        if sorted(map(repr, keys)) != sorted(repr(sampling.action_key(first, a)) for a in mine):
            raise SampleError("the rebuilt position has other legal actions than the real one")
        self.searched += 1
        root = Node(None)
        deadline = start + self.seconds if self.fixed_iterations is None else math.inf
        iterations = 0
        sample = first
        while True:
            if not self._iterate(root, sample, rng, deadline):
                break  # the budget ran out inside a playout: that iteration does not count
            iterations += 1
            if iterations == self.fixed_iterations:
                break
            if time.process_time() >= deadline:  # a look costs far less than a playout
                break
            sample = sampling.sample_state(view, knowledge, rng)
        self.iterations += iterations
        return legal[self._pick(root, keys, view, legal, rng)]

    def _pick(self, root: Node, keys: list, view: dict, legal: list[Action], rng) -> int:
        """The greedy bot's move, unless another did clearly better in the playouts.

        A playout ends in a win or a loss, so a few dozen of them per move are
        noisy: taking the best mean would trade the greedy bot's sound
        judgement for noise. Search overrules it only where the difference is
        more than `CONFIDENCE` standard errors, and only for a move with
        `MIN_VISITS` playouts or more: with two or three a standard error says
        nothing (ONIROO at 0.25 s, a dozen iterations over as many moves: on
        such evidence the search won fewer games than the greedy bot alone).
        """
        default = keys.index(self._playout_bot_key(view, legal, keys, rng))
        base = root.children.get(keys[default])
        best, best_margin = default, 0.0
        for i, key in enumerate(keys):
            child = root.children.get(key)
            if child is None or base is None or i == default:
                continue
            if child.visits < MIN_VISITS or base.visits < 2:
                continue
            mean, base_mean = child.reward / child.visits, base.reward / base.visits
            pooled = (child.reward + base.reward) / (child.visits + base.visits)
            spread = math.sqrt(
                max(pooled * (1 - pooled), 0.01) * (1 / child.visits + 1 / base.visits)
            )
            margin = (mean - base_mean) / spread
            if margin > CONFIDENCE and margin > best_margin:
                best, best_margin = i, margin
        return best

    def _playout_bot_key(self, view, legal, keys, rng):
        choice = self._playout_bot().choose(view, legal, random.Random(rng.random()))
        return keys[legal.index(choice)]

    def _iterate(self, root: Node, state, rng: random.Random, deadline: float) -> bool:
        """One ISMCTS iteration on one sample: select, expand one node, play out, back up.

        False (and the tree as it was) when the CPU deadline passes during the playout.
        """
        action_key = self.sampling.action_key
        node, path = root, [root]
        added: tuple[Node, Hashable] | None = None
        while not state.is_over:
            player = state.active_player
            actions = state.legal_actions(player)
            keyed = [(action_key(state, action), action) for action in actions]
            children = node.children
            untried = []
            for key, action in keyed:
                child = children.get(key)
                if child is None:
                    untried.append((key, action))
                else:
                    child.available += 1
            if untried:
                key, action = untried[rng.randrange(len(untried))]
                child = children[key] = Node(player)
                child.available = 1
                added = (node, key)
                state.apply(action)
                path.append(child)
                break
            best_value, best = -1.0, None
            for key, action in keyed:
                child = children[key]
                value = child.ucb(math.log(child.available))
                if value > best_value:
                    best_value, best = value, (child, action)
            node, action = best
            state.apply(action)
            path.append(node)
        lean = getattr(self.sampling, "playout_view", None)
        rewards = _playout(state, self._playout_bot(), rng, deadline, lean)
        if rewards is None:
            if added is not None:
                del added[0].children[added[1]]
            return False
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                visited.reward += rewards.get(visited.mover, 0.0)
        return True


def _playout(
    state, policy: Bot, rng: random.Random, deadline: float, lean=None
) -> dict[int, float] | None:
    """Every seat plays `policy` to the end: each winner's share of the win (a draw splits it).

    The greedy bot, not random moves: a random playout says little in a game
    the greedy bot wins 97 % of against random play, and playing on greedily
    asks the question that matters — what follows this move between two
    players who play sensibly (rollout policy improvement). None when the CPU
    `deadline` passes first (a long playout costs up to a second). `lean`,
    when the game's sampler has one (`playout_view`), builds the policy's view
    of the sample without what it never reads.
    """
    see = lean or (lambda state, seat: state.view(seat))
    moves = 0
    while not state.is_over and moves < PLAYOUT_CAP:
        seat = state.active_player
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            action = actions[0]
        else:
            view = see(state, seat) if policy.needs_view else None
            action = policy.choose(view, actions, rng)
        state.apply(action)
        moves += 1
        if moves % 16 == 0 and time.process_time() > deadline:
            return None
    players = state.players
    winners = state.result["winners"] if state.is_over else players
    if not winners:
        winners = players
    share = 1.0 / len(winners)
    return dict.fromkeys(winners, share)


def opponent_prior(game: str, options: dict | None = None) -> list[list[dict]]:
    """The public decks an opponent's unseen cards are drawn from, as they would come to a
    table with `options`: the registry names the function that gives them (`GameSpec.prior`),
    which takes the table's options (`GameSpec.opponent_prior()` asks it for no table)."""
    from core.games import get_game

    spec = get_game(game)
    if spec.prior is None:
        return []
    module, function = spec.prior.split(":")
    return getattr(importlib.import_module(module), function)(options)


def table_prior(prior: list[list[dict]], options: dict) -> list[list[dict]]:
    """The public decks as they could sit at this table: no card of a type it bans.

    A ban (`banned_types`, Álomfogó's house rule; DECISIONS, Álomfogó 8) holds for
    every deck at the table, and the engine refuses a deck that breaks it, so an
    opponent holds no such card: a sample that imagined one would search a game
    that cannot happen (a counter the opponent cannot hold, an event it cannot
    play). The sampler draws the unseen cards, and any it must add to fill a
    deck, from these decks only.
    """
    banned = set(options.get("banned_types") or ())
    if not banned:
        return [list(deck) for deck in prior]
    return [[card for card in deck if card.get("type") not in banned] for deck in prior]


def shipped_catalog(game: str) -> dict[str, dict]:
    """Code -> card of every card the site ships for `game` (its files read once a process)."""
    from catalog.records import shipped_cards

    return {card["code"]: card for card in shipped_cards(game)}
