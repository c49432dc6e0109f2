/* Kártyavár: the live Álomfogó match table. Plain ES2020, no dependencies, no build step.
 *
 * The page (templates/play/table_alomfogo.html) holds two json_script blocks: the first
 * state message (#match-initial) and the page's words in the page language
 * (#table-strings, built with Django's {% translate %}). live.js keeps the
 * table in step with the server (websocket, reconnects, moves, chat, clock,
 * replays) and draws what every table shares (`runTable`); this script draws
 * the Álomfogó table's own regions from each state message.
 *
 * Everything drawn comes from the latest "state" message: the seat's `view`,
 * its `legal` actions, the `players`' names and the public `cards` facts.
 * Nothing else is ever shown. The pure part (words, events, labels, the event
 * log diff) is exported for Node so tests can exercise it without a browser.
 */
(function () {
  "use strict";
  const Live = typeof module !== "undefined" && module.exports ? require("./live.js") : window.KartyavarLive;
  const { actionKey, counted, h, setText, signed, MINUS } = Live;
  const { TableModel, placeActions } = Live; // what every table reads and draws alike

  // --- words -------------------------------------------------------------------

  function vocabulary(t) {
    return {
      types: {
        revulo: t("type_revulo"),
        alomleny: t("type_alomleny"),
        esemeny: t("type_esemeny"),
        azonnali: t("type_azonnali"),
        altalanos: t("type_altalanos"),
      },
      states: {
        active: t("state_active"),
        resting: t("state_resting"),
        damaged: t("state_damaged"),
      },
      phases: {
        main: t("phase_main"),
        attack: t("phase_attack"),
        duel: t("phase_duel"),
        over: t("phase_over"),
      },
      steps: {
        defend: t("step_defend"),
        attacker_helper: t("step_attacker_helper"),
        defender_helper: t("step_defender_helper"),
        help: t("step_help"),
      },
      reasons: {
        declined: t("why_declined"),
        defended: t("why_defended"),
        effect: t("why_effect"),
        cycled: t("why_cycled"),
        lost_duel: t("why_lost_duel"),
        cost: t("why_cost"),
        sacrifice: t("why_sacrifice"),
        countered: t("why_countered"),
        resolved: t("why_resolved"),
        glory: t("why_glory"),
        deck_out: t("why_deck_out"),
        // and why the match service ends a match, in every game: live.js's serviceReasons
      },
      marks: { P: t("mark_rest"), S: t("mark_damage"), "Á": t("mark_sacrifice") },
      subtypes: { buvforras: t("subtype_buvforras"), ellenvarazs: t("subtype_ellenvarazs") },
      // why a card in hand cannot be played this turn, as the view says (`why_not`)
      whyNot: {
        one_buvforras: t("why_not_one_buvforras"),
        vp: t("why_not_vp"),
        unpayable: t("why_not_unpayable"),
      },
      zones: {
        hand: t("zone_hand"),
        board: t("zone_board"),
        discard: t("zone_discard"),
        casting: t("zone_casting"),
      },
    };
  }

  const STEP_ORDER = ["defend", "attacker_helper", "defender_helper", "help"];
  const BAR_ORDER = [
    "draw_card",
    "decline_draw",
    "end_main",
    "end_turn",
    "pass",
    "no_helper",
    "decline_defense",
    "decline_counter",
  ];

  /** An event's identity for the log diff, blind to the card ids a later view may redact. */
  function eventKey(event) {
    return JSON.stringify(
      Object.keys(event)
        .filter((k) => k !== "card" && k !== "code")
        .sort()
        .map((k) => [k, event[k]])
    );
  }

  // --- one state message, in words -------------------------------------------
  class Table extends TableModel {
    constructor(msg, t, lang) {
      super(msg, t, lang, vocabulary);
      this.seen = new Map();
      for (const seat of this.seats) {
        for (const zone of ["hand", "board", "discard", "casting"]) {
          for (const entry of seat[zone] || []) {
            this.seen.set(entry.id, Object.assign({}, entry, { owner: seat.seat, zone }));
          }
        }
      }
    }

    // cards
    facts(code) {
      return (code && this.cards[code]) || {};
    }

    cardName(entry) {
      if (!entry) return null;
      const f = this.facts(entry.code);
      if (this.lang === "en" && f.name_en) return f.name_en;
      return entry.name || f.name || null;
    }

    /** The name of a card id (or a bare code); "a card" when the viewer cannot see it. */
    nameOf(id, code) {
      const entry = id ? this.seen.get(id) : null;
      return this.cardName(entry || (code ? { code } : null)) || this.t("a_card");
    }

    cardText(code) {
      return this.printed(this.facts(code), "text");
    }

    typeLabel(code) {
      const type = this.facts(code).type;
      return this.w.types[type] || type || "";
    }

    isRevulo(code) {
      return this.facts(code).type === "revulo";
    }

    /** The subtypes a rule reads (bűvforrás, ellenvarázs), as the view names them on the card. */
    subtypeLabels(entry) {
      return (entry.subtypes || []).map((s) => this.w.subtypes[s] || s);
    }

    /** Why the view says a card in hand cannot be played this turn, or "": told to its
     * player only, not in a replay from another seat (the words speak to "you"), and not
     * once the match is over (a resignation ends it with the game's state mid-turn, where
     * the engine still gives its reasons; "not now" would say the card could be later). */
    whyNot(entry) {
      if (!entry.why_not || !this.ownView() || this.over) return "";
      return this.w.whyNot[entry.why_not] || entry.why_not;
    }

    /** Why your turn has no duels (the view's `no_duels`: the first turn's rule), or "". */
    noDuels() {
      if (this.view.no_duels !== "first_turn" || this.view.turn_player !== this.you) return "";
      return this.t("note_first_turn");
    }

    /** attack / defense / glory_bonus / cost: the engine's figure now from the view, else printed. */
    stat(id, code, name) {
      const own = id ? this.seen.get(id) : null;
      if (own && typeof own[name] === "number") return own[name];
      const printed = this.facts(code)[name];
      return typeof printed === "number" ? printed : 0;
    }

    // what a card is
    describe(entry, zone) {
      const parts = [this.cardName(entry) || this.t("a_card")];
      const type = this.typeLabel(entry.code);
      if (type) parts.push(type);
      parts.push(...this.subtypeLabels(entry));
      if (this.isRevulo(entry.code)) {
        parts.push(
          this.t("stats_words", {
            attack: this.stat(entry.id, entry.code, "attack"),
            defense: this.stat(entry.id, entry.code, "defense"),
          })
        );
        const bonus = this.stat(entry.id, entry.code, "glory_bonus");
        if (bonus) parts.push(this.t("glory_bonus", { n: signed(bonus) }));
      }
      if (zone === "hand") {
        parts.push(this.t("cost_vp", { n: this.stat(entry.id, entry.code, "cost") }));
      }
      if (zone === "board" && entry.state) parts.push(this.w.states[entry.state] || entry.state);
      const why = this.whyNot(entry);
      if (why) parts.push(why);
      const text = this.cardText(entry.code);
      return parts.join(", ") + (text ? ". " + text : "");
    }

    /** What a card is doing now, as the view says: its duel role, a spell's source or target. */
    roles(entry) {
      const d = this.view.duel;
      const c = this.view.casting;
      const roles = [];
      if (d) {
        if (d.a === entry.id) roles.push(this.t("role_attacker"));
        if (d.d === entry.id) roles.push(this.t("role_defender"));
        if ((d.helpers || []).includes(entry.id)) roles.push(this.t("role_helper"));
      }
      if (c) {
        if (c.source === entry.id) roles.push(this.t("role_source"));
        if ((c.targets || []).includes(entry.id)) roles.push(this.t("role_target"));
      }
      return roles;
    }

    /** The state a card on the board is in, in words ("" when active or not on the board). */
    stateWord(entry, zone) {
      if (zone !== "board" || !entry.state || entry.state === "active") return "";
      return this.w.states[entry.state] || entry.state;
    }

    /**
     * The marks over a card's face: what the printed face does not say. A figure
     * the engine gives (attack/defense, glory bonus on the board; cost in hand)
     * where it differs from the printed one, green when it helps its owner and
     * red when it hurts; the state; the roles.
     */
    marks(entry, zone) {
      const t = this.t;
      const printed = this.facts(entry.code);
      const num = (v) => (typeof v === "number" ? v : 0);
      const marks = [];
      const tone = (better, worse) => (better && !worse ? "up" : worse && !better ? "down" : "figure");
      if (zone === "board" && this.isRevulo(entry.code) && typeof entry.attack === "number") {
        const [a, d] = [entry.attack, num(entry.defense)];
        const [pa, pd] = [num(printed.attack), num(printed.defense)];
        if (a !== pa || d !== pd) {
          marks.push({
            k: tone(a > pa || d > pd, a < pa || d < pd),
            text: a + "/" + d,
            title: t("stats_words", { attack: a, defense: d }),
          });
        }
        const bonus = num(entry.glory_bonus);
        const printedBonus = num(printed.glory_bonus);
        if (bonus !== printedBonus) {
          const words = t("glory_bonus", { n: signed(bonus) });
          const k = tone(bonus > printedBonus, bonus < printedBonus);
          marks.push({ k, text: "★" + signed(bonus), title: words });
        }
      }
      if (zone === "hand" && typeof entry.cost === "number" && typeof printed.cost === "number") {
        if (entry.cost !== printed.cost) {
          const words = t("cost_vp", { n: entry.cost });
          const k = tone(entry.cost < printed.cost, entry.cost > printed.cost);
          marks.push({ k, text: words, title: words });
        }
      }
      // a duellist's power in the duel now (figures, statics and the duel's boosts: the view's total)
      const d = this.view.duel;
      const side = d && zone === "board" ? [d.a, d.d].indexOf(entry.id) : -1;
      const total = side >= 0 && Array.isArray(d.power) ? d.power[side] : null;
      if (typeof total === "number") {
        const base = num(printed[side === 0 ? "attack" : "defense"]);
        if (total !== base) {
          const words = t(side === 0 ? "duel_attack_power" : "duel_defense_power") + ": " + total;
          const k = tone(total > base, total < base);
          marks.push({ k, text: t("power_mark", { n: total }), title: words });
        }
      }
      const state = this.stateWord(entry, zone);
      if (state) marks.push({ k: "state", text: state });
      for (const role of this.roles(entry)) marks.push({ k: "role", text: role });
      return marks;
    }

    /** A card picture's words for a screen reader: its name, its state and its roles. */
    altText(entry, zone) {
      const parts = [this.cardName(entry) || this.t("a_card")];
      const state = this.stateWord(entry, zone);
      if (state) parts.push(state);
      parts.push(...this.roles(entry));
      return parts.join(", ");
    }

    // events
    formatEvent(ev) {
      const t = this.t;
      const who = this.seatName(ev.player);
      const card = this.nameOf(ev.card, ev.code);
      switch (ev.type) {
        case "turn":
          return t("ev_turn", { turn: ev.turn, who });
        case "vp":
          return t("ev_vp", { who, delta: signed(ev.delta), vp: ev.vp });
        case "draw":
          return ev.card && this.seen.has(ev.card)
            ? t("ev_draw", { who, card })
            : t("ev_draw_hidden", { who });
        case "play":
          return ev.free ? t("ev_play_free", { who, card }) : t("ev_play", { who, card });
        case "activate":
          return t("ev_activate", { who, card });
        case "end_main":
          return t("ev_end_main", { who });
        case "attack":
          return t("ev_attack", { who, card });
        case "defense_declined":
          return t("ev_defense_declined", { who });
        case "defend":
          return t("ev_defend", { who, card });
        case "helper":
          return t("ev_helper", { who, card });
        case "use_helper":
          return t("ev_use_helper", { who, card });
        case "pass":
          return t("ev_pass", { who });
        case "duel_result": {
          const winner =
            ev.winner === "attacker"
              ? t("winner_attacker")
              : ev.winner === "defender"
                ? t("winner_defender")
                : t("winner_none");
          return t("ev_duel_result", { attack: ev.attack, defense: ev.defense, winner });
        }
        case "glory":
          return t("ev_glory", {
            who,
            delta: signed(ev.delta),
            glory: ev.glory,
            reason: this.reason(ev.reason),
          });
        case "to_discard":
          return t("ev_to_discard", { who, card, reason: this.reason(ev.reason) });
        case "target":
          return t("ev_target", { who, card });
        case "countered":
          return t("ev_countered", { who, card, spell: this.nameOf(ev.spell) });
        case "to_hand":
          return t("ev_to_hand", { who, card });
        case "card_state":
          return t("ev_card_state", { card, state: this.w.states[ev.state] || ev.state });
        case "power":
          return t("ev_power", {
            side: ev.side === "attacker" ? t("side_attacker") : t("side_defender"),
            delta: signed(ev.delta),
          });
        case "player_out":
          return t("ev_player_out", { who, reason: this.reason(ev.reason) });
        case "game_over":
          return t("ev_game_over");
        case "end_turn":
          return t("ev_end_turn", { who });
        case "no_draw":
          return ev.reason === "empty_deck"
            ? t("ev_no_draw_empty_deck", { who })
            : t("ev_no_draw", { who });
        case "duel_end":
          return null;
        default:
          return ev.player != null ? who + ": " + ev.type : null;
      }
    }

    // actions
    costText(action) {
      if (action.free) return this.t("cost_free", { source: this.nameOf(action.free) });
      const entry = action.card ? this.seen.get(action.card) : null;
      return this.t("cost_vp", { n: entry ? this.stat(entry.id, entry.code, "cost") : "?" });
    }

    place(entry) {
      const whose = entry.owner === this.you ? this.t("place_yours") : this.playerName(entry.owner);
      const bits = [whose, this.w.zones[entry.zone] || entry.zone];
      if (entry.zone === "board" && entry.state) bits.push(this.w.states[entry.state] || entry.state);
      return bits.join(", ");
    }

    /** {short, full}: the words on a button (short on a card, full for screen readers and the bar). */
    labels(action) {
      const t = this.t;
      const entry = action.card ? this.seen.get(action.card) : null;
      const card = this.nameOf(action.card);
      const power = (name) => (entry ? this.stat(entry.id, entry.code, name) : "?");
      const pair = (short, full) => ({ short, full });
      switch (action.type) {
        case "play_card": {
          const cost = this.costText(action);
          return pair(t("do_play", { cost }), t("act_play_card", { card, cost }));
        }
        case "cycle_instant":
          return pair(t("do_cycle"), t("act_cycle_instant", { card }));
        case "activate":
          return pair(t("do_activate"), t("act_activate", { card }));
        case "declare_attack": {
          const n = power("attack");
          return pair(t("do_attack", { n }), t("act_declare_attack", { card, n }));
        }
        case "declare_defender": {
          const n = power("defense");
          return pair(t("do_defend", { n }), t("act_declare_defender", { card, n }));
        }
        case "assign_helper":
          return pair(t("do_helper"), t("act_assign_helper", { card }));
        case "use_helper": {
          const mark = this.w.marks[this.facts(entry && entry.code).helper_mark] || "";
          const full = t("act_use_helper", { card });
          return pair(t("do_use_helper"), mark ? full + " (" + mark + ")" : full);
        }
        case "play_instant": {
          const cost = this.costText(action);
          return pair(t("do_play_instant", { cost }), t("act_play_instant", { card, cost }));
        }
        case "choose_target": {
          const where = entry ? " (" + this.place(entry) + ")" : "";
          const purpose = (this.view.pending || {}).purpose;
          return purpose === "discard"
            ? pair(t("do_discard"), t("act_choose_discard", { card }) + where)
            : pair(t("do_choose"), t("act_choose_target", { card }) + where);
        }
        case "counter":
          return pair(t("do_counter"), t("act_counter", { card }));
        case "end_main": {
          const text = this.view.no_duels ? t("act_end_main_no_duels") : t("act_end_main");
          return pair(text, text);
        }
        case "draw_card":
          return pair(t("act_draw_card"), t("act_draw_card"));
        case "decline_draw": {
          const own = this.you != null ? this.seats[this.you] : null;
          const text = t("act_decline_draw", { n: own ? own.deck_count : "?" });
          return pair(text, text);
        }
        case "end_turn":
          return pair(t("act_end_turn"), t("act_end_turn"));
        case "decline_defense": {
          const loss = (this.view.duel || {}).decline_loss;
          const text =
            typeof loss === "number"
              ? t("act_decline_defense_loss", { loss })
              : t("act_decline_defense");
          return pair(text, text);
        }
        case "no_helper":
          return pair(t("act_no_helper"), t("act_no_helper"));
        case "pass":
          return pair(t("act_pass"), t("act_pass"));
        case "decline_counter": {
          // asked with nothing to counter with: the one button lets the spell go on
          const text = this.canCounter() ? t("act_decline_counter") : t("act_no_counter");
          return pair(text, text);
        }
        default: {
          const text = entry ? action.type + ": " + card : action.type;
          return pair(text, text);
        }
      }
    }

    /** Legal actions split into those shown on a visible card (by card id) and those for the action bar. */
    sortActions() {
      const home = (action) => (action.card && this.seen.has(action.card) ? action.card : null);
      const { homes, bar } = placeActions(this.legal, home, BAR_ORDER);
      return { onCards: homes, bar };
    }

    // the turn
    summary() {
      const v = this.view;
      if (v.turn == null) return "";
      // given up or called mid-turn: the view still names its turn player and phase
      if (this.over) return this.t("turn_line_over", { turn: v.turn });
      const phase = this.w.phases[v.phase] || v.phase || "";
      return v.turn_player === this.you
        ? this.t("turn_line_you", { turn: v.turn, phase })
        : this.t("turn_line", { turn: v.turn, who: this.playerName(v.turn_player), phase });
    }

    /**
     * Whether the viewer may counter the spell being cast. Everyone holding a card is
     * asked (whether a hand holds a counter stays hidden), so a seat is often asked with
     * no counter to use: then its only choice is to let the spell go on.
     */
    canCounter() {
      return this.legal.some((a) => a.type === "counter");
    }

    /** The prompt while the viewer has a choice. */
    choicePrompt() {
      const t = this.t;
      const v = this.view;
      const pending = v.pending;
      const duel = v.duel;
      const casting = v.casting;
      const source = casting ? this.nameOf(casting.source) : t("a_card");
      if (pending && pending.kind === "choose") {
        return pending.purpose === "discard"
          ? t("prompt_discard", { card: source })
          : t("prompt_target", { card: source });
      }
      if (pending && pending.kind === "counter") {
        const who = this.seatName(casting && casting.by);
        if (!this.canCounter()) return t("prompt_counter_none", { who, card: source });
        // the counter's button is on its card, maybe far down the hand: the prompt names it
        const counters = this.legal.filter((a) => a.type === "counter").map((a) => this.nameOf(a.card));
        return t("prompt_counter_with", { who, card: source, cards: [...new Set(counters)].join(", ") });
      }
      if (pending && pending.kind === "draw") {
        return pending.after === "cycled" ? t("prompt_draw_cycled") : t("prompt_draw_alomleny");
      }
      if (duel) {
        if (duel.step === "defend") {
          return t("prompt_defend", { who: this.seatName(duel.attacker), card: this.nameOf(duel.a) });
        }
        if (duel.step === "attacker_helper" || duel.step === "defender_helper") {
          return t("prompt_helper");
        }
        return t("prompt_help");
      }
      // where the attack would be: why this turn has none (the first turn's rule)
      const noDuels = this.noDuels();
      if (v.phase === "main") return noDuels ? t("prompt_main") + " " + noDuels : t("prompt_main");
      if (v.phase === "attack") return noDuels ? noDuels : t("prompt_attack");
      return t("prompt_act");
    }

    duelInfo() {
      const d = this.view.duel;
      if (!d) return null;
      const t = this.t;
      const step = STEP_ORDER.indexOf(d.step);
      const boost = Array.isArray(d.boost) ? d.boost : [0, 0];
      const helpers = Array.isArray(d.helpers) ? d.helpers : [null, null];
      const totals = Array.isArray(d.power) ? d.power : [null, null];
      // the engine's total (statics and boosts) beside the card's own figure
      const power = (id, stat, add, total) => {
        const entry = this.seen.get(id);
        const base = entry ? this.stat(id, entry.code, stat) : 0;
        if (!add) return { text: String(base), total: base };
        const op = add < 0 ? MINUS : "+";
        return { text: base + " " + op + " " + Math.abs(add) + " = " + total, total };
      };
      const helper = (id, decided) => {
        if (!decided) return t("duel_helper_pending");
        if (!id) return t("duel_no_helper");
        const entry = this.seen.get(id);
        const used = entry && entry.zone === "board" && entry.state && entry.state !== "active";
        const gone = entry && entry.zone !== "board";
        const name = this.nameOf(id);
        if (gone) return t("duel_helper_gone", { card: name });
        return used ? t("duel_helper_used", { card: name }) : name;
      };
      const decider = d.deciding; // the engine's: whose choice the duel's step waits for
      // the ids of the duel's cards still on the board, which the table draws in the duel
      const onBoard = (id) => {
        const entry = id ? this.seen.get(id) : null;
        return entry && entry.zone === "board" ? id : null;
      };
      return {
        attacker: {
          who: this.seatName(d.attacker),
          card: this.nameOf(d.a),
          cardId: onBoard(d.a),
          power: power(d.a, "attack", boost[0], totals[0]),
          helper: helper(helpers[0], step > 1),
          helperId: onBoard(helpers[0]),
        },
        defender: {
          who: this.seatName(d.defender),
          card: d.d ? this.nameOf(d.d) : null,
          cardId: onBoard(d.d),
          power: d.d ? power(d.d, "defense", boost[1], totals[1]) : null,
          helper: helper(helpers[1], step > 2),
          helperId: onBoard(helpers[1]),
        },
        // a match that ended mid-duel waits for nobody
        now: this.over
          ? null
          : t("duel_now", {
              step: this.w.steps[d.step] || d.step,
              who: this.seatName(decider),
            }),
      };
    }

    castingLines() {
      const t = this.t;
      const lines = [];
      const c = this.view.casting;
      if (c) {
        const card = this.nameOf(c.source);
        const by = this.seatName(c.by);
        let line =
          c.mode === "helper"
            ? t("casting_helper", { who: by, card })
            : t("casting_spell", { who: by, card });
        const targets = (c.targets || []).map((id) => this.nameOf(id));
        if (targets.length) line += " · " + t("casting_targets", { cards: targets.join(", ") });
        lines.push(line);
        const entry = this.seen.get(c.source);
        const text = entry ? this.cardText(entry.code) : "";
        if (text) lines.push(card + ": " + text);
      }
      const p = this.view.pending;
      if (p) {
        const who = this.seatName(p.player);
        if (p.kind === "choose") {
          lines.push(
            p.purpose === "discard" ? t("pending_discard", { who }) : t("pending_target", { who })
          );
        } else if (p.kind === "counter") {
          lines.push(t("pending_counter", { who }));
        } else if (p.kind === "draw") {
          lines.push(t("pending_draw", { who }));
        }
      }
      return lines;
    }

    resultInfo() {
      if (this.status === "abandoned" && !this.result) {
        return { headline: this.t("status_abandoned"), reason: "", glory: [] };
      }
      const r = this.result;
      if (!r) return null;
      const glory = Array.isArray(r.glory) ? r.glory : this.seats.map((s) => s.glory);
      return Object.assign(this.verdict(Array.isArray(r.winners) ? r.winners : []), {
        reason: this.resultReason(r),
        glory: glory.map((g, seat) => ({ seat, name: this.seatName(seat), glory: g })),
      });
    }
  }

  // --- the page ----------------------------------------------------------------
  Live.runTable((page) => {
    const { root, lang, t, $, button } = page;
    const el = {
      others: $("table-others"),
      duel: $("table-duel"),
      casting: $("table-casting"),
      own: $("table-own"),
      hand: $("table-hand"),
      handHeading: $("table-hand-heading"),
      handCards: $("table-hand-cards"),
      handCount: $("table-hand-count"),
    };
    let model = null; // Table(the latest state message)
    const openCages = new Set();
    let drawnCards = new Map(); // the last draw's cards without actions, by what they show
    let keptCards = new Map(); // the same for the draw under way

    // ---- rendering -------------------------------------------------------------
    function actionButton(action, labels, className) {
      return button(actionKey(action), labels, className);
    }

    /**
     * One card the view shows, as the card itself (Live.cardView): its face, its
     * name under it, marks for what the face does not say, why it cannot be
     * played, and its own legal actions as buttons under it. `zone` is where the
     * view has it ("board" for the duel's cards too: they are on the board).
     */
    function card(entry, zone, acts, more) {
      const opts = more || {};
      const roles = model.roles(entry);
      const turned = zone === "board" && (entry.state === "resting" || entry.state === "damaged");
      const type = model.facts(entry.code).type || "unknown";
      const spec = {
        id: entry.id,
        facts: model.cards[entry.code] || null,
        back: root.dataset.back,
        name: model.cardName(entry) || t("a_card"),
        alt: model.altText(entry, zone),
        description: model.describe(entry, zone) + (roles.length ? " (" + roles.join(", ") + ")" : ""),
        text: model.cardText(entry.code),
        pose: turned ? entry.state : null,
        marks: model.marks(entry, zone),
        note: zone === "hand" ? model.whyNot(entry) : null,
        classes: ["zone-" + zone, "type-" + type, ...(opts.classes || [])],
        tag: opts.tag,
      };
      if (acts && acts.length) {
        spec.actions = acts.map((a) => actionButton(a, model.labels(a), "card-action act-" + a.type));
        return Live.cardView(spec);
      }
      // A card with nothing to do that reads as it did is kept as drawn: most of a table
      // stays put from one move to the next, and rebuilding its pictures is most of a draw.
      const signature = JSON.stringify(spec);
      let node = drawnCards.get(signature);
      if (node && !keptCards.has(signature)) node.classList.remove("is-last-move");
      else node = Live.cardView(spec);
      keptCards.set(signature, node);
      return node;
    }

    /** The duel's cards that are on the board: the table draws them in the duel, not twice. */
    function duelIds() {
      const info = model.duelInfo();
      const ids = new Set();
      if (!info) return ids;
      for (const side of [info.attacker, info.defender]) {
        if (side.cardId) ids.add(side.cardId);
        if (side.helperId) ids.add(side.helperId);
      }
      return ids;
    }

    function boardRow(seat, onCards, inDuel) {
      const all = seat.board || [];
      const board = all.filter((e) => !inDuel.has(e.id));
      if (!board.length) {
        return h("p", { class: "board-empty" }, all.length ? t("board_in_duel") : t("board_empty"));
      }
      return h(
        "ul",
        {
          class: "board",
          "aria-label": t("board_of", { who: model.playerName(seat.seat) }),
          "data-place": "board-" + seat.seat, // a card's region, for the "last move" ring (live.js)
        },
        board.map((e) => card(e, "board", onCards.get(e.id)))
      );
    }

    /** A seat's deck (the game's back, its count) and the top of its spell cage, face up. */
    function piles(seat, onCards) {
      const n = seat.seat;
      const cage = seat.discard || [];
      const top = cage[cage.length - 1];
      const deck = h(
        "div",
        { class: "pile pile-deck" },
        h("p", { class: "pile-label" }, t("pile_deck", { n: seat.deck_count })),
        seat.deck_count > 0
          ? Live.cardView({
              id: null, // a pile never moves: no glide, no "last move" ring
              facts: null,
              back: root.dataset.back,
              alt: counted(lang, seat.deck_count, t("pile_deck_alt_one", { n: seat.deck_count }), t("pile_deck_alt_other", { n: seat.deck_count })),
              classes: ["is-small"],
              tag: "div",
            })
          : h("p", { class: "pile-empty" }, t("pile_deck_empty"))
      );
      const cageTop = h(
        "div",
        { class: "pile pile-cage", "data-place": "cage-" + n }, // the top and the rest: one region
        h("p", { class: "pile-label" }, t("cage_summary", { n: cage.length })),
        top
          ? card(top, "discard", onCards.get(top.id), { classes: ["is-small"], tag: "div" })
          : h("p", { class: "pile-empty" }, t("cage_empty"))
      );
      return h("div", { class: "seat-piles" }, deck, cageTop);
    }

    /** The spell cage under its top card, newest first, in a <details> the player opens. */
    function cageRest(seat, onCards) {
      const n = seat.seat;
      const rest = (seat.discard || []).slice(0, -1).reverse();
      if (!rest.length) return null;
      const cageKey = "cage:" + n;
      // a choice among these cards opens the cage: nothing the player may do stays hidden
      const hasTarget = rest.some((e) => onCards.has(e.id));
      return h(
        "details",
        {
          class: "cage",
          "data-cage": cageKey,
          "data-auto": hasTarget && !openCages.has(cageKey) ? "1" : null,
          open: hasTarget || openCages.has(cageKey),
        },
        h("summary", { "data-focus": cageKey }, t("cage_rest", { n: rest.length })),
        h(
          "ul",
          {
            class: "cage-list",
            "aria-label": t("cage_of", { who: model.playerName(n) }),
            "data-place": "cage-" + n,
          },
          rest.map((e) => card(e, "discard", onCards.get(e.id)))
        )
      );
    }

    function seatPanel(seat, onCards, inDuel) {
      const n = seat.seat;
      const head = model.seatHead(n);
      if (!seat.alive) head.badges = [{ k: "out", text: t("badge_out") }];
      head.stats = [
        { k: "glory", label: t("label_glory"), value: seat.glory },
        { k: "vp", label: t("label_vp"), value: seat.vp },
        { k: "hand", label: t("label_hand"), value: seat.hand_count },
        { k: "deck", label: t("label_deck"), value: seat.deck_count },
      ];
      const section = Live.seatSection(head, seat.alive ? [] : ["is-out"]);
      section.append(
        h("div", { class: "seat-area" }, boardRow(seat, onCards, inDuel), piles(seat, onCards)),
        cageRest(seat, onCards) || ""
      );
      return section;
    }

    function renderSeats(onCards, inDuel) {
      // the seat seen from (yours, or the one a replay is seen from) sits by its hand
      const own = model.povSeat();
      const others = model.seatOrder().filter((s) => s !== own);
      el.others.replaceChildren(...others.map((s) => seatPanel(s, onCards, inDuel)));
      el.own.replaceChildren(...(own ? [seatPanel(own, onCards, inDuel)] : []));
      const hand = own && Array.isArray(own.hand) ? own.hand : null;
      el.hand.hidden = !hand;
      if (hand) {
        Live.setLeadText(el.handHeading, model.handTitle());
        setText(el.handCount, "(" + hand.length + ")");
        el.handCards.replaceChildren(...hand.map((e) => card(e, "hand", onCards.get(e.id))));
        if (!hand.length) el.handCards.append(h("li", { class: "board-empty" }, model.handEmpty(t("hand_empty"))));
      }
    }

    /** The duel: the two duelling cards side by side with their power, each helper under its duelist. */
    function renderDuel(onCards) {
      const info = model.duelInfo();
      el.duel.hidden = !info;
      if (!info) {
        el.duel.replaceChildren();
        return;
      }
      const drawn = (id, classes) => {
        const entry = model.seen.get(id);
        return h("ul", { class: "duel-slot" }, card(entry, "board", onCards.get(id), { classes }));
      };
      const side = (cls, title, s, statLabel) =>
        h(
          "div",
          { class: "duel-side " + cls },
          h("h3", null, title, ": ", s.who),
          s.cardId
            ? drawn(s.cardId, ["in-duel"])
            : h("p", { class: "duel-missing" }, s.card || t("duel_no_defender")),
          s.power
            ? h("p", { class: "duel-power" }, statLabel, ": ", h("strong", null, s.power.text))
            : null,
          s.helperId
            ? drawn(s.helperId, ["in-duel", "is-small", "is-helper"])
            : h("p", { class: "duel-helper" }, t("duel_helper"), ": ", s.helper)
        );
      // the browser's own replaceChildren writes a null child as the text "null": h() skips it
      el.duel.replaceChildren(
        h("h2", { id: "table-duel-heading" }, t("duel_heading")),
        info.now ? h("p", { class: "duel-now" }, info.now) : "",
        h(
          "div",
          { class: "duel-sides" },
          side("duel-attacker", t("role_attacker"), info.attacker, t("duel_attack_power")),
          h("div", { class: "duel-vs", "aria-hidden": "true" }, t("duel_vs")),
          side("duel-defender", t("role_defender"), info.defender, t("duel_defense_power"))
        )
      );
    }

    function renderCasting(onCards) {
      const lines = model.castingLines();
      const stack = [];
      for (const seat of model.seats) for (const e of seat.casting || []) stack.push(e);
      el.casting.hidden = !lines.length && !stack.length;
      const children = [h("h2", { id: "table-casting-heading" }, t("casting_heading"))];
      if (stack.length) {
        children.push(
          h(
            "ul",
            { class: "casting-list", "aria-label": t("zone_casting") },
            stack.map((e) => card(e, "casting", onCards.get(e.id)))
          )
        );
      }
      children.push(h("div", { class: "casting-lines" }, lines.map((line) => h("p", null, line))));
      el.casting.replaceChildren(...children);
    }

    /** The result's glory and rating lines, after the shuffle seed. */
    function resultLines(info, seed) {
      const changes = page.state().rating_changes || null;
      return [
        seed,
        info.glory.length
          ? h(
              "ul",
              { class: "result-glory", "aria-label": t("result_glory") },
              info.glory.map((g) => h("li", null, t("result_glory_line", { who: g.name, glory: g.glory })))
            )
          : null,
        changes
          ? h(
              "ul",
              { class: "result-ratings", "aria-label": t("result_ratings") },
              Object.keys(changes).map((seat) =>
                h(
                  "li",
                  null,
                  t("result_rating_line", {
                    who: model.seatName(Number(seat)),
                    before: changes[seat].before,
                    after: changes[seat].after,
                  })
                )
              )
            )
          : null,
      ];
    }

    function draw() {
      const { onCards, bar } = model.sortActions();
      keptCards = new Map();
      renderSeats(onCards, duelIds());
      renderDuel(onCards);
      renderCasting(onCards);
      drawnCards = keptCards;
      return bar.map((a) => actionButton(a, model.labels(a), "bar-action bar-" + a.type));
    }

    // ---- events ------------------------------------------------------------------
    root.addEventListener(
      "toggle",
      (event) => {
        const details = event.target;
        if (!details || !details.dataset || !details.dataset.cage) return;
        if (details.open && details.dataset.auto) return; // opened for a choice, not by the player
        if (details.open) openCages.add(details.dataset.cage);
        else openCages.delete(details.dataset.cage);
      },
      true
    );
    return {
      model: (msg) => (model = new Table(msg, t, lang)),
      eventKey,
      draw,
      result: resultLines,
    };
  });

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { vocabulary, Table, eventKey };
  }
})();
