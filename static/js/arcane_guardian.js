/* Kártyavár: the live Arcane Guardian table. Plain ES2020, no dependencies, no build step.
 *
 * The page (templates/play/table_arcane_guardian.html) holds the first state message
 * (#match-initial) and the page's words (#table-strings). live.js keeps the
 * table in step with the server; this script draws the dungeon from each state
 * message, every card as its own rendered face (Live.cardView; a face-down pile
 * top as the game's back): the mage card with level, life and mana over it, the
 * four spells upright or lying sideways, the card in front of the player with
 * its d6 roll, the three piles with their tops and counts, the collected cards
 * (curses marked), the three endings in play (never where they lie) and the top
 * of the discard (the older ones in a list opened on demand), and the result.
 * Each legal action is one `button[data-action]` under the card it acts on: a
 * pile's steps under the pile, a card's use under the card, a fight, a cast, a
 * roll or an ending's payment under the card in front of the player (an ending
 * turned up that must be paid for now is drawn there too); the bar keeps the rest.
 *
 * What a card does comes worded from the server: each card the view names
 * (`view.cards`) carries `says`, its effect's parts in each language with the
 * effective numbers (play/engines/arcane_guardian/wording.py words them), so
 * this script neither words effects nor applies a rule. A card's printed text
 * is public catalog data looked up by code: the frame's own `cards` facts come
 * first; the catalog's Arcane Guardian cards, fetched once from the card API,
 * fill in what a frame lacks. Either way only codes the view itself names are
 * ever looked up, so nothing face down can show through.
 *
 * The pure part (words, labels, where each action goes, each card as the table
 * draws it and with what words, the event log diff) is
 * exported for Node so tests can run it over whole games without a browser.
 */
