/* Kártyavár: the live ONIROO table (levels 1–5 for 2–6 players, and the solitaire).
 * Plain ES2020, no dependencies, no build step.
 *
 * The page (templates/play/table_oniroo.html) holds the first state message
 * (#match-initial) and the page's words (#table-strings). live.js keeps the
 * table in step with the server; this script draws it from each message.
 *
 * Two parts, the first pure (exported for Node, tested without a browser):
 * - `Oniroo`: one state message in words. `layout()` is everything the page
 *   shows, as plain data: texts, cards, dreams with their explanations, and
 *   each legal action as one button in exactly one place;
 * - `start()`: turns a layout into DOM (text nodes only) and keeps focus.
 *
 * Everything drawn comes from the latest state message: the seat's `view`,
 * its `legal` actions, the `players`' names and the printed `cards` facts.
 */
(function () {
  "use strict";
  const Live =
    typeof module !== "undefined" && module.exports ? require("./live.js") : window.KartyavarLive;
  const { actionKey, counted, h, setText } = Live;
  const { TableModel, inBarOrder, placeActions } = Live; // what every table reads and draws alike

  // --- words -------------------------------------------------------------------------
  const SHAPE_GLYPHS = { square: "■", star: "★", circle: "●", cross: "✚", triangle: "▲" };
  const BAR_ORDER = ["reveal", "unstage", "accept", "draw", "end_turn"];

  function vocabulary(t) {
    return {
      groups: {
        animals: t("group_animals"),
        plants: t("group_plants"),
        objects: t("group_objects"),
        places: t("group_places"),
        people: t("group_people"),
        myth: t("group_myth"),
        landscapes: t("group_landscapes"),
        energy: t("group_energy"),
      },
      shapes: {
        square: t("shape_square"),
        star: t("shape_star"),
        circle: t("shape_circle"),
        cross: t("shape_cross"),
        triangle: t("shape_triangle"),
      },
      types: {
        symbol: t("type_symbol"),
        free: t("type_free"),
        wake_up: t("type_wake_up"),
        bad_night: t("type_bad_night"),
        moon_head: t("type_moon_head"),
        dream_fairy: t("type_dream_fairy"),
        magic_code: t("type_magic_code"),
      },
      kinds: { letter: t("kind_letter"), shape: t("kind_shape"), digit: t("kind_digit") },
      reasons: {
        wake_up: t("why_wake_up"),
        wake_up_other: t("why_wake_up_other"),
        wake_up_shared: t("why_wake_up_shared"), // levels 2–3: the engine says which dream
        seven_free: t("why_seven_free"),
        five_fairies: t("why_five_fairies"),
        no_cards: t("why_no_cards"),
        turn_limit: t("why_turn_limit"),
        series: t("why_series"),
        goal: t("why_goal"),
        // and why the match service ends a match, in every game: live.js's serviceReasons
      },
    };
  }

  /** An event's identity for the log diff: the whole event, as an action's. */
  const eventKey = actionKey;

  function isCard(value) {
    return (
      !!value &&
      typeof value === "object" &&
      typeof value.id === "string" &&
      typeof value.code === "string" &&
      typeof value.type === "string"
    );
  }

  /** Every card entry in a view (events aside), by id. */
  function cardsIn(view) {
    const found = new Map();
    const walk = (value) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") {
        if (isCard(value)) found.set(value.id, value);
        else for (const [k, v] of Object.entries(value)) if (k !== "events") walk(v);
      }
    };
    walk(view);
    return found;
  }

  const FACES = new WeakMap(); // t -> Map("lang:code" -> the words of a card's face)
  // the page's memory -> Map("game:dream id" -> [owner, number]): the engine's number of a
  // dream this page showed or saw lost, for the log's words on a dream that has left the table
  const DREAMS_SHOWN = new WeakMap();

  // --- one state message, in words -----------------------------------------------------
  class Oniroo extends TableModel {
    /** `memory`: a Map (card id -> name) the page keeps across messages, for the event log. */
    constructor(msg, t, lang, memory) {
      super(msg, t, lang, vocabulary);
      const counted = new Map();
      for (const name of this.names.values()) counted.set(name, (counted.get(name) || 0) + 1);
      this.twins = new Set([...counted].filter(([, n]) => n > 1).map(([name]) => name));
      this.solo = this.view.mode === "solitaire";
      this.options = this.view.options || {};
      this.level = this.view.level || this.options.level || 1;
      this.memory = memory || new Map();
      this.seen = cardsIn(this.view);
      for (const [id, entry] of this.seen) this.memory.set(id, this.cardName(entry));
      for (const ev of this.view.events || []) this.remember(ev);
      this.owners = new Map();
      this.dreams = new Map(); // id → the view's dream (its wake_up_points are the engine's)
      // id → the engine's number for it among its owner's dreams (each seat's first is 1,
      // and a number stays with its dream all game; the id counts the whole table's dreams)
      this.numbers = new Map();
      for (const s of this.seats) {
        for (const d of s.dreams || []) {
          this.owners.set(d.id, s.seat);
          this.dreams.set(d.id, d);
          this.numbers.set(d.id, d.number);
        }
      }
      if (this.view.shared_dream) this.dreams.set("shared", this.view.shared_dream);
      if (!DREAMS_SHOWN.has(this.memory)) DREAMS_SHOWN.set(this.memory, new Map());
      this.shown = DREAMS_SHOWN.get(this.memory);
      this.game = this.view.game_number || 1; // a series' next game counts its dreams anew
      for (const [id, n] of this.numbers) this.shown.set(this.game + ":" + id, [this.owners.get(id), n]);
      for (const ev of this.view.events || []) {
        // a lost dream's event says what it was called, for a page that never showed it
        if (ev.type === "dream_lost" && ev.number) this.shown.set(this.game + ":" + ev.dream, [ev.player, ev.number]);
      }
      this.homes = null;
    }

    remember(ev) {
      const note = (id, code) => {
        if (typeof id === "string" && typeof code === "string" && !this.memory.has(id)) {
          this.memory.set(id, this.nameOfCode(code));
        }
      };
      note(ev.card, ev.code);
      if (Array.isArray(ev.cards) && Array.isArray(ev.codes)) {
        ev.cards.forEach((id, i) => note(id, ev.codes[i]));
      }
    }

    // --- cards -------------------------------------------------------------
    nameOfCode(code) {
      const f = (code && this.cards[code]) || {};
      if (this.lang === "en" && f.name_en) return f.name_en;
      return f.name || null;
    }

    cardName(entry) {
      if (!entry) return this.t("a_card");
      const f = this.cards[entry.code] || {};
      if (this.lang === "en" && f.name_en) return f.name_en;
      return entry.name || f.name || this.t("a_card");
    }

    /** A card's name from its id (and code, when an event carries one). */
    nameOf(id, code) {
      const entry = id ? this.seen.get(id) : null;
      if (entry) return this.cardName(entry);
      if (id && this.memory.has(id)) return this.memory.get(id);
      return (code && this.nameOfCode(code)) || this.t("a_card");
    }

    namesOf(ids, codes) {
      const list = Array.isArray(ids) ? ids : [];
      return list.map((id, i) => this.nameOf(id, Array.isArray(codes) ? codes[i] : null)).join(", ");
    }

    group(g) {
      return g ? this.w.groups[g] || g : this.t("any_group");
    }

    typeName(entry) {
      return this.w.types[entry.type] || entry.type || "";
    }

    reason(code) {
      if (this.solo && code === "wake_up") return this.t("why_solo_wake_up");
      return super.reason(code);
    }

    /** The printed codes of a card as short chips: [{k, text, label}]. */
    chips(entry) {
      const t = this.t;
      const out = [];
      const chip = (k, text, label) => out.push({ k, text: String(text), label });
      if (entry.type === "symbol") {
        chip("letter", entry.letter, t("code_letter", { value: entry.letter }));
        chip("shape", SHAPE_GLYPHS[entry.shape] || entry.shape, this.w.shapes[entry.shape] || entry.shape);
        chip("digit", entry.digit, t("code_digit", { value: entry.digit }));
      } else if (entry.type === "free") {
        chip("wild", t("any_code"), t("any_code_long"));
      } else if (entry.type === "magic_code") {
        if (entry.letter != null) chip("letter", entry.letter, t("code_letter", { value: entry.letter }));
        if (entry.shape != null) {
          chip("shape", SHAPE_GLYPHS[entry.shape] || entry.shape, this.w.shapes[entry.shape] || entry.shape);
        }
        if (entry.digit != null) chip("digit", entry.digit, t("code_digit", { value: entry.digit }));
      }
      return out;
    }

    /** "yellow → purple" for a dream card, else null. */
    groups(entry) {
      if (entry.type !== "symbol" && entry.type !== "free") return null;
      return { yellow: this.group(entry.group), purple: this.group(entry.next_group) };
    }

    /** The whole card in one sentence, for screen readers and tooltips. */
    describe(entry) {
      const t = this.t;
      const parts = [this.cardName(entry)];
      if (entry.type === "symbol") {
        parts.push(t("picture_number", { n: String(entry.number).padStart(3, "0") }));
      }
      parts.push(this.typeName(entry));
      const codes = this.chips(entry).map((c) => c.label);
      if (codes.length) parts.push(codes.join(", "));
      const g = this.groups(entry);
      if (g) parts.push(t("groups_words", g));
      return parts.join(", ");
    }

    /** The printed face of a card in words; the same for every message, so kept per code. */
    face(entry) {
      let cache = FACES.get(this.t);
      if (!cache) {
        cache = new Map();
        FACES.set(this.t, cache);
      }
      const key = this.lang + ":" + entry.code;
      let face = cache.get(key);
      if (!face) {
        const f = this.cards[entry.code] || {};
        const text = this.printed(f, "text");
        const name = this.cardName(entry);
        face = {
          name,
          number: entry.type === "symbol" ? "#" + String(entry.number).padStart(3, "0") : "",
          kind: this.typeName(entry),
          chips: this.chips(entry),
          groups: this.groups(entry),
          desc: this.describe(entry),
        };
        face.title = text ? name + " — " + text : face.desc;
        if (f.name || entry.name) cache.set(key, face); // only once the printed facts are known
      }
      return face;
    }

    /**
     * One card as the page shows it: its face (the printed facts' `face` picture), its
     * name, the words a screen reader hears (`alt`, `desc`), the marks over it and its
     * buttons. `extra`: {zone, marks, note, ...}. `domId` tells the card apart on the page
     * (a card shown twice, as in the hand and in the dream being laid out, gets the
     * zone's prefix the second time); `id` stays the engine's.
     */
    card(entry, extra) {
      const x = extra || {};
      const facts = this.cards[entry.code] || {};
      const face = this.face(entry);
      const c = {
        id: entry.id,
        domId: this.placeId(entry.id, x.zone),
        code: entry.code,
        type: entry.type,
        name: face.name,
        face: facts.face || null,
        zoom: facts.zoom || null,
        text: this.printed(facts, "text"),
        title: face.title,
        desc: face.desc,
        alt: face.desc,
        marks: [],
        note: "",
        buttons: this.takeButtons("card:" + entry.id),
      };
      const effect = this.effectText(entry);
      if (effect) {
        // what it does at this level: under the card where it may be played, and always in words
        c.effect = effect;
        c.title = c.title + " — " + effect;
        c.desc = c.desc + ". " + effect;
        c.text = effect;
        if (x.zone === "hand" || x.zone === "attack" || x.zone === "known") c.note = effect;
      }
      delete x.zone;
      return Object.assign(c, x);
    }

    /** A card face down (a blind hand, the draw pile, a placeholder): no face, only words. */
    back(domId, name, extra) {
      return Object.assign(
        { id: null, domId: this.placeId(domId), back: true, name, alt: name, desc: name, marks: [], note: "", buttons: [] },
        extra || {}
      );
    }

    /** The page's id of a card: the engine's the first time it is drawn, then with the zone. */
    placeId(id, zone) {
      if (!this.placed) return id;
      let domId = id;
      if (this.placed.has(domId)) domId = (zone || "also") + "-" + id;
      for (let n = 2; this.placed.has(domId); n++) domId = (zone || "also") + "-" + n + "-" + id;
      this.placed.add(domId);
      return domId;
    }

    /** What an attack card does at this level, from the `effect` the view carries on it. */
    effectText(entry) {
      if (!entry.effect) return "";
      const t = this.t;
      const effects = {
        wait: () => t("card_eff_wait", { n: entry.effect_turns }),
        nightmare: () => t("card_eff_nightmare"),
        sleepwalker: () => t("card_eff_sleepwalker"),
        insomnia: () => t("card_eff_insomnia"),
        eye: () => t("card_eff_eye"),
        hand: () => {
          const n = entry.effect_count;
          return counted(this.lang, n, t("card_eff_hand_one", { n }), t("card_eff_hand_other", { n }));
        },
        ear: () => t("card_eff_ear"),
        mouth: () => t("card_eff_mouth"),
        nose: () => t("card_eff_nose"),
      };
      return effects[entry.effect] ? effects[entry.effect]() : "";
    }

    // --- people and dreams ------------------------------------------------------
    /** A seat's name; two bots of a kind are told apart by their seat. */
    playerName(seat) {
      if (seat == null) return "?";
      const name = this.names.get(seat);
      if (!name) return this.t("seat_n", { n: seat + 1 });
      return this.twins.has(name) ? name + " · " + this.t("seat_n", { n: seat + 1 }) : name;
    }

    /**
     * [owner, number] of a dream: on the table, its owner and the engine's number for it
     * among the owner's dreams (from 1); gone, what this page showed of it or its loss said,
     * if anything: [undefined, null] when it never saw it.
     */
    dreamPlace(id) {
      if (this.numbers.has(id)) return [this.owners.get(id), this.numbers.get(id)];
      return this.shown.get(this.game + ":" + id) || [undefined, null];
    }

    /** A dream's heading, under its owner's name: "Dream 2", "Dream", "Shared dream". */
    dreamTitle(id) {
      if (id === "shared") return this.t("dream_shared_title");
      if (id === "new") return this.t("dream_new_title");
      const n = this.dreamPlace(id)[1];
      return n ? this.t("dream_n_title", { n }) : this.t("dream_title");
    }

    /**
     * A dream named with its owner: "your dream 2", "Bob's dream 2", "the shared dream"; the
     * number counts the owner's dreams (each seat's first dream is 1), so the owner is named.
     */
    dreamLabel(id, owner) {
      const t = this.t;
      if (id === "shared") return t("dream_shared");
      if (id === "new") return t("dream_new");
      const [known, number] = this.dreamPlace(id);
      const who = owner === undefined ? known : owner;
      // a number only with the owner it counts for (a stale one of another seat is none)
      const n = known === who ? number : null;
      if (who === this.you && this.you != null) return n ? t("dream_n_yours", { n }) : t("dream_yours");
      const name = this.playerName(who);
      return n ? t("dream_n_of", { who: name, n }) : t("dream_of", { who: name });
    }

    minLength() {
      return this.options.min_dream_length; // the engine's, the level's own unless raised
    }

    /**
     * The explainer's words for one explanation: {headline, lines}. `over`: the game is
     * over, so a complete dream no longer waits for the wake-up (nothing more is played).
     */
    explainWords(x, over) {
      const t = this.t;
      const pos = (list) => list.map((i) => i + 1).join(", ");
      const lines = [];
      if (!x.codes) {
        let headline = t("explain_length", { n: x.length, min: x.min_length });
        if (x.complete) {
          headline = over ? t("explain_long_enough_over", { n: x.length }) : t("explain_long_enough", { n: x.length });
        }
        return { headline, lines };
      }
      const SHOWN = 3; // a long dream may hold dozens of sets: name a few, count the rest
      for (const set of x.code_sets.slice(0, SHOWN)) {
        if (set.kind === "letter") {
          lines.push(
            set.value == null
              ? t("set_letter_any", { cards: pos(set.positions) })
              : t("set_letter", { value: set.value, cards: pos(set.positions) })
          );
        } else if (set.kind === "shape") {
          lines.push(
            set.value == null
              ? t("set_shape_any", { cards: pos(set.positions) })
              : t("set_shape", { value: this.w.shapes[set.value] || set.value, cards: pos(set.positions) })
          );
        } else {
          const digits = set.digits.map((d) => (d == null ? "?" : String(d))).join("-");
          lines.push(
            set.direction === "up"
              ? t("set_run_up", { digits, cards: pos(set.positions) })
              : t("set_run_down", { digits, cards: pos(set.positions) })
          );
        }
      }
      if (x.code_sets.length > SHOWN) {
        const n = x.code_sets.length - SHOWN;
        lines.push(counted(this.lang, n, t("more_sets_one", { n }), t("more_sets_other", { n })));
      }
      if (x.group_links.length) {
        const pairs = x.group_links.slice(0, 8).map((p) => p[0] + 1 + "→" + (p[1] + 1));
        if (x.group_links.length > 8) pairs.push("…");
        lines.push(t("links_at", { pairs: pairs.join(", ") }));
      }
      for (const m of x.missing) {
        if (m.what === "cards") {
          const words = { n: m.count, min: x.min_length };
          lines.push(counted(this.lang, m.count, t("missing_cards_one", words), t("missing_cards_other", words)));
        }
        else if (m.what === "group_link") lines.push(t("missing_link"));
        else {
          const b = m.best;
          let best;
          if (b.kind === "letter") {
            best =
              b.value == null
                ? t("best_letter_any", { count: b.count })
                : t("best_letter", { value: b.value, count: b.count });
          } else if (b.kind === "shape") {
            best =
              b.value == null
                ? t("best_shape_any", { count: b.count })
                : t("best_shape", { value: this.w.shapes[b.value] || b.value, count: b.count });
          } else {
            // the runs the match accepts: the two the rulebook names, or (the option) any five
            best = x.any_digit_run ? t("best_run", { count: b.count }) : t("best_run_named", { count: b.count });
          }
          lines.push(t("missing_code_set", { best, need: b.need }));
        }
      }
      let headline = x.complete ? t("explain_complete") : t("explain_incomplete");
      if (over) headline = x.complete ? t("explain_complete_over") : t("explain_incomplete_over");
      return { headline, lines };
    }

    /** How the game was won on a dream (the view's `winning`): by whom, how, for how much. */
    winningWords(won) {
      const t = this.t;
      const words = { who: this.playerName(won.player), points: won.points };
      const you = won.player === this.you && this.you != null;
      if (won.reason === "seven_free") {
        return you ? t("dream_seven_free_you", words) : t("dream_seven_free_by", words);
      }
      return you ? t("dream_woken_you", words) : t("dream_woken_by", words);
    }

    /** The shared dream; at level 3 it says who completed it: only they may wake it (C_03),
     * while the game goes on. */
    sharedDream(d) {
      const out = this.dream(d, null);
      if (d.completed_by != null) {
        const you = d.completed_by === this.you;
        const who = this.playerName(d.completed_by);
        let line = you ? this.t("shared_completed_you") : this.t("shared_completed_by", { who });
        if (this.over) line = you ? this.t("shared_completed_you_over") : this.t("shared_completed_by_over", { who });
        out.lines = [line, ...out.lines];
      }
      return out;
    }

    /** An incomplete dream's badge: built on while the game goes on, not once it is over. */
    unfinished() {
      return this.over ? this.t("dream_not_completed") : this.t("dream_building");
    }

    /**
     * One dream for the page: its cards in order (links and code sets marked) and why; once
     * the game was won on it, how (the headline) and the wake-up card lying on it (`wake`).
     */
    dream(d, owner, extra) {
      const t = this.t;
      const cards = Array.isArray(d.cards) ? d.cards : [];
      // the engine's explanation, carried by the view: no rule is worked out here
      const x = d.explanation;
      const staged = d.id === "staging";
      const words = this.explainWords(x, this.over && !staged);
      const zone = staged ? "staged" : "dream";
      const won = d.winning || null;
      return Object.assign(
        {
          id: d.id,
          title: this.dreamTitle(d.id),
          label: this.dreamLabel(d.id, owner),
          count: cards.length === 1 ? t("dream_count_one") : t("dream_count", { n: cards.length }),
          complete: !!d.complete,
          won: !!won,
          status: won ? t("dream_winning") : d.complete ? t("dream_complete") : this.unfinished(),
          cards: cards.map((entry, i) => this.dreamCard(entry, i, x, zone)),
          wake: d.wake_up ? this.card(d.wake_up, { zone: "woken" }) : null,
          headline: won ? this.winningWords(won) : words.headline,
          lines: words.lines,
          explanation: x,
        },
        extra || {}
      );
    }

    /**
     * A card at position `i` of a dream: its place, and what it does for the dream as the
     * engine's explanation `x` says (the first code set it holds a code of, the group link
     * from the card before it), over its face and in its words.
     */
    dreamCard(entry, i, x, zone) {
      const t = this.t;
      const marks = [{ k: "pos", text: String(i + 1), title: t("mark_pos", { n: i + 1 }) }];
      const words = [];
      const set = (x.code_sets || [])[0];
      const at = set ? set.positions.indexOf(i) : -1;
      if (at >= 0) {
        let code;
        if (set.kind === "digit_run") code = set.digits[at] == null ? "?" : String(set.digits[at]);
        else if (set.value == null) code = t("any_code");
        else if (set.kind === "shape") code = SHAPE_GLYPHS[set.value] || set.value;
        else code = String(set.value);
        const title = t("mark_in_set", { code: set.kind === "shape" ? this.w.shapes[set.value] || code : code });
        marks.push({ k: "role", text: code, title });
        words.push(title);
      }
      const linked = (x.group_links || []).some((p) => p[1] === i);
      if (linked) {
        const title = t("mark_linked", { group: this.group(entry.group) });
        marks.push({ k: "up", text: "⟵ " + this.group(entry.group), title });
        words.push(title);
      }
      const c = this.card(entry, { zone, marks, pos: i + 1, inSet: at >= 0, linkedFromPrev: linked });
      const said = [c.desc].concat(words).join(". ");
      c.alt = i + 1 + ". " + said;
      c.desc = c.alt;
      return c;
    }

    // --- actions -------------------------------------------------------------
    /** Where an action's button goes: on a card the page shows, on a face-down card, or the bar. */
    homeOf(action) {
      if (action.type === "play_blind") return "blind:" + action.position;
      if (action.card && this.seen.has(action.card)) return "card:" + action.card;
      return "bar";
    }

    buttons() {
      return this.legal.map((action) => {
        const labels = this.labels(action);
        return {
          key: actionKey(action),
          type: action.type,
          short: labels.short,
          full: labels.full,
          home: this.homeOf(action),
        };
      });
    }

    /** The buttons for one place on the page; each is handed out once. */
    takeButtons(home) {
      if (!this.homes) return [];
      const found = this.homes.get(home) || [];
      this.homes.delete(home);
      return found;
    }

    labels(a) {
      const t = this.t;
      const pair = (short, full) => ({ short, full: full || short });
      const card = a.card ? this.nameOf(a.card) : "";
      const pending = this.view.pending || null;
      switch (a.type) {
        case "play":
          return a.dream === "new"
            ? pair(t("do_play_new"), t("act_play", { card, dream: this.dreamLabel("new") }))
            : pair(
                t("do_play_on", { dream: this.dreamTitle(a.dream) }),
                t("act_play", { card, dream: this.dreamLabel(a.dream) })
              );
        case "wake_up": {
          const owner = a.dream === "shared" ? null : this.owners.get(a.dream);
          const own = a.dream === "shared" || owner === a.player;
          const points = (this.dreams.get(a.dream) || {}).wake_up_points || 0;
          const dream = this.dreamLabel(a.dream);
          return pair(
            t("do_wake_up", { dream: own ? this.dreamTitle(a.dream) : dream, points }),
            t("act_wake_up", { card, dream, points })
          );
        }
        case "attack": {
          if (a.join != null) {
            // the mouth: against one target (who alone may stop it), the attacker in or out
            const target = this.playerName(a.target);
            return a.join
              ? pair(t("do_mouth_join", { target }), t("act_mouth_join", { card, target }))
              : pair(t("do_mouth_stay", { target }), t("act_mouth_stay", { card, target }));
          }
          if (a.dream != null) {
            const target = this.dreamLabel(a.dream, a.target);
            return pair(t("do_attack_on", { target }), t("act_attack_on", { card, target }));
          }
          if (a.target != null) {
            const target = this.playerName(a.target);
            return pair(t("do_attack_on", { target }), t("act_attack_on", { card, target }));
          }
          // what the card does at this level, as the view says it (a level-3 bad night: waiting)
          const played = this.seen.get(a.card) || {};
          if (played.effect === "wait") return pair(t("do_bad_night"), t("act_bad_night", { card }));
          return pair(t("do_attack_all"), t("act_attack_all", { card }));
        }
        case "stage": {
          const staged = ((this.view.this_turn || {}).staged || []).length;
          // the first card commits the turn to a reveal: its label says so
          const full =
            this.view.step === "staging" ? t("act_stage", { card, n: staged + 1 }) : t("act_stage_first", { card });
          return pair(t("do_stage", { n: staged + 1 }), full);
        }
        case "reveal":
          return pair(t("act_reveal"));
        case "unstage": {
          const turn = this.view.this_turn || {};
          const laid = turn.staged || [];
          const card = this.cardName(laid[laid.length - 1]);
          // how many take-backs this turn still allows (the engine counts: takebacks_left)
          return pair(t("act_unstage", { card, n: turn.takebacks_left }));
        }
        case "play_blind": {
          const own = this.you != null ? this.seats[this.you] : null;
          const count = own ? own.hand_count : "?";
          return pair(t("do_blind", { n: a.position + 1 }), t("act_blind", { n: a.position + 1, count }));
        }
        case "discard":
          if (pending && pending.kind === "discard_hand") {
            return pair(t("do_discard"), t("act_discard_moon", { card }));
          }
          return pair(t("do_discard"), t("act_discard", { card }));
        case "end_turn": {
          const own = this.you != null ? this.seats[this.you] : null;
          const missing = own ? own.end_turn_draws || 0 : 0;
          return missing > 0 ? pair(t("act_end_turn_draw", { n: missing })) : pair(t("act_end_turn"));
        }
        case "show_fairy":
          return pair(t("do_show_fairy"), t("act_show_fairy", { card }));
        case "accept":
          return pair(t("act_accept"));
        case "give": {
          const who = this.playerName((this.view.attack || {}).by);
          return pair(t("do_give", { who }), t("act_give", { card, who }));
        }
        case "take": {
          let where;
          if (a.to === "hand") where = t("take_hand");
          else if (a.to === "discard") where = t("take_discard");
          else if (a.to === "new") where = t("take_new");
          else where = t("take_dream", { dream: this.dreamTitle(a.to) });
          return pair(where, t("act_take", { card, where }));
        }
        case "draw":
          return pair(t("act_draw"));
        case "lay": {
          if (a.slot != null) {
            return pair(t("do_lay_slot", { n: a.slot + 1 }), t("act_lay_slot", { card, n: a.slot + 1 }));
          }
          if (a.kind != null) {
            const kind = this.w.kinds[a.kind] || a.kind;
            return pair(t("do_lay_kind", { kind }), t("act_lay_kind", { card, kind }));
          }
          const entry = this.seen.get(a.card);
          if (entry && entry.type === "magic_code") {
            const kind = this.w.kinds[entry.subtype] || entry.subtype || "";
            return pair(t("do_lay_kind", { kind }), t("act_lay_kind", { card, kind }));
          }
          return pair(t("do_lay_fairy"), t("act_lay_fairy", { card }));
        }
        case "placeholder":
          return pair(
            t("do_placeholder", { n: a.slot + 1, digit: a.digit }),
            t("act_placeholder", { card, n: a.slot + 1, digit: a.digit })
          );
        case "swap": {
          const entry = this.seen.get(a.card);
          const kind = entry && entry.subtype;
          const laid = kind && ((this.view.table || {}).codes || {})[kind];
          const old = laid && laid.card ? this.cardName(laid.card) : t("a_card");
          return pair(t("do_swap"), t("act_swap", { card, old }));
        }
        case "keep":
          return pair(t("do_keep"), t("act_keep", { card }));
        default:
          return pair(card ? a.type + ": " + card : a.type);
      }
    }

    // --- the turn --------------------------------------------------------------
    summary() {
      const v = this.view;
      const t = this.t;
      if (v.turn == null) return "";
      if (this.solo) return t("summary_solo", { level: this.level, turn: v.turn });
      if (this.over) {
        return t("summary_over", { level: this.level, turn: v.turn });
      }
      const games = this.options.games || 1;
      const who =
        v.turn_player === this.you ? t("your_turn") : t("whose_turn", { who: this.playerName(v.turn_player) });
      return games > 1
        ? t("summary_series", { level: this.level, game: v.game_number, games, turn: v.turn, who })
        : t("summary_table", { level: this.level, turn: v.turn, who });
    }

    /** The prompt while the viewer has a choice. */
    choicePrompt() {
      return this.solo ? this.soloPrompt() : this.tablePrompt();
    }

    tablePrompt() {
      const prompt = this.tableChoicePrompt();
      const v = this.view;
      const tf = v.this_turn || {};
      if (tf.held_back > 0) {
        // a bad night: say why no symbol card can go into the dream, and for how long
        const n = tf.held_back;
        const why = counted(this.lang, n, this.t("prompt_waiting_one", { n }), this.t("prompt_waiting_other", { n }));
        return why + " " + prompt;
      }
      return prompt;
    }

    tableChoicePrompt() {
      const t = this.t;
      const v = this.view;
      const p = v.pending;
      const atk = v.attack || {};
      const types = new Set(this.legal.map((a) => a.type));
      if (p && p.kind === "defend") {
        return t("prompt_defend", { who: this.playerName(atk.by), card: this.cardName(atk.card) });
      }
      if (p && p.kind === "discard_hand") {
        const n = (p.count || 0) - (p.done || 0);
        return counted(this.lang, n, t("prompt_moon_hand_one", { n }), t("prompt_moon_hand_other", { n }));
      }
      if (p && p.kind === "give") return t("prompt_give", { who: this.playerName(atk.by) });
      if (p && p.kind === "take") return t("prompt_take", { card: this.cardName(p.card) });
      const tf = v.this_turn || {};
      if (v.step === "blind") return t("prompt_blind");
      if (v.step === "blind_use") return t("prompt_blind_use", { card: this.cardName(tf.blind_card) });
      if (v.step === "staging") {
        if (!types.has("reveal")) return t("prompt_staging");
        return types.has("stage") ? t("prompt_staging_ready") : t("prompt_staging_reveal");
      }
      if (v.step === "discarding" || [...types].every((x) => x === "discard")) return t("prompt_discard");
      if (types.size === 1 && types.has("end_turn")) return t("prompt_end_turn");
      if (tf.played > 0 && tf.chain && types.has("play")) {
        return t("prompt_more", { dream: this.dreamLabel(tf.chain) });
      }
      if (types.has("wake_up")) return t("prompt_wake_up");
      if (types.has("stage")) return t("prompt_play_reveal");
      if (this.level === 1) return t("prompt_play_1");
      if (this.level === 2) return t("prompt_play_2");
      if (this.level === 3) return t("prompt_play_3");
      return t("prompt_play_45");
    }

    soloPrompt() {
      const t = this.t;
      const v = this.view;
      if (v.step === "consider" && (v.drawn || []).length) {
        const card = this.cardName(v.drawn[0]);
        if (!v.second) return t("prompt_solo_first", { card });
        return t("prompt_solo_second", { card });
      }
      return t("prompt_solo_draw");
    }

    goal() {
      const t = this.t;
      const min = this.minLength();
      if (this.solo) {
        if (this.level === 1) return t("goal_solo_1");
        if (this.level === 2) return t("goal_solo_2");
        return t("goal_solo_3");
      }
      if (this.level === 1) return t("goal_1", { min });
      if (this.level === 2) return t("goal_2", { min });
      if (this.level === 3) return t("goal_3", { min });
      return t("goal_45", { min });
    }

    /** The level and options chosen in the lobby (which ones this level has: the view's
     * `chosen_options`, the engine's). */
    optionList() {
      const t = this.t;
      const o = this.options;
      const chosen = new Set(this.view.chosen_options || []);
      const yes = (b) => (b ? t("yes") : t("no"));
      const rows = [[t("opt_level"), String(this.level)]];
      if (this.solo) {
        rows.push([t("opt_mode"), t("mode_solo")]);
        if (chosen.has("free_cards")) rows.push([t("opt_free_cards"), yes(o.free_cards)]);
        return rows.map(([label, value]) => ({ label, value }));
      }
      rows.push([t("opt_players"), String(o.players || this.seats.length)]);
      // shown at every table level: where the level fixes them, whether it has them
      rows.push([t("opt_free_cards"), yes(o.free_cards)]);
      if (chosen.has("attack_kind") && o.attack_kind) {
        const kind = o.attack_kind === "moon_head" ? t("type_moon_head") : t("type_bad_night");
        rows.push([t("opt_attacks"), kind]);
      }
      rows.push([t("opt_min_length"), String(this.minLength())]);
      if (chosen.has("any_digit_run")) {
        rows.push([t("opt_digit_runs"), o.any_digit_run ? t("digit_runs_any") : t("digit_runs_named")]);
      }
      rows.push([t("opt_games"), String(o.games || 1)]);
      rows.push([t("opt_vote"), yes(o.vote)]);
      return rows.map(([label, value]) => ({ label, value }));
    }

    piles() {
      const t = this.t;
      const v = this.view;
      return {
        draw: t("pile_draw", { n: v.draw_count || 0 }),
        discard: t("pile_discard", { n: v.discard_count || 0 }),
        top: v.discard_top ? t("pile_top", { card: this.cardName(v.discard_top) }) : t("pile_empty"),
      };
    }

    /** The middle of the table: the draw pile face down, the top of the discard pile face up. */
    pileCards() {
      const t = this.t;
      const v = this.view;
      const draw = v.draw_count || 0;
      const discard = v.discard_count || 0;
      return {
        title: t("piles_title"),
        draw: draw ? this.back("draw-pile", t("pile_draw", { n: draw })) : null,
        drawEmpty: t("pile_draw", { n: 0 }),
        top: v.discard_top ? this.card(v.discard_top, { zone: "pile", note: t("pile_discard", { n: discard }) }) : null,
        topEmpty: t("pile_discard", { n: 0 }),
      };
    }

    /** The scores over the series: one row per game played, and the totals now. */
    scores() {
      // a single game's points are on each seat: the table is for a series
      if (this.solo || !this.seats.length || (this.options.games || 1) < 2) return null;
      const t = this.t;
      const history = Array.isArray(this.view.history) ? this.view.history : [];
      return {
        caption: t("scores_caption", { game: this.view.game_number || 1, games: this.options.games || 1 }),
        head: [t("col_game"), t("col_winner"), ...this.seats.map((s) => this.seatName(s.seat))],
        rows: history.map((g) => [
          String(g.game),
          (g.winner == null ? t("nobody") : this.seatName(g.winner)) +
            (g.winner == null ? "" : " +" + g.points) +
            " · " + this.reason(g.reason),
          ...(g.scores || []).map(String),
        ]),
        totals: [t("col_now"), "", ...this.seats.map((s) => String(s.score))],
      };
    }

    attackInfo() {
      const v = this.view;
      const a = v.attack;
      if (!a) return null;
      const t = this.t;
      const by = this.seatName(a.by);
      const target = a.target != null ? this.seatName(a.target) : "";
      const effects = {
        wait: () => t("eff_wait"),
        nightmare: () =>
          t("eff_nightmare", { target: a.dream ? this.dreamLabel(a.dream, a.target) : target }),
        sleepwalker: () => t("eff_sleepwalker", { target }),
        insomnia: () => t("eff_insomnia", { target, who: by }),
        eye: () => t("eff_eye", { target }),
        hand: () => t("eff_hand", { target }),
        ear: () => t("eff_ear", { target }),
        mouth: () => (a.join ? t("eff_mouth_join", { target }) : t("eff_mouth_stay", { target, who: by })),
        nose: () => t("eff_nose", { target, who: by }),
      };
      const lines = [
        t("attack_line", { who: by, card: a.card ? this.cardName(a.card) : t("a_card") }),
        (effects[a.effect] || (() => a.effect))(),
      ];
      const reached = (a.reached || []).map((s) => this.seatName(s));
      if (reached.length) lines.push(t("attack_reached", { who: reached.join(", ") }));
      const safe = (a.protected || []).map((s) => this.seatName(s));
      if (safe.length) lines.push(t("attack_protected", { who: safe.join(", ") }));
      const p = v.pending;
      if (p) {
        const who = this.seatName(p.player);
        const decisions = {
          defend: () => t("pending_defend", { who }),
          discard_hand: () => {
            const n = (p.count || 0) - (p.done || 0);
            return counted(this.lang, n, t("pending_discard_one", { who, n }), t("pending_discard_other", { who, n }));
          },
          give: () => t("pending_give", { who }),
          take: () => t("pending_take", { who, card: p.card ? this.cardName(p.card) : t("a_card") }),
        };
        lines.push((decisions[p.kind] || (() => who))());
      }
      return {
        title: t("attack_title"),
        lines,
        card: a.card ? this.card(a.card, { zone: "attack" }) : null,
      };
    }

    /** A seat's panel: name, badges, score, hand size, known cards, dreams left to right. */
    seat(s) {
      const t = this.t;
      const v = this.view;
      const n = s.seat;
      const head = this.seatHead(n);
      const badges = head.badges;
      // a match ended by the service (a resignation) keeps the last view: no turn follows
      if (s.waiting > 0 && !this.over) {
        const words = { n: s.waiting };
        const text = counted(this.lang, s.waiting, t("badge_waiting_one", words), t("badge_waiting_other", words));
        badges.push({ k: "waiting", text });
      }
      if (s.blind && !this.over) {
        const now = v.turn_player === n && v.step === "blind";
        badges.push({ k: "blind", text: now ? t("badge_blind_now") : t("badge_blind") });
      }
      const attack = v.attack;
      if (attack && (attack.protected || []).includes(n)) {
        badges.push({ k: "protected", text: t("badge_protected") });
      }
      const dreams = (s.dreams || []).map((d) => this.dream(d, n));
      return Object.assign(head, {
        stats: [
          { k: "score", label: t("label_points"), value: String(s.score) },
          { k: "hand", label: t("label_hand"), value: String(s.hand_count) },
          { k: "dreams", label: t("label_dreams"), value: String((s.dreams || []).length) },
        ],
        known: head.own ? [] : (s.known_hand || []).map((c) => this.card(c, { zone: "known" })),
        knownTitle: this.knownTitle(n),
        dreams,
        empty: v.shared_dream ? t("dreams_shared_only") : t("no_dreams"),
        dreamsLabel: t("dreams_of", { who: this.playerName(n) }),
      });
    }

    /** Whose known cards a seat's panel lists: the viewer's knowledge, or in a replay from
     * another seat that seat's. */
    knownTitle(seat) {
      const who = this.playerName(seat);
      if (this.ownView() || this.pov == null) return this.t("known_hand", { who });
      return this.t("known_hand_by", { by: this.playerName(this.pov), who });
    }

    /** The hand of the seat seen from (yours; in a replay, maybe another seat's), or null. */
    hand() {
      const t = this.t;
      if (this.pov == null) return null;
      const v = this.view;
      const title = this.handTitle();
      const empty = this.handEmpty(t("hand_empty"));
      if (this.solo) {
        const cards = Array.isArray(v.hand) ? v.hand : [];
        return {
          title,
          count: "(" + cards.length + "/" + v.hand_limit + ")",
          blind: false,
          cards: cards.map((c) => this.card(c, { zone: "hand" })),
          backs: [],
          empty,
        };
      }
      const own = this.povSeat();
      if (!own) return null;
      if (own.hand == null) {
        const backs = [];
        for (let i = 0; i < own.hand_count; i++) {
          // face down: a position and nothing else, so the pick is a real blind pick
          backs.push(this.back("hand-" + i, t("card_back", { n: i + 1 }), { buttons: this.takeButtons("blind:" + i) }));
        }
        return {
          title,
          count: "(" + own.hand_count + ")",
          blind: true,
          note: this.ownView() ? t("hand_blind_note") : t("hand_blind_note_of", { who: this.playerName(this.pov) }),
          cards: [],
          backs,
          empty,
        };
      }
      const staged = ((v.this_turn || {}).staged || []).map((c) => c.id);
      const cards = own.hand.map((c) => {
        const at = staged.indexOf(c.id);
        const marks = at >= 0 ? [{ k: "state", text: t("mark_staged", { n: at + 1 }) }] : [];
        return this.card(c, { zone: "hand", marks });
      });
      return {
        title,
        count: "(" + own.hand.length + ")",
        blind: false,
        cards,
        backs: [],
        empty,
      };
    }

    /** This turn at the table: a card turned up blind, the dream being laid out, the chain. */
    turnInfo() {
      const t = this.t;
      const v = this.view;
      const tf = v.this_turn;
      if (!tf || this.solo || this.over) return null; // nothing more is played this turn
      const out = { lines: [], blindCard: null, staging: null };
      if (tf.blind_card) {
        out.lines.push(t("turn_blind_card", { who: this.seatName(v.turn_player) }));
        out.blindCard = this.card(tf.blind_card, { zone: "blind" });
      }
      if (Array.isArray(tf.staged) && (tf.staged.length || v.step === "staging")) {
        // complete once the laid-out cards make a dream (the engine says so): drawn as a
        // complete dream is, its "ready to reveal" in the same green as the reveal's words
        const complete = !!(tf.staged_explanation && tf.staged_explanation.complete);
        const staged = { id: "staging", cards: tf.staged, complete, explanation: tf.staged_explanation };
        // the turn player's, seen by them alone: yours, or in a replay the seat seen from
        const who = this.playerName(this.pov);
        const title = this.ownView() ? t("staging_title") : t("staging_title_of", { who });
        out.staging = this.dream(staged, this.pov, { title, label: title });
        // not on the table yet: what completes it here is the reveal, not a wake-up
        if (complete) {
          out.staging.headline = this.ownView() ? t("staging_complete") : t("staging_complete_of", { who });
        }
        out.staging.status = complete ? t("staging_ready") : this.unfinished();
      }
      if (tf.chain && tf.played > 0 && (v.rules || {}).chains && !tf.revealed && v.turn_player !== this.you) {
        const who = this.seatName(v.turn_player);
        out.lines.push(t("turn_chain", { who, dream: this.dreamLabel(tf.chain) }));
      }
      if (tf.attacked && !v.attack) out.lines.push(t("turn_attacked", { who: this.seatName(v.turn_player) }));
      return out.lines.length || out.blindCard || out.staging ? out : null;
    }

    /** The solitaire table: goal, code slots, fairies, the pair just drawn. */
    soloInfo() {
      if (!this.solo) return null;
      const t = this.t;
      const v = this.view;
      const table = v.table || {};
      const out = { slots: [], target: null, drawn: [], note: "" };
      out.fairies = (table.fairies || []).map((c) => this.card(c, { zone: "fairies" }));
      if (table.target) {
        const digits = String(table.target.number).padStart(3, "0").split("").join(" ");
        out.target = { card: this.card(table.target, { zone: "target" }), line: t("solo_target", { digits }) };
      }
      if (Array.isArray(table.row)) {
        table.row.forEach((slot, i) => {
          const label = t("slot_n", { n: i + 1 });
          if (!slot) out.slots.push({ label, text: t("slot_empty"), card: null });
          else if (slot.placeholder) {
            const card = this.back("placeholder-" + i, t("slot_placeholder", { digit: slot.digit }));
            out.slots.push({ label, text: "", card });
          } else {
            const card = slot.card ? this.card(slot.card, { zone: "slot" }) : null;
            out.slots.push({ label, text: t("slot_digit", { digit: slot.digit }), card });
          }
        });
        const number = table.row.map((s) => (s ? String(s.digit) : "_")).join("");
        out.number = t("solo_number", { number });
      } else if (table.codes) {
        for (const kind of ["letter", "shape", "digit"]) {
          const laid = table.codes[kind];
          const label = this.w.kinds[kind];
          if (!laid) out.slots.push({ label, text: t("slot_empty"), card: null });
          else {
            const card = laid.card ? this.card(laid.card, { zone: "slot" }) : null;
            out.slots.push({ label, text: laid.wild ? t("slot_wild", { kind: label }) : "", card });
          }
        }
      }
      // the pair's cards left when the game ended are not dealt with: no "now" and "next"
      const marks = (i) => (this.over ? [] : [{ k: "state", text: i === 0 ? t("drawn_now") : t("drawn_next") }]);
      out.drawn = (v.drawn || []).map((c, i) => this.card(c, { zone: "drawn", marks: marks(i) }));
      if (this.over) {
        if (out.drawn.length) out.note = t("pair_over");
      } else if ((v.drawn || []).length || v.step === "consider") {
        if (!v.second) out.note = t("pair_first");
        else out.note = v.second_counts ? t("pair_second_counts") : t("pair_second_void");
      }
      out.fairyNote = t("fairies_note", { n: out.fairies.length });
      return out;
    }

    resultInfo() {
      const t = this.t;
      if (this.status === "abandoned" && !this.result) {
        return { headline: t("status_abandoned"), outcome: "other", reason: "", lines: [] };
      }
      const r = this.result;
      if (!r) return null;
      const reason = this.resultReason(r);
      if (this.solo) {
        const won = r.won === true || (Array.isArray(r.winners) && r.winners.includes(0));
        const lines = typeof r.turns === "number" ? [t("result_turns", { n: r.turns })] : [];
        const headline = won ? t("result_solo_won") : t("result_solo_lost");
        return { headline, outcome: won ? "won" : "lost", reason, lines };
      }
      const winners = Array.isArray(r.winners) ? r.winners : [];
      const { headline, outcome } = this.verdict(winners, (others) => t("result_shared", { who: others }));
      const scores = Array.isArray(r.scores) ? r.scores : this.seats.map((s) => s.score);
      const lines = scores.map((n, seat) => t("result_score_line", { who: this.seatName(seat), n }));
      return { headline, outcome, reason, lines };
    }

    // --- the event log ----------------------------------------------------------
    /** A give that broke the dream it came from: how many cards after it went, counted. */
    giveCutWords(words) {
      return counted(this.lang, words.n, this.t("ev_give_cut_one", words), this.t("ev_give_cut_other", words));
    }

    formatEvent(ev) {
      const t = this.t;
      const who = this.seatName(ev.player);
      const card = ev.card ? this.nameOf(ev.card, ev.code) : t("a_card");
      const cards = () => this.namesOf(ev.cards, ev.codes);
      switch (ev.type) {
        // the cards a seat draws show in its own view only: "you", or in a replay from
        // another seat that seat by its name
        case "deal":
          if (Array.isArray(ev.cards)) {
            return ev.player === this.you
              ? t("ev_deal_you", { cards: cards() })
              : t("ev_deal_of", { who, cards: cards() });
          }
          return t("ev_deal", { who, n: ev.count });
        case "turn":
          if (!Array.isArray(ev.cards) || !ev.cards.length) return t("ev_turn", { turn: ev.turn, who });
          return ev.player === this.you
            ? t("ev_turn_drew", { turn: ev.turn, who, cards: cards() })
            : t("ev_turn_drew_of", { turn: ev.turn, who, cards: cards() });
        case "draw":
          if (this.solo || ev.player == null) return t("ev_solo_draw", { cards: cards() });
          if (Array.isArray(ev.cards)) {
            return ev.player === this.you
              ? t("ev_draw_you", { cards: cards() })
              : t("ev_draw_of", { who, cards: cards() });
          }
          return t("ev_draw", { who, n: ev.count });
        case "refill":
          return t("ev_refill", { n: ev.count });
        case "play":
          return t("ev_play", { who, card, dream: this.dreamLabel(ev.dream, ev.player) });
        case "reveal":
          return t("ev_reveal", { who, dream: this.dreamLabel(ev.dream, ev.player), cards: cards() });
        case "wake_up":
          return t("ev_wake_up", { who, card, dream: this.dreamLabel(ev.dream, ev.owner) });
        case "attack":
          if (ev.dream != null) {
            return t("ev_attack_on", { who, card, target: this.dreamLabel(ev.dream, ev.target) });
          }
          if (ev.join != null) {
            const target = this.seatName(ev.target);
            return ev.join
              ? t("ev_attack_mouth_join", { who, card, target })
              : t("ev_attack_mouth_stay", { who, card, target });
          }
          if (ev.target != null) return t("ev_attack_on", { who, card, target: this.seatName(ev.target) });
          return t("ev_attack_all", { who, card });
        case "fairy":
          return ev.lost
            ? t("ev_fairy", { who, attacker: this.seatName(ev.attacker), n: ev.lost })
            : t("ev_fairy_free", { who });
        case "wait":
          return counted(this.lang, ev.turns, t("ev_wait_one", { who, n: ev.turns }), t("ev_wait_other", { who, n: ev.turns }));
        case "dream_lost": {
          const words = { dream: this.dreamLabel(ev.dream, ev.player), n: (ev.cards || []).length };
          return counted(this.lang, words.n, t("ev_dream_lost_one", words), t("ev_dream_lost_other", words));
        }
        case "hand_lost":
          if (this.solo) {
            const words = { card, n: (ev.cards || []).length };
            return counted(this.lang, words.n, t("ev_solo_hand_lost_one", words), t("ev_solo_hand_lost_other", words));
          }
          return t("ev_hand_lost", { who, cards: cards() });
        case "steal":
          return ev.card
            ? t("ev_steal_seen", { who, victim: this.seatName(ev.victim), card })
            : t("ev_steal", { who, victim: this.seatName(ev.victim) });
        case "blinded":
          return t("ev_blinded", { who });
        case "blind":
          return t("ev_blind", { who });
        case "blind_play":
          return t("ev_blind_play", { who, n: ev.position + 1, card });
        case "discard":
          if (this.solo) return t("ev_solo_discard", { card });
          if (ev.reason === "blind") return t("ev_discard_blind", { who, card });
          if (ev.reason === "moon_hand") return t("ev_discard_moon", { who, card });
          return t("ev_discard", { who, card });
        case "ear":
          return t("ev_ear", { victim: this.seatName(ev.victim), cards: cards() });
        case "take":
          // the log tells of anyone's take: not the buttons' "to your hand"
          if (ev.into === "hand") return t("ev_take_hand", { who, card });
          if (ev.into === "discard") return t("ev_take_discard", { who, card });
          return t("ev_play", { who, card, dream: this.dreamLabel(ev.into, ev.player) });
        case "give":
          return (ev.cut || []).length
            ? this.giveCutWords({ who, card, to: this.seatName(ev.to_player), n: ev.cut.length })
            : t("ev_give", { who, card, to: this.seatName(ev.to_player) });
        case "mouth":
          return (ev.players || []).length >= 2
            ? t("ev_mouth", { who: ev.players.map((s) => this.seatName(s)).join(" → ") })
            : t("ev_mouth_none");
        case "seven_free":
          return t("ev_seven_free", { who });
        case "five_fairies":
          return t("ev_five_fairies", { who });
        case "no_cards":
          return t("ev_no_cards");
        case "turn_limit":
          return t("ev_turn_limit", { n: ev.turns });
        case "game_over": {
          if (this.solo) {
            return ev.won ? t("ev_solo_won") : t("ev_solo_lost", { reason: this.reason(ev.reason) });
          }
          const reason = this.reason(ev.reason);
          return ev.winner == null
            ? t("ev_game_over_draw", { game: ev.game, reason })
            : t("ev_game_over", { game: ev.game, who: this.seatName(ev.winner), n: ev.points, reason });
        }
        case "vote":
          return t("ev_vote", { who: this.seatName(ev.top), card: this.nameOf(ev.card, ev.code), n: ev.points });
        case "new_game":
          return t("ev_new_game", { game: ev.game, who: this.seatName(ev.first_player) });
        case "target":
          return t("ev_target", { card, digits: (ev.digits || []).join(" ") });
        case "lay":
          if (ev.slot != null) return t("ev_lay_slot", { card, n: ev.slot + 1 });
          if (ev.kind != null) return t("ev_lay_kind", { card, kind: this.w.kinds[ev.kind] || ev.kind });
          return t("ev_lay", { card });
        case "placeholder":
          return t("ev_placeholder", { n: ev.slot + 1, digit: ev.digit });
        case "swap":
          return t("ev_swap", { card, old: this.nameOf(ev.replaced) });
        case "keep":
          return t("ev_keep", { card });
        case "unused":
          return t("ev_unused", { card });
        case "protected":
          return t("ev_protected", { card });
        case "woke_up":
          return t("ev_woke_up", { card });
        case "fairies_gone":
          return t("ev_fairies_gone");
        case "goal":
          return ev.card ? t("ev_goal_card", { card }) : t("ev_goal");
        default:
          return ev.player != null ? who + ": " + ev.type : ev.type;
      }
    }

    // --- everything the page shows ------------------------------------------------
    layout() {
      const t = this.t;
      const v = this.view;
      this.homes = placeActions(this.buttons(), (b) => b.home, BAR_ORDER).homes;
      this.placed = new Set();
      const hasView = !!this.msg.view;
      // Build order matters: a card's buttons go to the first place that shows it
      // (your hand, the solitaire pair, the cards on their way round the table).
      const hand = hasView ? this.hand() : null;
      const solo = hasView ? this.soloInfo() : null;
      const transit = (v.in_transit || []).map((c) => this.card(c, { zone: "transit" }));
      const seats = hasView && !this.solo ? this.seatOrder().map((s) => this.seat(s)) : [];
      const shared = v.shared_dream ? this.sharedDream(v.shared_dream) : null;
      const attack = hasView ? this.attackInfo() : null;
      const turn = hasView ? this.turnInfo() : null;
      const piles = hasView ? this.pileCards() : null;
      const discard = {
        summary: t("discard_summary", { n: v.discard_count || 0 }),
        cards: (v.discard || []).slice().reverse().map((c) => this.card(c, { zone: "discard" })),
        empty: t("pile_empty"),
      };
      // what no place took (the "bar" home, and cards no region shows) goes to the action bar
      const bar = inBarOrder([].concat(...this.homes.values()), BAR_ORDER);
      this.homes = null;
      this.placed = null;
      return {
        mode: this.solo ? "solitaire" : "table",
        summary: this.summary(),
        prompt: this.prompt(),
        mine: this.legal.length > 0,
        result: this.over ? this.resultInfo() : null,
        info: hasView
          ? {
              title: this.solo ? t("info_title_solo") : t("info_title"),
              goal: this.goal(),
              optionsTitle: t("options_summary", { level: this.level }),
              options: this.optionList(),
              piles: this.piles(),
            }
          : null,
        scores: hasView ? this.scores() : null,
        seats,
        shared,
        attack,
        transit: transit.length ? { title: t("transit_title"), cards: transit } : null,
        turn,
        solo,
        hand,
        piles,
        discard: hasView ? discard : null,
        bar,
      };
    }
  }

  // --- the page ----------------------------------------------------------------------
  Live.runTable((page) => {
    const { root, lang, t, $, button, busy } = page;
    const el = {
      info: $("oni-info"),
      scores: $("oni-scores"),
      others: $("table-others"),
      shared: $("oni-shared"),
      attack: $("oni-attack"),
      turn: $("oni-turn"),
      solo: $("oni-solo"),
      own: $("table-own"),
      hand: $("table-hand"),
      handHeading: $("table-hand-heading"),
      handCards: $("table-hand-cards"),
      handCount: $("table-hand-count"),
      handNote: $("table-hand-note"),
      discard: $("oni-discard"),
    };
    const memory = new Map(); // card id -> name, for the log: what this page was shown
    let discardOpen = false;
    let optionsOpen = false;
    // The seats drawn last time, by what they showed: a seat whose words, cards and buttons
    // did not change keeps its nodes, so the browser lays out again only what moved.
    let seatsDrawn = new Map();

    // ---- building blocks ----------------------------------------------------------
    function buttonEl(b, className) {
      return button(b.key, b, className + " act-" + b.type);
    }

    /** One card of the layout as a card on the table (live.js cardView): its face or the back. */
    function cardEl(c, zone) {
      const classes = ["oni-tcard", "zone-" + zone];
      if (c.type) classes.push("oni-" + c.type);
      if (c.inSet) classes.push("in-set");
      if (c.linkedFromPrev) classes.push("is-linked");
      return Live.cardView({
        id: c.domId,
        facts: !c.back && c.face ? { face: c.face, zoom: c.zoom, code: c.code } : null,
        back: root.dataset.back,
        name: c.name,
        alt: c.alt,
        description: c.desc,
        text: c.text,
        marks: c.marks,
        note: c.note,
        actions: c.buttons.map((b) => buttonEl(b, "card-action")),
        classes,
      });
    }

    function cardRow(cards, zone, label, className) {
      const items = cards.map((c) => cardEl(c, zone));
      // data-place: the region a move is seen to leave or reach (live.js rings the last move)
      const place = zone + ":" + label;
      return h("ul", { class: "oni-row " + (className || ""), "aria-label": label, "data-place": place }, items);
    }

    function dreamEl(d, headingLevel) {
      const headingId = "oni-dream-heading-" + d.id; // a dream's id is unique on the table
      // named with its owner: the heading's "Dream 1" is under the seat's name, and every
      // seat has a dream 1
      const section = h(
        "section",
        { class: "oni-dream" + (d.complete ? " is-complete" : "") + (d.won ? " is-won" : ""), "aria-label": d.label },
        h(
          headingLevel || "h3",
          { id: headingId, class: "oni-dream-title" },
          d.title,
          " ",
          h("span", { class: "oni-dream-count" }, d.count),
          " ",
          h("span", { class: "oni-dream-status" + (d.complete ? " is-complete" : "") + (d.won ? " is-won" : "") }, d.status)
        )
      );
      if (d.cards.length) {
        const items = d.cards.map((c) => cardEl(c, "dream"));
        const place = "dream:" + d.id;
        section.append(h("ol", { class: "oni-row oni-dream-cards", "aria-label": d.label, "data-place": place }, items));
      }
      if (d.wake) {
        // the wake-up card lies on the dream it ended the game on, beside its cards
        const place = "woken:" + d.id;
        section.append(h("ul", { class: "oni-row oni-dream-wake", "aria-label": d.headline, "data-place": place }, cardEl(d.wake, "woken")));
      }
      section.append(
        h(
          "div",
          { class: "oni-explain" + (d.explanation.complete ? " is-complete" : "") },
          h("p", { class: "oni-explain-head" }, d.headline),
          d.lines.length ? h("ul", null, d.lines.map((line) => h("li", null, line))) : null
        )
      );
      return section;
    }

    function seatEl(s) {
      const section = Live.seatSection(s, ["oni-seat"], { "data-seat": s.seat });
      if (s.known.length) {
        section.append(
          h("p", { class: "oni-known-title" }, s.knownTitle),
          cardRow(s.known, "known", s.knownTitle, "oni-known")
        );
      }
      const dreams = h("div", { class: "oni-dreams", role: "group", "aria-label": s.dreamsLabel });
      if (s.dreams.length) dreams.append(...s.dreams.map((d) => dreamEl(d, "h3")));
      else dreams.append(h("p", { class: "board-empty" }, s.empty));
      section.append(dreams);
      return section;
    }

    // ---- regions -----------------------------------------------------------------
    function renderInfo(L) {
      el.info.hidden = !L.info;
      if (!L.info) return;
      const i = L.info;
      // the lobby's choices, folded (the level is also in the summary line); kept open or
      // shut across redraws as the player left them
      const options = h(
        "details",
        { class: "oni-options-box", open: optionsOpen },
        h("summary", { "data-focus": "options" }, i.optionsTitle),
        h(
          "dl",
          { class: "oni-options" },
          i.options.map((o) => h("div", null, h("dt", null, o.label), h("dd", null, o.value)))
        ),
        h(
          "p",
          { class: "oni-piles-line" },
          h("span", null, i.piles.draw),
          " · ",
          h("span", null, i.piles.discard),
          " · ",
          h("span", null, i.piles.top)
        )
      );
      options.addEventListener("toggle", () => {
        optionsOpen = options.open;
      });
      el.info.replaceChildren(
        h("h2", { id: "oni-info-heading" }, i.title),
        h("p", { class: "oni-goal" }, i.goal),
        options
      );
      const sc = L.scores;
      const row = (cells, cls) =>
        h("tr", { class: cls }, h("th", { scope: "row" }, cells[0]), cells.slice(1).map((x) => h("td", null, x)));
      el.scores.hidden = !sc;
      if (sc) {
        el.scores.replaceChildren(
          h(
            "table",
            { class: "oni-scores" },
            h("caption", null, sc.caption),
            h("thead", null, h("tr", null, sc.head.map((x) => h("th", { scope: "col" }, x)))),
            h(
              "tbody",
              null,
              sc.rows.map((r) => row(r, null)),
              row(sc.totals, "oni-totals")
            )
          )
        );
      }
    }

    function renderCenter(L) {
      el.shared.hidden = !L.shared;
      el.shared.replaceChildren(...(L.shared ? [dreamEl(L.shared, "h2")] : []));

      el.attack.hidden = !L.attack && !L.transit;
      const attack = [];
      if (L.attack) {
        attack.push(h("h2", null, L.attack.title));
        for (const line of L.attack.lines) attack.push(h("p", null, line));
        if (L.attack.card) attack.push(cardRow([L.attack.card], "attack", L.attack.title));
      }
      if (L.transit) {
        attack.push(h("h3", null, L.transit.title), cardRow(L.transit.cards, "transit", L.transit.title));
      }
      el.attack.replaceChildren(...attack);

      el.turn.hidden = !L.turn;
      const turn = [];
      if (L.turn) {
        for (const line of L.turn.lines) turn.push(h("p", null, line));
        if (L.turn.blindCard) turn.push(cardRow([L.turn.blindCard], "blind", L.turn.lines[0] || ""));
        if (L.turn.staging) turn.push(dreamEl(L.turn.staging, "h2"));
      }
      el.turn.replaceChildren(...turn);

      el.solo.hidden = !L.solo;
      if (L.solo) {
        const s = L.solo;
        const parts = [];
        if (s.target) {
          parts.push(h("p", { class: "oni-target-line" }, s.target.line));
          parts.push(cardRow([s.target.card], "target", s.target.line));
        }
        if (s.number) parts.push(h("p", { class: "oni-number-line" }, s.number));
        parts.push(
          h(
            "ol",
            { class: "oni-code-slots" },
            s.slots.map((slot) =>
              h(
                "li",
                { class: "oni-code-slot" + (slot.card ? " is-filled" : "") },
                h("span", { class: "oni-slot-label" }, slot.label),
                slot.text ? h("span", { class: "oni-slot-text" }, slot.text) : null,
                slot.card ? cardRow([slot.card], "table", slot.label) : null
              )
            )
          )
        );
        parts.push(h("p", { class: "oni-fairies-note" }, s.fairyNote));
        if (s.fairies.length) parts.push(cardRow(s.fairies, "fairies", s.fairyNote));
        if (s.note) parts.push(h("p", { class: "oni-pair-note" }, s.note));
        if (s.drawn.length) parts.push(cardRow(s.drawn, "drawn", s.note || ""));
        el.solo.replaceChildren(h("h2", null, t("solo_title")), ...parts);
      }
    }

    function renderHand(L) {
      const hand = L.hand;
      el.hand.hidden = !hand;
      if (!hand) return;
      Live.setLeadText(el.handHeading, hand.title);
      setText(el.handCount, hand.count);
      setText(el.handNote, hand.blind ? hand.note : "");
      el.handNote.hidden = !hand.blind;
      const cards = hand.blind ? hand.backs : hand.cards;
      el.handCards.replaceChildren(...cards.map((c) => cardEl(c, hand.blind ? "back" : "hand")));
      if (!hand.cards.length && !hand.backs.length) {
        el.handCards.append(h("li", { class: "board-empty" }, hand.empty));
      }
    }

    /** The piles: the draw pile face down, the discard pile's top face up; below, the whole
     * discard pile, folded, its cards drawn only while it is open. */
    function renderPiles(L) {
      el.discard.hidden = !L.piles;
      if (!L.piles) return;
      const p = L.piles;
      const empty = (text) => h("li", { class: "oni-pile-empty" }, h("span", null, text));
      const row = h(
        "ul",
        { class: "oni-row oni-pile-row", "aria-label": p.title, "data-place": "piles" },
        p.draw ? cardEl(p.draw, "draw") : empty(p.drawEmpty),
        p.top ? cardEl(p.top, "pile") : empty(p.topEmpty)
      );
      const d = L.discard;
      const details = h(
        "details",
        { class: "cage oni-discard", open: discardOpen },
        h("summary", { "data-focus": "discard" }, d.summary)
      );
      const fill = () => {
        if (details.childElementCount > 1) return;
        details.append(
          d.cards.length ? cardRow(d.cards, "discard", d.summary) : h("p", { class: "board-empty" }, d.empty)
        );
      };
      if (discardOpen) fill();
      details.addEventListener("toggle", () => {
        discardOpen = details.open;
        if (details.open) fill();
      });
      details.hidden = !d.cards.length; // the empty pile's place already says so
      el.discard.replaceChildren(row, details);
    }

    /** A seat's panel: the one drawn before when nothing in it changed, else a new one. */
    function seatNode(s, drawn) {
      const signature = JSON.stringify(s);
      const before = seatsDrawn.get(s.seat);
      if (before && before.signature === signature) {
        // what the last frame marked is not this move's; a click while busy is over
        for (const node of before.node.querySelectorAll(".is-last-move")) node.classList.remove("is-last-move");
        if (!busy()) {
          for (const b of before.node.querySelectorAll("[aria-disabled]")) b.removeAttribute("aria-disabled");
        }
        drawn.set(s.seat, before);
        return before.node;
      }
      const node = seatEl(s);
      drawn.set(s.seat, { signature, node });
      return node;
    }

    /** `parent`'s children become `nodes`, moving none that is already in its place. */
    function keepChildren(parent, nodes) {
      nodes.forEach((node, i) => {
        if (parent.children[i] !== node) parent.insertBefore(node, parent.children[i] || null);
      });
      while (parent.children.length > nodes.length) parent.lastElementChild.remove();
    }

    function draw(model) {
      const L = model.layout();
      root.dataset.mode = L.mode;
      renderInfo(L);
      const drawn = new Map();
      keepChildren(el.others, L.seats.filter((s) => !s.own).map((s) => seatNode(s, drawn)));
      const own = L.seats.find((s) => s.own);
      keepChildren(el.own, own ? [seatNode(own, drawn)] : []);
      seatsDrawn = drawn;
      renderCenter(L);
      renderHand(L);
      renderPiles(L);
      return L.bar.map((b) => buttonEl(b, "bar-action"));
    }

    return {
      model: (msg) => new Oniroo(msg, t, lang, memory),
      eventKey,
      draw,
      /** The scores (or the solitaire's turns), before the shuffle seed. */
      result: (info, seed) => [
        info.lines.length
          ? h("ul", { class: "result-glory" }, info.lines.map((x) => h("li", null, x)))
          : null,
        seed,
      ],
    };
  });

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { Oniroo, eventKey, vocabulary };
  }
})();