(function () {
  "use strict";
  const Live =
    typeof module !== "undefined" && module.exports ? require("./live.js") : window.KartyavarLive;
  const { actionKey, counted, h, setText, signed, fill } = Live;
  const { TableModel, placeActions, inBarOrder } = Live; // what every table reads and draws alike

  const DIE_FACES = ["\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];

  function vocabulary(t) {
    return {
      types: {
        mage: t("type_mage"),
        spell: t("type_spell"),
        enemy: t("type_enemy"),
        trap: t("type_trap"),
        collectible: t("type_collectible"),
        useable: t("type_useable"),
        chest: t("type_chest"),
        curse: t("type_curse"),
        level_up: t("type_level_up"),
        level_down: t("type_level_down"),
        ending: t("type_ending"),
      },
      kinds: {
        collectible: t("kind_collectible"),
        useable: t("kind_useable"),
        item: t("kind_item"),
        mask: t("kind_mask"),
        potion: t("kind_potion"),
        torch: t("kind_torch"),
      },
      lifeReasons: {
        enemy: t("life_enemy"),
        trap: t("life_trap"),
        chest: t("life_chest"),
        reward: t("life_reward"),
        ending: t("life_ending"),
        curse: t("life_curse"),
        level: t("life_level"),
        use: t("life_use"),
        heal: t("life_heal"),
        level_up: t("life_level_up"),
        max_life: t("life_max_life"),
      },
      discardReasons: {
        done: t("gone_done"),
        resolved: t("gone_resolved"),
        used: t("gone_used"),
        paid: t("gone_paid"),
        curse: t("gone_curse"),
        level_up: t("gone_level_up"),
      },
      endReasons: {
        escaped: t("end_escaped"),
        died: t("end_died"),
        trapped: t("end_trapped"),
        // and why the match service ends a match, in every game: live.js's serviceReasons
      },
      verdicts: {
        winnable: t("solve_winnable"),
        lost: t("solve_lost"),
        unknown: t("solve_unknown"),
      },
      // the mage's lasting effects, by the keys the view lists them with ({n}: a number's value)
      lasting: {
        max_life: t("passive_max_life"),
        enemy_damage: t("passive_enemy_damage"),
        trap_damage: t("passive_trap_damage"),
        trap_roll: t("passive_trap_roll"),
        chest_roll: t("passive_chest_roll"),
        chest_level: t("passive_chest_level"),
        reveal_without_mana: t("passive_reveal_without_mana"),
        reveal_used_pile: t("passive_reveal_used_pile"),
        no_reveal: t("passive_no_reveal"),
      },
    };
  }

  /** An event's identity for the log diff (events carry no sequence number): the whole event. */
  const eventKey = actionKey;

  // the order of the actions offered together: the ways out of a window first, then the choices
  const BAR_ORDER = ["fight", "cast", "open_chest", "roll", "accept_roll", "pay", "choose", "end_step"];
  // what acts on the card in front of the player: offered under that card
  const FACING_ACTIONS = new Set(["fight", "cast", "open_chest", "roll", "accept_roll", "pay"]);

  // --- one state message, in words -------------------------------------------
  class ArcaneTable extends TableModel {
    /**
     * msg: a state message; t: the words; lang: "hu" | "en";
     * catalog: optional {code: public card data} (text, subtypes) to fill in what the frame lacks.
     */
    constructor(msg, t, lang, catalog) {
      super(msg, t, lang, vocabulary);
      this.catalog = catalog || {};
      this.known = this.view.cards || {};
      this.mage = this.view.mage || {};
      this.piles = Array.isArray(this.view.piles) ? this.view.piles : [];
      this.spells = Array.isArray(this.view.spells) ? this.view.spells : [];
      this.held = Array.isArray(this.view.held) ? this.view.held : [];
      this.facing = this.view.facing || null;
      this.pending = this.view.pending || null;
      this.spellCodes = new Set(this.spells.map((s) => s.code));
      this.heldCodes = new Set(this.held);
      // the mage card is public (one per game, dealt face up); the view names it in `mage`
      this.mageCode = typeof this.mage.code === "string" ? this.mage.code : null;
    }

    // --- cards ------------------------------------------------------------------
    /** What is known of a card the view names; nothing at all for any other code. */
    facts(code) {
      if (!this.shows(code)) return {};
      const frame = this.cards[code] || {};
      return Object.assign({}, this.catalog[code] || {}, this.known[code] || {}, frame);
    }

    /** Whether the view names this card (only then is anything about it looked up). */
    shows(code) {
      if (!code) return false;
      return code === this.mageCode || Object.prototype.hasOwnProperty.call(this.known, code);
    }

    /** The frame's facts of a card the view shows face up, with its picture (`face`), or null. */
    faceFacts(code) {
      if (!this.shows(code)) return null;
      const frame = this.cards[code];
      return frame && frame.face ? Object.assign({ code }, frame) : null;
    }

    cardName(code) {
      const f = this.facts(code);
      return (this.lang === "en" && f.name_en) || f.name || this.t("a_card");
    }

    cardText(code) {
      return this.printed(this.facts(code), "text");
    }

    /** What the view says the card does, part by part ({options: [...], reward, ...}), or {}. */
    says(code) {
      const said = this.facts(code).says;
      return (said && typeof said === "object" && (said[this.lang] || said.hu)) || {};
    }

    kindWord(kind) {
      return this.w.kinds[kind] || kind || "";
    }

    /** "enemy", "collectible, mask": the card's type (and subtype) in words. */
    typeLabel(code) {
      const f = this.facts(code);
      const type = this.w.types[f.type] || f.type || "";
      const sub = f.subtype || (Array.isArray(f.subtypes) && f.subtypes[0]) || null;
      return sub && this.w.kinds[sub] ? type + ", " + this.w.kinds[sub] : type;
    }

    /** A card in one line: name (type). Text. */
    describe(code) {
      const type = this.typeLabel(code);
      const text = this.cardText(code);
      return this.cardName(code) + (type ? " (" + type + ")" : "") + (text ? ". " + text : "");
    }

    namesOf(codes) {
      return (Array.isArray(codes) ? codes : []).map((c) => this.cardName(c)).join(", ");
    }

    // --- the regions ------------------------------------------------------------
    summary() {
      const m = this.mage;
      if (m.level == null) return "";
      return this.t("summary", {
        step: this.view.step || 0,
        level: m.level,
        life: m.life,
        max: m.max_life,
        mana: m.mana,
      });
    }

    mageInfo() {
      const t = this.t;
      const m = this.mage;
      // the effects in force come in the engine's order: the numbers, then the switches
      const inForce = this.view.lasting || {};
      const word = (key) => this.w.lasting[key] || key;
      const lasting = [
        ...(inForce.numbers || []).map((x) => fill(word(x.key), { n: signed(x.value) })),
        ...(inForce.switches || []).map(word),
      ];
      const level = Number(m.level) || 0;
      const maxLevel = Number(m.max_level) || 0;
      const life = Number(m.life) || 0;
      const maxLife = Number(m.max_life) || 0;
      const mana = Number(m.mana) || 0;
      const maxMana = (this.view.spells || []).length; // mana is the upright spells
      return {
        level,
        maxLevel,
        life,
        maxLife,
        mana,
        maxMana,
        key: !!m.key,
        stats: [
          { id: "level", label: t("label_level"), value: t("n_of", { n: level, max: maxLevel }) },
          { id: "life", label: t("label_life"), value: t("n_of", { n: life, max: maxLife }) },
          { id: "mana", label: t("label_mana"), value: t("n_of", { n: mana, max: maxMana }) },
          { id: "key", label: t("label_key"), value: m.key ? t("key_yes") : t("key_no") },
        ],
        lasting,
        lastRoll: this.lastRoll(),
      };
    }

    spellsInfo() {
      return this.spells.map((s) => ({
        code: s.code,
        name: this.cardName(s.code),
        upright: !!s.upright,
        state: s.upright ? this.t("spell_upright") : this.t("spell_sideways"),
        describe: this.describe(s.code),
      }));
    }

    /** One pile as the player sees it: how many cards, the top if face up, an ending that stops it. */
    pileInfo(i) {
      const t = this.t;
      const p = this.piles[i] || {};
      const count = Number(p.count) || 0;
      const top = p.face_up && p.top ? p.top : null;
      const info = {
        index: i,
        title: t("pile_n", { n: i + 1 }),
        count,
        countText: counted(this.lang, count, t("pile_count_one", { n: count }), t("pile_count_other", { n: count })),
        top,
        faceUp: !!top,
        stopped: !!p.stopped,
        choosable: !!p.choosable,
        inPlay: !!(top && this.facedPile() === i && this.facedCode() === top),
        notes: [],
      };
      if (!count) info.notes.push(t("pile_empty"));
      else if (!top) info.notes.push(t("pile_face_down"));
      if (info.inPlay) info.notes.push(t("pile_in_play"));
      if (info.stopped) {
        info.notes.push(t("pile_stopped"));
        // an ending in front of the player is dealt with there, not by a step onto it
        if (!this.over && !info.inPlay) {
          info.notes.push(p.choosable ? t("pile_ending_ready") : this.closedNote(p.closed));
        }
      }
      const what = top ? this.describe(top) : count ? t("pile_face_down") : t("pile_empty");
      const notes = info.notes.length && top ? " — " + info.notes.join(" ") : "";
      info.describe = info.title + ", " + info.countText + ": " + what + notes;
      return info;
    }

    /** Why a pile's ending cannot be acted on now, in words: the view's `closed` says which rule. */
    closedNote(closed) {
      const t = this.t;
      const why = closed && closed.why;
      switch (why) {
        case "key_held":
          return t("pile_closed_key_held");
        case "needs_key":
          return t("pile_closed_needs_key");
        case "needs_level":
          return t("pile_closed_needs_level", { level: closed.level });
        case "needs_cards":
          return t("pile_closed_needs_cards", { n: closed.n, kind: this.kindWord(closed.kind) });
        case "cost":
          return t("pile_closed_cost");
        default:
          return t("pile_ending_waits");
      }
    }

    pilesInfo() {
      return this.piles.map((p, i) => this.pileInfo(i));
    }

    /** The card in front of the player: the one being faced (enemy, trap, chest), or an
     * ending just turned up that must be paid for now (the `ending` moment); null when none. */
    facedCode() {
      if (this.facing && this.facing.card) return this.facing.card;
      const p = this.pending;
      return p && p.kind === "ending" && p.card ? p.card : null;
    }

    /** The pile the card in front of the player lies on (a number), or null. */
    facedPile() {
      if (this.facing && this.facing.card) return typeof this.facing.pile === "number" ? this.facing.pile : null;
      const p = this.pending;
      return p && p.kind === "ending" && typeof p.pile === "number" ? p.pile : null;
    }

    /** The card in front of the player (see facedCode) and its die roll, or null. */
    facingInfo() {
      const f = this.facing;
      const t = this.t;
      if (!f || !f.card) {
        const code = this.facedCode(); // an ending to pay for: no roll, no chest
        if (!code) return null;
        const pile = this.facedPile();
        return {
          card: code,
          name: this.cardName(code),
          type: this.typeLabel(code),
          text: this.cardText(code),
          kind: "ending",
          pile: pile != null ? t("pile_n", { n: pile + 1 }) : "",
          roll: null,
          chest: null,
        };
      }
      const info = {
        card: f.card,
        name: this.cardName(f.card),
        type: this.typeLabel(f.card),
        text: this.cardText(f.card),
        kind: f.kind,
        pile: typeof f.pile === "number" ? t("pile_n", { n: f.pile + 1 }) : "",
        roll: null,
        chest: null,
      };
      if (typeof f.roll === "number") info.roll = this.rollInfo(f.card, f.roll, f.result);
      if (f.kind === "chest" && typeof f.opens === "boolean" && f.roll == null) {
        info.chest = f.opens ? t("chest_opens") : t("chest_locked");
      }
      return info;
    }

    rollInfo(code, face, result) {
      const t = this.t;
      const shown = typeof result === "number" ? result : face;
      const text =
        shown !== face
          ? t("roll_counts_as", { face, result: shown })
          : t("roll_face", { face });
      return {
        face,
        result: shown,
        glyph: DIE_FACES[Math.min(6, Math.max(1, Number(face) || 1)) - 1],
        text,
        card: code ? this.cardName(code) : "",
      };
    }

    /** The latest die roll in the recent events (shown once the faced card is gone). */
    lastRoll() {
      const events = Array.isArray(this.view.events) ? this.view.events : [];
      for (let i = events.length - 1; i >= 0; i--) {
        const ev = events[i];
        if (ev.type === "roll" && typeof ev.face === "number") {
          const info = this.rollInfo(ev.card, ev.face, ev.result);
          info.line = this.t("last_roll", { card: info.card, roll: info.text });
          return info;
        }
      }
      return null;
    }

    /** What the player is deciding now, in words (also while a choice has no faced card). */
    pendingLine() {
      const p = this.pending;
      if (!p) return "";
      const t = this.t;
      const count = Number(p.count) || 1;
      switch (p.kind) {
        case "lose_mana": {
          const [one, other] = [t("pending_lose_mana_one", { count }), t("pending_lose_mana_other", { count })];
          return counted(this.lang, count, one, other);
        }
        case "gain_mana": {
          const [one, other] = [t("pending_gain_mana_one", { count }), t("pending_gain_mana_other", { count })];
          return counted(this.lang, count, one, other);
        }
        case "discard": {
          const words = { count, kind: this.kindWord(p.of) };
          return counted(this.lang, count, t("pending_discard_one", words), t("pending_discard_other", words));
        }
        case "level_up_curse":
          return t("pending_level_up_curse");
        case "dying":
          return t("pending_dying");
        case "ending": {
          const n = typeof p.pile === "number" ? p.pile + 1 : "?";
          return t("pending_ending", { card: this.cardName(p.card), n });
        }
        case "before_reveal":
          return t("pending_before_reveal");
        default:
          return "";
      }
    }

    heldInfo() {
      return this.held.map((code) => ({
        code,
        name: this.cardName(code),
        type: this.typeLabel(code),
        curse: this.facts(code).type === "curse",
        describe: this.describe(code),
      }));
    }

    /** The three endings in play: known openly; where a hidden one lies is never said. */
    endingsInfo() {
      const t = this.t;
      const list = Array.isArray(this.view.endings) ? this.view.endings : [];
      return list.map((code) => {
        // once the game is over nothing more is found: one still under a pile stayed there
        let where = this.over ? t("ending_unfound") : t("ending_hidden");
        if (this.heldCodes.has(code)) where = t("ending_held");
        else {
          const i = this.piles.findIndex((p) => p.face_up && p.top === code);
          if (i >= 0) where = t("ending_on_pile", { n: i + 1 });
        }
        return { code, name: this.cardName(code), text: this.cardText(code), where };
      });
    }

    discardInfo() {
      const list = Array.isArray(this.view.discard) ? this.view.discard : [];
      return {
        summary: this.t("discard_summary", { n: list.length }),
        cards: list.map((code) => ({ code, name: this.cardName(code), describe: this.describe(code) })),
      };
    }

    // --- the cards as the table draws them ------------------------------------------
    /*
     * Each card the player may see, as Live.cardView draws it but for its buttons:
     * {id, code, name, alt, description, text, marks, note, pose, classes, home}.
     * `code` is set only for a card drawn by its face (null: the game's back);
     * `id` is unique on the page (moves glide by it); `home` names the place
     * its actions live (see homeOf), if any. Every word comes from the view.
     */

    /** A card drawn face up: `states` follow its name in the picture's words. */
    faceCard(code, id, states, extra) {
      const name = this.cardName(code);
      const type = String(this.facts(code).type || "unknown").replace(/[^a-z_]/g, "");
      const spec = {
        id,
        code,
        name,
        alt: [name, ...states.filter(Boolean)].join(", "),
        description: this.describe(code),
        text: this.cardText(code),
        marks: [],
        note: null,
        pose: null,
        classes: ["ag-type-" + type],
        home: null,
      };
      return Object.assign(spec, extra || {});
    }

    /** The mage card with level, life and mana over it and the lasting effects under it; null
     * while the view does not name it. */
    mageCard() {
      const code = this.mageCode;
      if (!code) return null;
      const t = this.t;
      const info = this.mageInfo();
      const marks = [
        { k: "level", text: t("mark_level", { n: info.level }) },
        {
          k: info.life < 1 ? "down" : "life",
          text: "\u2665 " + t("n_of", { n: info.life, max: info.maxLife }),
        },
        { k: "mana", text: "\u25C6 " + info.mana },
      ];
      if (info.key) marks.push({ k: "role", text: t("label_key") });
      const states = info.stats.map((st) => st.label + ": " + st.value);
      // the lasting effects are listed beside the card (too long to lie over it)
      const card = this.faceCard(code, "mage", states, { marks, classes: ["ag-mage-card"] });
      if (info.lasting.length) {
        card.description += " " + t("lasting_heading") + " " + info.lasting.join(", ") + ".";
      }
      return card;
    }

    /** The four spells: a used one lies sideways. */
    spellCards() {
      const t = this.t;
      return this.spellsInfo().map((s) =>
        this.faceCard(s.code, s.code, [s.state], {
          description: s.describe + " (" + s.state + ")",
          pose: s.upright ? null : "resting",
          marks: s.upright ? [] : [{ k: "down", text: t("mark_sideways") }],
          classes: ["ag-spell", s.upright ? "is-upright" : "is-sideways"],
          home: "card:" + s.code,
        })
      );
    }

    /** Whether this card is the one in front of the player (it is then drawn there). */
    isFaced(code) {
      return !!code && this.facedCode() === code;
    }

    /** A fight's options the view offers now against an enemy (`offers`: their indices), worded. */
    offeredWords(code, offers) {
      const options = this.says(code).options;
      if (!Array.isArray(offers) || !Array.isArray(options)) return [];
      return offers.map((i) => options[i]).filter((w) => typeof w === "string" && w);
    }

    /** The three piles: {index, title, countText, card (null when empty), ...}. */
    pileCards() {
      const t = this.t;
      return this.pilesInfo().map((p) => {
        const raw = this.piles[p.index] || {};
        const marks = [{ k: "count", text: p.countText }];
        const why = [];
        if (p.inPlay) why.push(t("pile_in_play"));
        if (p.stopped) {
          marks.push({ k: "role", text: t("type_ending") });
          why.push(t("pile_stopped"));
          if (!this.over && !p.inPlay) why.push(raw.choosable ? t("pile_ending_ready") : this.closedNote(raw.closed));
        }
        const offered = p.top && !p.inPlay ? this.offeredWords(p.top, raw.offers) : [];
        if (offered.length) why.push(t("act_fight", { how: offered.join(" / ") }));
        const note = why.length ? why.join(" ") : null;
        const where = [p.title, p.countText];
        let card = null;
        if (p.top) {
          // the card in front of the player keeps its own id there; its copy here is the pile's
          const id = this.isFaced(p.top) ? "pile-" + p.index + "-top" : p.top;
          card = this.faceCard(p.top, id, where.concat(why), {
            description: p.describe,
            marks,
            note,
            home: "pile:" + p.index,
          });
        } else if (p.count) {
          const name = t("pile_face_down");
          card = {
            id: "pile-" + p.index + "-back",
            code: null,
            name,
            alt: [name, ...where].join(", "),
            description: p.describe,
            text: null,
            marks,
            note,
            pose: null,
            classes: ["ag-pile-back"],
            home: "pile:" + p.index,
          };
        }
        return {
          index: p.index,
          title: p.title,
          countText: p.countText,
          empty: !p.count,
          emptyText: t("pile_empty"),
          stopped: p.stopped,
          inPlay: p.inPlay,
          card,
        };
      });
    }

    /** The card in front of the player, with its die, or null. */
    facingCard() {
      const info = this.facingInfo();
      if (!info) return null;
      const marks = [];
      if (info.roll) marks.push({ k: "state", text: info.roll.glyph + " " + info.roll.result });
      const offered = this.offeredWords(info.card, (this.facing || {}).offers);
      const states = [info.pile, info.roll ? info.roll.text : "", info.chest || ""];
      if (offered.length) states.push(this.t("act_fight", { how: offered.join(" / ") }));
      return this.faceCard(info.card, info.card, states, {
        marks,
        classes: ["ag-facing-card"],
        home: "facing",
      });
    }

    /** The cards the player holds: curses marked, those free to go marked again. */
    heldCards() {
      const t = this.t;
      const lifted = new Set(Array.isArray(this.view.curses_lifted) ? this.view.curses_lifted : []);
      return this.heldInfo().map((c) => {
        const marks = [];
        const states = [c.type];
        const type = this.facts(c.code).type;
        if (c.curse) marks.push({ k: "down", text: t("type_curse") });
        if (type === "ending") marks.push({ k: "role", text: t("type_ending") });
        if (lifted.has(c.code)) {
          marks.push({ k: "up", text: t("mark_lifted") });
          states.push(t("mark_lifted"));
        }
        return this.faceCard(c.code, c.code, states, {
          marks,
          classes: c.curse ? ["ag-held", "is-curse"] : ["ag-held"],
          home: "card:" + c.code,
        });
      });
    }

    /** No ending in play can ever win (the engine's `way_out`): the dungeon cannot be won. */
    noWayOut() {
      return this.view.way_out === false;
    }

    /** The endings in play, face up (they are public), each with where it is known to be. */
    endingCards() {
      return this.endingsInfo().map((e) =>
        this.faceCard(e.code, "ending-" + e.code, [e.where], { note: e.where, classes: ["ag-ending"] })
      );
    }

    /** The discard pile: its top card drawn, the rest (newest first) for the <details>. */
    discardCards() {
      const info = this.discardInfo();
      const list = info.cards.map((c) => this.faceCard(c.code, c.code, [], { classes: ["ag-discarded"] }));
      const top = list.length ? list[list.length - 1] : null;
      if (top) top.marks = [{ k: "count", text: String(list.length) }];
      return {
        summary: info.summary,
        count: list.length,
        top,
        rest: list.slice(0, -1).reverse(),
        restSummary: this.t("discard_rest", { n: Math.max(0, list.length - 1) }),
      };
    }

    /** Every card the table draws, region by region (for the page and for tests). */
    tableCards() {
      const piles = this.pileCards();
      const discard = this.discardCards();
      const mage = this.mageCard();
      return {
        mage,
        spells: this.spellCards(),
        facing: this.facingCard(),
        piles,
        held: this.heldCards(),
        endings: this.endingCards(),
        discard,
      };
    }

    // --- actions ----------------------------------------------------------------
    pileWords(i) {
      const p = this.piles[i] || {};
      return p.face_up && p.top ? this.cardName(p.top) : null;
    }

    /** {short, full}: the words on a button (short on a card, full for screen readers and the bar). */
    labels(action) {
      const t = this.t;
      const pair = (short, full) => ({ short, full });
      const facing = this.facing ? this.facing.card : null;
      switch (action.type) {
        case "choose_pile": {
          const n = Number(action.pile) + 1;
          const pile = this.piles[action.pile] || {};
          const card = this.pileWords(action.pile);
          if (typeof action.cost === "number") {
            const costs = this.says(pile.top).costs;
            const said = Array.isArray(costs) ? costs[action.cost] : null;
            const cost = said || t("cost_n", { n: action.cost + 1 });
            return pair(
              t("do_step_cost", { cost }),
              t("act_step_cost", { n, card: card || t("a_card"), cost })
            );
          }
          const full = card ? t("act_step_card", { n, card }) : t("act_step_hidden", { n });
          return pair(t("do_step"), full);
        }
        case "use": {
          const card = this.cardName(action.card);
          const does = this.says(action.card).use || "";
          return pair(
            t("do_use"),
            does ? t("act_use_does", { card, does }) : t("act_use", { card })
          );
        }
        case "discard_curse":
          return pair(t("do_discard_curse"), t("act_discard_curse", { card: this.cardName(action.card) }));
        case "fight": {
          const options = this.says(facing).options;
          const how = Array.isArray(options) ? options[action.option] : null;
          const text = how
            ? t("act_fight", { how })
            : t("act_fight_n", { n: Number(action.option) + 1 });
          return pair(text, text);
        }
        case "cast": {
          const spells = Array.isArray(action.spells) ? action.spells : [];
          const card = this.cardName(facing);
          const text =
            spells.length === 1
              ? t("act_cast_one", { spell: this.cardName(spells[0]), card })
              : t("act_cast_two", {
                  a: this.cardName(spells[0]),
                  b: this.cardName(spells[1]),
                  card,
                });
          return pair(text, text);
        }
        case "roll": {
          const text = t("act_roll");
          return pair(text, text);
        }
        case "open_chest": {
          const reward = this.says(facing).reward;
          const text = reward ? t("act_open_chest_for", { reward }) : t("act_open_chest");
          return pair(text, text);
        }
        case "accept_roll": {
          const f = this.facing || {};
          const result = typeof f.result === "number" ? f.result : f.roll;
          const rows = this.says(facing).rows; // one per face, 1–6
          const does = Array.isArray(rows) ? rows[result - 1] : null;
          const text = does
            ? t("act_accept_roll_does", { result, does })
            : t("act_accept_roll", { result });
          return pair(text, text);
        }
        case "pay": {
          // the forced payment for an ending just revealed (the pending names it and its pile)
          const code = this.pending ? this.pending.card : null;
          const costs = this.says(code).costs;
          const said = Array.isArray(costs) ? costs[action.cost] : null;
          const cost = said || t("cost_n", { n: Number(action.cost) + 1 });
          return pair(t("do_step_cost", { cost }), t("act_pay", { card: this.cardName(code), cost }));
        }
        case "end_step": {
          const text = t("act_end_step");
          return pair(text, text);
        }
        case "choose": {
          const cards = Array.isArray(action.cards) ? action.cards : [];
          const names = this.namesOf(cards);
          const kind = this.pending ? this.pending.kind : null;
          let text;
          if (kind === "lose_mana") text = t("act_sideways", { cards: names });
          else if (kind === "gain_mana") text = t("act_upright", { cards: names });
          else if (kind === "level_up_curse") {
            text = cards.length ? t("act_drop_curse", { card: names }) : t("act_keep_curses");
          } else text = t("act_discard", { cards: names });
          return pair(text, text);
        }
        default: {
          const text = String(action.type || "?");
          return pair(text, text);
        }
      }
    }

    /**
     * Where a legal action is offered: its pile ("pile:0"), its card ("card:AG-001"), the card
     * in front of the player ("facing": fight, cast, roll, open, keep the roll) or the bar (null).
     */
    homeOf(action) {
      if (action.type === "choose_pile" && this.piles[action.pile]) return "pile:" + action.pile;
      // paying for an ending goes on the ending, drawn in front of the player (facedCode)
      if (FACING_ACTIONS.has(action.type) && this.facedCode()) return "facing";
      const onCard = action.type === "use" || action.type === "discard_curse";
      if (onCard && (this.spellCodes.has(action.card) || this.heldCodes.has(action.card))) {
        return "card:" + action.card;
      }
      return null;
    }

    /** Each legal action in its one place: {homes: Map(home -> actions), bar}. */
    sortActions() {
      const sorted = placeActions(this.legal, (a) => this.homeOf(a), BAR_ORDER);
      if (sorted.homes.has("facing")) inBarOrder(sorted.homes.get("facing"), BAR_ORDER);
      return sorted;
    }

    /** The prompt while the player has a choice. */
    choicePrompt() {
      const t = this.t;
      const p = this.pending;
      const card = this.facing ? this.cardName(this.facing.card) : t("a_card");
      if (!p) return t("prompt_step");
      switch (p.kind) {
        case "enemy":
          return t("prompt_enemy", { card });
        case "trap": {
          // a card to stop it is offered only when one may (the view's `cancels`)
          const cancels = (this.facing || {}).cancels;
          const stoppable = Array.isArray(cancels) && cancels.length > 0;
          return stoppable ? t("prompt_trap", { card }) : t("prompt_trap_roll", { card });
        }
        case "chest": {
          // only the ways the table offers: opening it outright needs the level (the engine
          // offers open_chest only then, the view's `opens`); rolling for it is the other way
          const open = this.legal.some((a) => a.type === "open_chest");
          const roll = this.legal.some((a) => a.type === "roll");
          if (open && roll) return t("prompt_chest", { card });
          if (open) return t("prompt_chest_open", { card });
          if (roll) return t("prompt_chest_roll", { card });
          return this.pendingLine() || t("prompt_act");
        }
        case "after_roll": {
          const f = this.facing || {};
          const roll = this.rollInfo(f.card, f.roll, f.result).text;
          // "or roll again with a card" only when a legal use rolls again
          return this.canReroll()
            ? t("prompt_after_roll", { card, roll })
            : t("prompt_after_roll_keep", { card, roll });
        }
        default:
          return this.pendingLine() || t("prompt_act");
      }
    }

    /** Whether a legal action now rolls the die again: a use whose effect (the view's) does. */
    canReroll() {
      return this.legal.some((a) => {
        if (a.type !== "use") return false;
        const steps = (this.facts(a.card).effect || {}).use || [];
        return Array.isArray(steps) && steps.some((step) => step && step.do === "reroll");
      });
    }

    /** Why the dungeon ended, in words: the game's own ending, else the match service's. */
    endReason(code) {
      return this.w.endReasons[code] || this.reason(code);
    }

    resultInfo() {
      const r = this.result;
      if (!r) {
        return this.status === "abandoned"
          ? { headline: this.t("status_abandoned"), outcome: "other", reason: "", stats: "" }
          : null;
      }
      const t = this.t;
      const winners = Array.isArray(r.winners) ? r.winners : [];
      const won = winners.includes(0);
      const who = this.playerName(0);
      let headline;
      if (this.you != null) headline = won ? t("result_won") : t("result_lost");
      else headline = won ? t("result_watch_won", { who }) : t("result_watch_lost", { who });
      const reason = this.resultReason(r, (code) => this.endReason(code));
      const stats =
        typeof r.steps === "number"
          ? t("result_stats", { steps: r.steps, level: r.level, life: r.life })
          : "";
      return { headline, outcome: won ? "won" : "lost", reason, stats };
    }

    // --- events -----------------------------------------------------------------
    formatEvent(ev) {
      const t = this.t;
      const card = ev.card ? this.cardName(ev.card) : t("a_card");
      const pile = typeof ev.pile === "number" ? ev.pile + 1 : "?";
      switch (ev.type) {
        case "step":
          return t("ev_step", { step: ev.step, pile });
        case "reveal":
          return t("ev_reveal", { pile, card });
        case "face":
          return t("ev_face", { card });
        case "take":
          if (ev.reason === "curse") return t("ev_take_curse", { card });
          if (ev.reason === "ending") return t("ev_take_ending", { card });
          return t("ev_take", { card });
        case "fight": {
          const options = this.says(ev.card).options;
          const how = Array.isArray(options) ? options[ev.option] : null;
          return how
            ? t("ev_fight", { card, how })
            : t("ev_fight_n", { card, n: Number(ev.option) + 1 });
        }
        case "cast":
          return t("ev_cast", { spells: this.namesOf(ev.spells), card });
        case "cancel":
          return t("ev_cancel", { card });
        case "roll": {
          const roll = this.rollInfo(ev.card, ev.face, ev.result);
          return t("ev_roll", { card, roll: roll.text });
        }
        case "row":
          return t("ev_row", { card, roll: ev.roll });
        case "open_chest":
          return t("ev_open_chest", { card });
        case "use":
          return t("ev_use", { card });
        case "spells":
          return ev.upright
            ? t("ev_upright", { cards: this.namesOf(ev.cards) })
            : t("ev_sideways", { cards: this.namesOf(ev.cards) });
        case "life":
          return t("ev_life", {
            delta: signed(ev.delta),
            life: ev.life,
            reason: this.w.lifeReasons[ev.reason] || ev.reason || "",
          });
        case "level_up":
          return t("ev_level_up", { level: ev.level });
        case "level":
          return t("ev_level", { delta: signed(ev.delta), level: ev.level });
        case "discard":
          return t("ev_discard", {
            card,
            reason: this.w.discardReasons[ev.reason] || ev.reason || "",
          });
        case "ending":
          return t("ev_ending", { card });
        case "pile_stopped":
          return t("ev_pile_stopped", { pile, card });
        case "key":
          return t("ev_key");
        case "game_over":
          return ev.won
            ? t("ev_won")
            : t("ev_lost", { reason: this.endReason(ev.reason) });
        default:
          return null;
      }
    }

    // --- hints ------------------------------------------------------------------
    /** The words for the greedy bot's suggestion (stale when it is no longer a legal move). */
    hintLine(action) {
      const key = action ? actionKey(action) : null;
      const found = key ? this.legal.find((a) => actionKey(a) === key) : null;
      if (!found) return this.t("hint_stale");
      return this.t("hint_says", { action: this.labels(found).full });
    }

    /**
     * The solver's answer in words. It never sees the real face-down cards: it searches deals
     * that fit what the player has seen, and says in how many of them a win is still possible
     * (`solver`: the hint's {verdict, deals, winnable, lost, unknown}, or just a verdict).
     */
    verdictLine(solver) {
      const found = typeof solver === "string" ? { verdict: solver } : solver || {};
      if (typeof found.deals === "number" && found.deals > 0) {
        const numbers = {
          n: found.deals,
          won: found.winnable || 0,
          lost: found.lost || 0,
          unknown: found.unknown || 0,
        };
        // a plain answer first, and no part that counts nothing ("0 cannot")
        if (numbers.won === numbers.n) return this.w.verdicts.winnable;
        if (numbers.lost === numbers.n) return this.w.verdicts.lost;
        if (!numbers.unknown) return this.t("solve_deals", numbers);
        if (!numbers.lost) return this.t("solve_deals_won_unknown", numbers);
        return this.t("solve_deals_unknown", numbers);
      }
      return this.w.verdicts[found.verdict] || this.w.verdicts.unknown;
    }
  }

  // --- the page ----------------------------------------------------------------
  Live.runTable((page) => {
    const { root, lang, t, $, button, busy } = page;
    const el = {
      board: $("ag-board"),
      mage: $("ag-mage-body"),
      spells: $("ag-spell-list"),
      encounter: $("ag-encounter"),
      encounterBody: $("ag-encounter-body"),
      piles: $("ag-pile-list"),
      held: $("ag-held-list"),
      endings: $("ag-ending-list"),
      noWayOut: $("ag-no-way-out"),
      discardHeading: $("ag-discard-heading"),
      discardTop: $("ag-discard-top"),
      discardMore: $("ag-discard-more"),
      hint: $("ag-hint"),
      hintButton: $("ag-hint-button"),
      solveButton: $("ag-solve-button"),
      hintText: $("ag-hint-text"),
    };
    let model = null; // ArcaneTable(the latest state message)
    let catalog = {}; // public card data by code (texts, subtypes), filled by fetchCatalog
    let hint = null; // {version, action} of the latest answered hint
    let asking = null; // "hint" | "solve" while a request runs

    // ---- rendering -------------------------------------------------------------
    function actionButton(action, labels, className) {
      return button(actionKey(action), labels, className);
    }

    /**
     * One card of the model's (see tableCards) as a picture, with the buttons of its home
     * (`homes`: sortActions's; the home is noted in `drawnHomes`). Without homes: no buttons.
     */
    function drawCard(spec, homes, drawnHomes, tag) {
      const acts = spec.home && homes ? homes.get(spec.home) || [] : [];
      if (acts.length) drawnHomes.add(spec.home);
      return Live.cardView(
        Object.assign({}, spec, {
          facts: spec.code ? model.faceFacts(spec.code) : null,
          back: root.dataset.back,
          tag,
          actions: acts.map((a) => actionButton(a, model.labels(a), "ag-card-action ag-do-" + a.type)),
        })
      );
    }

    function renderMage(cards, homes, drawnHomes) {
      const info = model.mageInfo();
      // pictures of the numbers, for the eye only (the words say the same)
      const pips = (cls, total, full, mark) => {
        const list = [];
        for (let i = 0; i < Math.max(total, 0); i++) {
          list.push(h("span", { class: i < full ? "ag-pip is-full" : "ag-pip" }, mark(i, i < full)));
        }
        return h("span", { class: "ag-pips " + cls, "aria-hidden": "true" }, list);
      };
      const visual = {
        level: pips("ag-levels", info.maxLevel, info.level, (i) => String(i + 1)),
        life: pips("ag-hearts", info.maxLife, info.life, (i, on) => (on ? "\u2665" : "\u2661")),
        mana: pips("ag-mana", info.maxMana, info.mana, (i, on) => (on ? "\u25C6" : "\u25C7")),
        key: null,
      };
      const statClass = (id) => {
        let cls = "ag-stat ag-stat-" + id;
        if (id === "life" && info.life < 1) cls += " is-danger";
        if (id === "key" && info.key) cls += " is-yes";
        return cls;
      };
      const children = [
        h(
          "dl",
          { class: "ag-stats" },
          info.stats.map((s) =>
            h(
              "div",
              { class: statClass(s.id) },
              h("dt", null, s.label),
              h("dd", null, h("span", { class: "ag-stat-value" }, s.value), " ", visual[s.id])
            )
          )
        ),
      ];
      if (info.lasting.length) {
        children.push(
          h("p", { class: "ag-lasting-heading" }, t("lasting_heading")),
          h("ul", { class: "ag-lasting" }, info.lasting.map((line) => h("li", null, line)))
        );
      }
      if (info.lastRoll) {
        children.push(
          h(
            "p",
            { class: "ag-last-roll" },
            h("span", { class: "ag-die ag-die-small", "aria-hidden": "true" }, info.lastRoll.glyph),
            " ",
            info.lastRoll.line
          )
        );
      }
      el.mage.replaceChildren(...children);
      const row = [];
      if (cards.mage) row.push(drawCard(cards.mage, homes, drawnHomes));
      for (const spell of cards.spells) row.push(drawCard(spell, homes, drawnHomes));
      el.spells.replaceChildren(...row);
    }

    function renderPiles(cards, homes, drawnHomes) {
      el.piles.replaceChildren(
        ...cards.piles.map((p) => {
          const classes = ["ag-pile"];
          if (p.stopped) classes.push("is-stopped");
          if (p.inPlay) classes.push("is-in-play");
          if (p.empty) classes.push("is-empty");
          const body = p.card
            ? drawCard(p.card, homes, drawnHomes, "div")
            : h("div", { class: "ag-pile-empty" }, p.emptyText);
          return h(
            "li",
            { class: classes.join(" "), "data-pile": p.index },
            h("h3", { class: "ag-pile-title" }, p.title),
            body
          );
        })
      );
    }

    function renderEncounter(cards, homes, drawnHomes) {
      const info = model.facingInfo();
      const line = model.pendingLine();
      el.encounter.classList.toggle("is-dying", !!model.pending && model.pending.kind === "dying");
      const children = [];
      if (info && cards.facing) {
        const side = [h("p", { class: "ag-facing-name" }, info.name, info.pile ? " · " + info.pile : "")];
        if (info.roll) {
          side.push(
            h(
              "p",
              { class: "ag-roll" },
              h("span", { class: "ag-die", "aria-hidden": "true" }, info.roll.glyph),
              " ",
              h("span", { class: "ag-roll-text" }, info.roll.text)
            )
          );
        } else if (info.kind === "trap" || info.kind === "chest") {
          side.push(h("p", { class: "ag-roll ag-no-roll" }, t("roll_none")));
        }
        if (info.chest) side.push(h("p", { class: "ag-chest" }, info.chest));
        if (line) side.push(h("p", { class: "ag-pending" }, line));
        const card = drawCard(cards.facing, homes, drawnHomes, "div");
        // the words and the card's own buttons stand beside its face, not under a narrow card
        const column = h("div", { class: "ag-facing-side" }, side);
        const buttons = card.querySelector(".tcard-actions");
        if (buttons) column.append(buttons);
        card.append(column);
        children.push(card);
      } else if (line) {
        children.push(h("p", { class: "ag-pending" }, line));
      } else {
        // the place stays on the table, empty, so nothing below it jumps when a card comes
        children.push(
          h(
            "div",
            { class: "ag-facing-empty" },
            h("div", { class: "ag-card-slot", "aria-hidden": "true" }),
            h("p", null, t("encounter_empty"))
          )
        );
      }
      el.encounterBody.replaceChildren(...children);
    }

    function renderHeld(cards, homes, drawnHomes) {
      el.held.replaceChildren(...cards.held.map((c) => drawCard(c, homes, drawnHomes)));
      if (!cards.held.length) el.held.append(h("li", { class: "ag-empty" }, t("held_empty")));
    }

    function renderEndings(cards) {
      el.endings.replaceChildren(...cards.endings.map((c) => drawCard(c)));
      el.noWayOut.hidden = !model.noWayOut();
    }

    function renderDiscard(cards) {
      const info = cards.discard;
      setText(el.discardHeading, info.summary);
      el.discardTop.replaceChildren(
        info.top ? drawCard(info.top) : h("li", { class: "ag-empty" }, t("discard_empty"))
      );
      el.discardMore.hidden = !info.rest.length;
      setText(el.discardMore.querySelector("summary"), info.restSummary);
      drawOlderDiscards();
    }

    /** The older discards, drawn only while their list is open: closed, they cost no pictures. */
    function drawOlderDiscards() {
      const list = el.discardMore.querySelector("ul");
      const rest = el.discardMore.open && model ? model.discardCards().rest : [];
      list.replaceChildren(...rest.map((c) => drawCard(c)));
    }
    el.discardMore.addEventListener("toggle", drawOlderDiscards);

    // ---- hints -----------------------------------------------------------------
    function hintUrl(solve) {
      const id = root.dataset.match || "";
      return "/api/matches/" + encodeURIComponent(id) + "/hint/" + (solve ? "?solve=1" : "");
    }

    function renderHint() {
      if (!el.hint) return;
      const mine = model.you != null && !model.over && model.legal.length > 0 && !root.dataset.replayUrl;
      el.hint.hidden = !mine;
      for (const b of [el.hintButton, el.solveButton]) {
        if (!b) continue;
        // while asking: aria-disabled, not disabled, which would drop the keyboard's focus
        // to the page's start (`ask` ignores a second press)
        b.disabled = !mine;
        b.setAttribute("aria-disabled", asking ? "true" : "false");
        b.setAttribute("aria-busy", asking ? "true" : "false");
      }
      for (const b of root.querySelectorAll("[data-action].is-hinted")) {
        b.classList.remove("is-hinted");
        b.removeAttribute("data-hint");
      }
      const state = page.state();
      if (hint && state && hint.version === state.version && hint.action) {
        const key = actionKey(hint.action);
        for (const b of root.querySelectorAll("button[data-action]")) {
          if (b.getAttribute("data-action") === key) {
            b.classList.add("is-hinted");
            b.setAttribute("data-hint", t("hint_badge"));
          }
        }
      }
    }

    async function ask(solve) {
      if (asking || !page.state() || !model || model.over) return;
      const version = page.state().version;
      asking = solve ? "solve" : "hint";
      setText(el.hintText, solve ? t("solve_asking") : t("hint_asking"));
      renderHint();
      let text;
      try {
        const response = await fetch(hintUrl(solve), {
          credentials: "same-origin",
          headers: { Accept: "application/json" },
        });
        const body = await response.json().catch(() => null);
        if (!response.ok || !body) {
          const message = body && body.error && body.error.message;
          text = message ? t("hint_refused", { why: message }) : t("hint_failed");
        } else {
          const at = typeof body.version === "number" ? body.version : version;
          if (at !== page.state().version) text = t("hint_stale");
          else if (solve && body.solver) {
            text = model.verdictLine(body.solver);
          } else {
            hint = { version: at, action: body.action || null };
            text = model.hintLine(body.action);
          }
        }
      } catch (err) {
        text = t("hint_failed");
      }
      asking = null;
      setText(el.hintText, text);
      renderHint();
      showHinted();
    }

    /**
     * Bring the move a hint just marked into view, once (a redraw does not pull it back): on a
     * phone it may sit out of sight in a row that scrolls sideways (the spells, the cards
     * held). "nearest" scrolls the row, and the page only as far as the move is out of sight
     * (above the bar pinned to a phone's bottom: table.css's scroll padding). Its card comes
     * along when the two fit in half the window; else the button alone.
     */
    function showHinted() {
      const marked = root.querySelector("button[data-action].is-hinted");
      if (!marked || typeof marked.scrollIntoView !== "function") return;
      const card = marked.closest(".ag-pile, .tcard");
      const fits = card && card.getBoundingClientRect().height <= window.innerHeight / 2;
      const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      (fits ? card : marked).scrollIntoView({
        block: "nearest",
        inline: "nearest",
        behavior: still ? "auto" : "smooth",
      });
    }

    if (el.hintButton) el.hintButton.addEventListener("click", () => ask(false));
    if (el.solveButton) el.solveButton.addEventListener("click", () => ask(true));

    function draw() {
      const { homes, bar } = model.sortActions();
      const cards = model.tableCards();
      const drawnHomes = new Set(); // the homes whose card drew their buttons
      renderMage(cards, homes, drawnHomes);
      renderEncounter(cards, homes, drawnHomes);
      renderPiles(cards, homes, drawnHomes);
      renderHeld(cards, homes, drawnHomes);
      renderEndings(cards);
      renderDiscard(cards);
      // an action whose card is not on the table (never expected) still gets its button
      const rest = [...homes].filter(([home]) => !drawnHomes.has(home)).flatMap(([, list]) => list);
      return inBarOrder(bar.concat(rest), BAR_ORDER).map((a) =>
        actionButton(a, model.labels(a), "bar-action ag-bar-" + a.type)
      );
    }

    /** The game's public card data (texts), once: a frame may carry only names. */
    async function fetchCatalog() {
      const url = el.board && el.board.dataset.cardsUrl;
      if (!url) return;
      try {
        const response = await fetch(url, { headers: { Accept: "application/json" } });
        if (!response.ok) return;
        const body = await response.json();
        const found = {};
        for (const card of (body && body.results) || []) {
          if (card && typeof card.code === "string") {
            found[card.code] = {
              text: card.text,
              text_en: card.text_en,
              subtypes: card.subtypes,
            };
          }
        }
        catalog = found;
        page.redraw();
      } catch (err) {
        /* the table still shows names and types; the words of the cards wait */
      }
    }

    fetchCatalog();
    return {
      model: (msg) => (model = new ArcaneTable(msg, t, lang, catalog)),
      eventKey,
      draw,
      drawn: renderHint,
      /** A new position forgets the hint for the last one (unless one is on its way). */
      frame(msg, previous) {
        if ((!previous || previous.version !== msg.version) && !asking) {
          hint = null;
          setText(el.hintText, "");
        }
      },
      result: (info, seed) => [info.stats ? h("p", { class: "ag-result-stats" }, info.stats) : null, seed],
      solo: true, // one seat: nobody else waits on the player, so no "claim the win" clock
    };
  });

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { vocabulary, ArcaneTable, eventKey };
  }
})();
