/* Kártyavár: what every live table shares. Plain ES2020, no dependencies, no build step.
 *
 * A table page (templates/play/_table_base.html) holds the first state message
 * (#match-initial) and the page's words (#table-strings). `KartyavarLive.start`
 * keeps it in step with the server over the match's websocket (reconnecting
 * with backoff, polling the API while the socket is down, posting moves there
 * as a fallback), and runs the parts no game draws differently: the error line
 * and busy state, the clock of the seat to move and "claim the win", the
 * rematch and replay links once the game is over, stepping through a replay,
 * and the chat. A game's script draws the table in `render(msg, ctx)` and
 * offers each legal action as a `button[data-action]` whose key is
 * `actionKey(action)`; a click on one sends that action.
 *
 * What every game's table draws alike lives here too: `TableModel`, the base
 * of a game's model of one state message (seats, whose move, the prompt while
 * waiting, the result's headline), and `runTable`, which runs a game's page
 * (the summary, the result panel, the prompt and action bar, the event log,
 * the focus) around the game's own regions.
 *
 * Everything drawn comes from the latest "state" message. Nothing else is shown.
 */
(function () {
  "use strict";

  // Hungarian's definite article before a word or number, as core/hungarian.py `article`
  // reads it ("a" before a consonant sound, "az" before a vowel; a number as it is read
  // aloud, a letter alone by its name). A translation writes "a(z)" right before a
  // field it cannot know ("a(z) {n}. helyre"); `fill` settles it from the value, as
  // core.hungarian.settle_articles does for the server's copy of these words.
  const VOWELS = "aáeéiíoóöőuúüű";
  const LETTERS_READ_WITH_A_VOWEL = "AÁEÉFIÍLMNOÓÖŐRSUÚÜŰXY";
  const QUOTES = "„”“\"'‘’«»‹›([{ \t";

  function numberTakesAz(digits) {
    const number = digits.replace(/^0+/, "") || "0";
    const leadingGroup = number.slice(0, number.length % 3 || 3);
    return leadingGroup === "1" || number[0] === "5";
  }

  function hungarianArticle(value) {
    const chars = Array.from(String(value));
    let start = 0;
    while (start < chars.length && QUOTES.includes(chars[start])) start += 1;
    const rest = chars.slice(start);
    let digits = "";
    for (const char of rest) {
      if (!/\p{Nd}/u.test(char)) break;
      digits += char;
    }
    if (digits) return numberTakesAz(digits) ? "az" : "a";
    if (!rest.length) return "a";
    const first = rest[0];
    const alone = rest.length === 1 || !/\p{L}/u.test(rest[1]);
    // a letter alone is read by its name, a capital or not (a search key's "r:": "er")
    if (alone) return LETTERS_READ_WITH_A_VOWEL.includes(first.toUpperCase()) ? "az" : "a";
    return VOWELS.includes(first.toLowerCase()) ? "az" : "a";
  }

  const ARTICLE_BEFORE_FIELD = /(?<![\p{L}\p{N}_])([aA])\(z\) ([„“"']?)\{(\w+)\}/gu;

  function settleArticles(text, params) {
    return text.replace(ARTICLE_BEFORE_FIELD, (whole, letter, quote, name) => {
      if (!Object.prototype.hasOwnProperty.call(params, name) || params[name] == null) return whole;
      let word = hungarianArticle(String(params[name]).replace(/<[^>]*>/g, ""));
      if (letter === "A") word = word[0].toUpperCase() + word.slice(1);
      return `${word} ${quote}{${name}}`;
    });
  }

  const pluralRules = new Map(); // one Intl.PluralRules a language

  /**
   * One of a counted text's forms for `n`. The page gives each text with a count twice,
   * "<key>_one" and "<key>_other" (Django's plural forms for one and for many, in the
   * strings templates); the callers fill in both, so each stays a plain t("...") call,
   * and the page language's plural rule picks ("1 card", "2 cards"; Hungarian says
   * "1 lap", "2 lap" and gives the same words twice).
   */
  function counted(lang, n, one, other) {
    if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
    return pluralRules.get(lang).select(Number(n) || 0) === "one" ? one : other;
  }

  function fill(text, params) {
    if (!params) return text;
    return settleArticles(text, params).replace(/\{(\w+)\}/g, (whole, name) =>
      Object.prototype.hasOwnProperty.call(params, name) && params[name] != null
        ? String(params[name])
        : whole
    );
  }

  /** t(key, {name: value}): the page's text for `key`, placeholders filled in. */
  function makeT(strings) {
    const table = strings || {};
    return function t(key, params) {
      const text = Object.prototype.hasOwnProperty.call(table, key) ? table[key] : key;
      return fill(String(text), params);
    };
  }

  /** An action's identity: the same dict always gives the same key. */
  function actionKey(action) {
    return JSON.stringify(Object.keys(action).sort().map((k) => [k, action[k]]));
  }

  /** The events of `events` that follow the ones already shown (`prevKeys`, in order).
   *
   * A view keeps only its last events and they carry no sequence number, so the
   * longest overlap between the old tail and the new head counts as "already
   * shown"; `gap` says the two do not overlap at all (many moves were missed).
   * `eventKey` is the game's identity of an event.
   */
  function newEvents(prevKeys, events, eventKey) {
    const list = Array.isArray(events) ? events : [];
    const keys = list.map(eventKey);
    for (let k = Math.min(prevKeys.length, keys.length); k > 0; k--) {
      let same = true;
      for (let i = 0; i < k; i++) {
        if (prevKeys[prevKeys.length - k + i] !== keys[i]) {
          same = false;
          break;
        }
      }
      if (same) return { keys, fresh: list.slice(k), gap: false };
    }
    return { keys, fresh: list.slice(), gap: prevKeys.length > 0 && list.length > 0 };
  }

  function readJSON(id) {
    const el = document.getElementById(id);
    if (!el) return null;
    try {
      return JSON.parse(el.textContent);
    } catch (err) {
      return null;
    }
  }

  /** A DOM element; strings become text nodes, never HTML. */
  function h(tag, attrs) {
    const el = document.createElement(tag);
    if (attrs) {
      for (const [key, value] of Object.entries(attrs)) {
        if (value == null || value === false) continue;
        if (key === "class") el.className = value;
        else if (key === "text") el.textContent = value;
        else if (value === true) el.setAttribute(key, "");
        else el.setAttribute(key, String(value));
      }
    }
    for (let i = 2; i < arguments.length; i++) {
      const child = arguments[i];
      const list = Array.isArray(child) ? child : [child];
      for (const c of list) {
        if (c == null || c === false) continue;
        el.append(c.nodeType ? c : document.createTextNode(String(c)));
      }
    }
    return el;
  }

  function setText(node, text) {
    if (node && node.textContent !== text) node.textContent = text;
  }

  const FIRST_STRONG_ISOLATE = "\u2068";
  const POP_DIRECTIONAL_ISOLATE = "\u2069";
  // A letter of a right-to-left script: Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan,
  // Mandaic and their supplements and presentation forms, and those beyond the BMP.
  const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

  /**
   * Text a person typed (a username), set apart from the page's sentence it goes
   * into: a name in a right-to-left script would otherwise pull the sentence's
   * words, numbers and punctuation around it into its own direction ("Waiting
   * for אבי…", "אבי: 3"). FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE draw
   * nothing; inside them the name keeps its own direction. The site speaks
   * left-to-right languages only, where a name of left-to-right letters, digits
   * and @.+-_ (all a username may hold) cannot move anything, so such a name is
   * left as it is: no invisible marks in what a reader copies or a test reads.
   * Were a right-to-left language added, every name would need them. For text
   * nodes and attributes; in HTML a name is set apart by <bdi> instead.
   */
  function isolate(text) {
    if (!text) return "";
    return RIGHT_TO_LEFT.test(text) ? FIRST_STRONG_ISOLATE + text + POP_DIRECTIONAL_ISOLATE : text;
  }

  /**
   * A seat's name in the page's language. A bot's own seat is named from its kind
   * and number ("Normal bot 2"): the server's `name` may be in another language,
   * since one frame goes to every reader of a seat (play/names.py). A person's
   * name is isolated (`isolate`): every table puts it into sentences.
   */
  function playerName(player, t) {
    if (!player) return "";
    const n = player.bot_number;
    if (player.bot_kind === "greedy") return n ? t("bot_greedy_n", { n }) : t("bot_greedy");
    if (player.bot_kind === "random") return n ? t("bot_random_n", { n }) : t("bot_random");
    if (player.bot_kind === "search") return n ? t("bot_search_n", { n }) : t("bot_search");
    return isolate(player.name);
  }

  /** Each seat's name by seat number (see playerName). */
  function playerNames(players, t) {
    return new Map((players || []).map((p) => [p.seat, playerName(p, t)]));
  }

  const seedDigests = new Map(); // seed -> Promise of its SHA-256 in hex, hashed once per page

  /**
   * Check a revealed shuffle seed against the SHA-256 published when the match
   * began, in this browser: `out` carries data-seed and data-sha256, and gets
   * data-verified ("yes"/"no") and the words `say(ok)` gives for it. Without Web
   * Crypto (a page not served over https) it stays empty.
   */
  function verifySeed(out, say) {
    if (!out || typeof crypto === "undefined" || !crypto.subtle) return;
    const seed = out.dataset.seed || "";
    if (!seedDigests.has(seed)) {
      const bytes = new TextEncoder().encode(seed);
      seedDigests.set(
        seed,
        crypto.subtle.digest("SHA-256", bytes).then((digest) =>
          Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("")
        )
      );
    }
    seedDigests.get(seed).then((hex) => {
      const ok = hex === out.dataset.sha256;
      out.dataset.verified = ok ? "yes" : "no";
      setText(out, say(ok));
    });
  }

  /**
   * The result panel's line on the shuffle: the seed revealed at the end (sent as
   * text: a browser rounds a 63-bit JSON number) and this browser's check of it
   * against the published hash. Null while the seed is still secret.
   */
  function seedLine(state, t) {
    if (!state || state.seed == null) return null;
    const seed = String(state.seed);
    const check = h("span", {
      class: "result-seed-check",
      role: "status",
      "data-seed": seed,
      "data-sha256": state.seed_sha256 || "",
    });
    verifySeed(check, (ok) => (ok ? t("result_seed_ok") : t("result_seed_bad")));
    return h("p", { class: "result-seed" }, t("result_seed", { seed }), " ", check);
  }

  /**
   * The table page's root, claimed once (a second call finds it started):
   * with the page language and its words (the live table's and the game's).
   */
  function openTable() {
    const root = document.getElementById("match-table");
    if (!root || root.dataset.started) return null;
    root.dataset.started = "1";
    return {
      root,
      lang: root.dataset.language === "en" ? "en" : "hu",
      t: makeT(Object.assign({}, readJSON("live-strings"), readJSON("table-strings"))),
    };
  }

  const MINUS = "\u2212";

  /** A change in points as a table shows it: +2, −1 (a true minus sign), +0. */
  function signed(n) {
    const v = Number(n) || 0;
    return v < 0 ? MINUS + Math.abs(v) : "+" + v;
  }

  const MAX_LOG = 300; // lines a table's event log keeps

  /**
   * New events at the end of a table's log `box`: a line each that `format`
   * gives words to, after a gap line when events were missed; the oldest
   * lines go past MAX_LOG, and the log follows its end unless the reader
   * scrolled up (`followLog`'s answer when the box has one, else where it is now).
   */
  function appendLog(box, fresh, gap, format, gapText, atBottom = followsEnd(box)) {
    const items = [];
    if (gap) items.push(h("li", { class: "ev ev-gap" }, gapText));
    for (const ev of fresh) {
      const line = format(ev);
      if (line) items.push(h("li", { class: "ev ev-" + String(ev.type).replace(/[^a-z_]/g, "") }, line));
    }
    if (!items.length) return;
    box.append(...items);
    while (box.children.length > MAX_LOG) box.firstElementChild.remove();
    if (atBottom || gap) box.scrollTop = box.scrollHeight;
  }

  /** Whether the log `box` shows its end now. */
  function logAtEnd(box) {
    return box.scrollHeight - box.scrollTop - box.clientHeight < 24;
  }

  const logFollowers = new WeakMap(); // a log box -> its followLog's `following`

  /** Whether the reader follows the log `box` (followLog), else whether it shows its end. */
  function followsEnd(box) {
    const following = logFollowers.get(box);
    return following ? following() : logAtEnd(box);
  }

  /**
   * Keeps the log `box` at its end while its reader follows it; returns `following()`.
   * Whether they follow is noted as they scroll (to the end, or up to read a line), not
   * asked when an event comes: a change of the window's width (or of a row beside the log)
   * rewraps its lines and moves its end away from where it is scrolled without the reader
   * doing anything. So after any change of the box's size a following reader is taken back
   * to the end, and a scroll that comes with such a change (the browser keeping a line in
   * place, or holding the scroll inside a smaller box) is not taken for the reader's.
   */
  function followLog(box) {
    let following = true;
    let size = "";
    const resized = () => {
      const now = box.clientWidth + "x" + box.clientHeight;
      const changed = now !== size;
      size = now;
      return changed;
    };
    const keep = () => {
      if (following) box.scrollTop = box.scrollHeight;
    };
    resized();
    box.addEventListener(
      "scroll",
      () => {
        if (resized()) keep();
        else following = logAtEnd(box);
      },
      { passive: true }
    );
    const onResize = () => {
      resized();
      keep();
    };
    if (typeof ResizeObserver === "function") new ResizeObserver(onResize).observe(box);
    else window.addEventListener("resize", onResize);
    const answer = () => following;
    logFollowers.set(box, answer);
    return answer;
  }

  /** Where the keyboard focus is inside `root` before a redraw (for `restoreFocus`). */
  function focusBefore(root) {
    const active = document.activeElement;
    const had = !!active && active !== document.body && root.contains(active);
    return { had, key: had ? active.getAttribute("data-focus") : null };
  }

  /**
   * After a redraw: a game that just ended focuses its result heading (`ended`);
   * otherwise the focus goes back to the control with the same data-focus, and
   * when that control went away with the move, to `fallback` (the prompt), so
   * the keyboard stays near the next decision. Returns whether the focus moved to
   * `fallback` (a reader then reads it as it gets the focus).
   */
  function restoreFocus(root, before, fallback, ended) {
    if (!before.had) return false;
    if (ended) {
      ended.focus();
      return false;
    }
    if (root.contains(document.activeElement)) return false;
    if (before.key) {
      for (const node of root.querySelectorAll("[data-focus]")) {
        if (node.getAttribute("data-focus") === before.key) {
          node.focus({ preventScroll: true });
          return false;
        }
      }
    }
    fallback.focus({ preventScroll: true });
    // the prompt of the next decision, scrolled past while the hand was read: back in sight
    const box = fallback.getBoundingClientRect();
    if (box.bottom < 0 || box.top > window.innerHeight) fallback.scrollIntoView({ block: "nearest" });
    return true;
  }

  /**
   * The prompt's words are said by a hidden status region beside it rather than by the
   * prompt itself: the prompt is where the focus goes back to after a move
   * (`restoreFocus`), and a reader reads what gets the focus, so as a live region too it
   * was read twice. The region says a new prompt except when the focus has just moved
   * onto it. Returns the region.
   */
  function promptVoice(prompt) {
    prompt.removeAttribute("aria-live");
    prompt.removeAttribute("role");
    const voice = h("p", { id: "table-prompt-said", class: "visually-hidden", role: "status" });
    prompt.after(voice);
    return voice;
  }

  /**
   * On narrow screens the prompt's bar is pinned to the window's bottom (table.css): the
   * page's scroll-padding keeps a card or button the keyboard reaches above it. The bar's
   * height, measured here into --table-bar, is that padding; it changes with the prompt.
   */
  function measureBar(controls) {
    if (!controls || typeof ResizeObserver !== "function") return;
    const style = document.documentElement.style;
    new ResizeObserver(() => style.setProperty("--table-bar", controls.offsetHeight + "px")).observe(controls);
  }

  /**
   * What Tab reaches on the table is shown whole. Chromium scrolls a newly focused element
   * into view only when too little of it shows: a button half out of its sideways row of
   * cards, or half under the pinned bar, stayed so. "nearest" moves the page (and the row)
   * no more than needed, and keeps to the scroll padding above the bar. Only for Tab: a
   * redraw gives the focus back without scrolling (restoreFocus).
   */
  function keepTabbedInSight(root) {
    let tabbing = false;
    document.addEventListener("keydown", (event) => {
      if (event.key === "Tab") tabbing = true;
    });
    document.addEventListener("keyup", () => {
      tabbing = false;
    });
    root.addEventListener("focusin", (event) => {
      if (!tabbing) return;
      const node = event.target;
      // after the browser's own scrolling for this focus, which happens after focusin
      requestAnimationFrame(() => {
        if (document.activeElement === node) node.scrollIntoView({ block: "nearest", inline: "nearest" });
      });
    });
  }

  /**
   * Links at the start of the table that skip the play area, whose every card is a tab stop
   * (ONIROO mid-game: some seventy before your hand): to the decision (the prompt, then its
   * buttons) and to your hand. Each is named by its region's own heading or label, so it
   * needs no words of its own; the hand's link shows only while the hand does.
   */
  function skipLinks(root) {
    const controls = document.getElementById("table-controls");
    const hand = document.getElementById("table-hand");
    const play = root.querySelector(".table-layout");
    if (!controls || !play) return () => {};
    const handName = document.getElementById("table-hand-heading");
    // the heading's own words, without its count: "Your hand", or whose hand a replay shows
    const handWords = () =>
      handName.firstChild ? handName.firstChild.textContent.trim() : handName.textContent.trim();
    const go = (first) => (event) => {
      event.preventDefault();
      const into = first();
      if (!into.hasAttribute("tabindex") && !into.matches("a[href], button, input, select, textarea")) {
        into.setAttribute("tabindex", "-1");
      }
      into.focus();
    };
    const firstIn = (region, fallback) => () =>
      region.querySelector('button:not([hidden]), [tabindex="0"], a[href]') || fallback;
    const toMove = h("a", { href: "#table-controls", class: "table-skip" }, controls.getAttribute("aria-label") || "");
    toMove.addEventListener("click", go(() => document.getElementById("table-prompt") || controls));
    const links = [toMove];
    let toHand = null;
    if (hand && handName) {
      toHand = h("a", { href: "#table-hand", class: "table-skip" }, handWords());
      toHand.addEventListener("click", go(firstIn(hand, handName)));
      links.push(toHand);
    }
    const nav = h("div", { class: "table-skips" }, links);
    play.before(nav);
    return () => {
      if (!toHand) return;
      toHand.hidden = hand.hidden;
      setText(toHand, handWords());
    };
  }

  function csrfToken() {
    const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (match) return decodeURIComponent(match[1]);
    const field = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (field) return field.value;
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (err) {
      return "";
    }
  }

  /**
   * Start the live parts of the table in `root` (#match-table).
   *
   * game = {
   *   render(msg, ctx)  draw the table for this state message; ctx = {stepping, busy}
   *   deciding(msg)     the seat the game waits for (null when nobody), for the clock
   *   over(msg)         optional: whether the game has ended (default: status not running)
   * }
   * Returns {send(action), state()}.
   */
  function start(root, t, game) {
    const wsPath = root.dataset.wsPath || "";
    const apiUrl = root.dataset.apiUrl || "";
    const stateUrl = root.dataset.stateUrl || apiUrl; // where to GET the state without a socket
    const replayUrl = root.dataset.replayUrl || ""; // set on a replay page: no socket, no moves
    let claimAfter = (Number(root.dataset.claimAfter) || 300) * 1000;
    let clockOffset = 0; // the server's clock minus this browser's
    const $ = (id) => document.getElementById(id);
    const el = {
      connection: $("table-connection"),
      error: $("table-error"),
      actions: $("table-actions"),
      retry: $("table-retry"),
      rematch: $("table-rematch"),
      rematchOffer: $("table-rematch-offer"),
      claim: $("table-claim"),
      takeover: $("table-takeover"),
      takeBack: $("table-take-back"),
      left: $("table-left"),
      resign: $("table-resign"),
      clock: $("table-clock"),
      replay: $("table-replay"),
    };
    let state = null; // the latest state message
    let actionsByKey = new Map();
    let busy = false;
    let busyTimer = null;

    function isOver() {
      if (!state) return false;
      return game.over ? !!game.over(state) : state.status !== "running";
    }

    function mySeat() {
      return state && typeof state.seat === "number" ? state.seat : null;
    }

    function seatName(seat) {
      const found = ((state && state.players) || []).find((p) => p.seat === seat);
      return found ? playerName(found, t) : t("seat_n", { n: seat + 1 });
    }

    function applyState(msg, arrived) {
      if (!msg || typeof msg !== "object") return;
      const since = typeof arrived === "number" ? arrived : performance.now();
      const stepping = !!replayUrl; // a replay moves back as well as forward
      if (!stepping && state && typeof msg.version === "number" && msg.version < state.version) return;
      state = msg;
      const serverNow = Date.parse(msg.server_time || "");
      if (Number.isFinite(serverNow)) clockOffset = serverNow - Date.now();
      if (typeof msg.claim_after === "number") claimAfter = msg.claim_after * 1000;
      // what the table shows, for styles and for tests that wait on a move
      root.dataset.version = String(msg.version);
      root.dataset.status = msg.status || "";
      actionsByKey = new Map((msg.legal || []).map((a) => [actionKey(a), a]));
      root.classList.toggle("is-mine", actionsByKey.size > 0);
      root.classList.toggle("is-over", isOver());
      busy = false;
      clearTimeout(busyTimer);
      root.classList.remove("is-busy");
      game.render(msg, { stepping, busy });
      noteDrawTime(root, since);
      if (el.rematch) el.rematch.hidden = !isOver() || mySeat() == null;
      if (msg.rematch_url) offerRematch(msg.rematch_url); // the API's answer to a poll
      if (el.replay) el.replay.hidden = !isOver() || !!replayUrl;
      updateClaim();
      updateClock();
    }

    /** Another player of this finished match opened a new one from it: link to it (the
     * page shows the same link when it is loaded after that). Only a path on this site. */
    function offerRematch(url) {
      const link = el.rematchOffer && el.rematchOffer.querySelector("a");
      if (!link || typeof url !== "string" || !/^\/(?!\/)/.test(url)) return;
      link.setAttribute("href", url);
      el.rematchOffer.hidden = false;
    }

    /** "m:ss" */
    function duration(ms) {
      const seconds = Math.floor(ms / 1000);
      return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
    }

    /** How long the seat to move has been at it, shown to everyone at the table.
     *
     * Everyone sees the same clock (server time, corrected for this browser's
     * drift), with what happens when it passes the limit (play/services.py):
     * with two players the one waiting may claim the win; with more, the others
     * may let a bot take the late player's seat. The late player is warned.
     */
    function updateClock() {
      if (!el.clock) return;
      const since = Date.parse((state && state.last_action_at) || "");
      const who = state ? game.deciding(state) : null;
      const running =
        !!state && state.status === "running" && !isOver() && who != null && Number.isFinite(since);
      el.clock.hidden = !running;
      if (!running) return;
      const waited = Math.max(0, Date.now() + clockOffset - since);
      const words = { who: seatName(who), time: duration(waited), limit: duration(claimAfter) };
      const you = state.bot_seat ? null : mySeat(); // a bot plays your seat: you only watch
      const seats = state.players || [];
      const person = seats.some((p) => p.seat === who && !p.bot);
      // only a person claims the win or hands a late seat to a bot: against bots alone
      // the clock just counts
      const anotherPerson = seats.some((p) => p.seat !== who && !p.bot);
      let text = t("clock_other", words);
      if (seats.length === 2 && anotherPerson) {
        if (you === who) text = t("clock_you", words);
        else if (you != null) text = t("clock_opponent", words);
      } else if (seats.length > 2 && person && anotherPerson) {
        if (you === who) text = t("clock_you_takeover", words);
        else if (you != null) text = t("clock_others_takeover", words);
      } else if (you === who) {
        text = t("clock_you_free", words);
      }
      setText(el.clock, text);
      el.clock.classList.toggle("is-late", waited >= claimAfter);
    }

    /** After the limit, offer the remedy for a running match kept waiting: claiming the win
     * (two players) or a bot in the late player's seat (more); a seat a bot took, back; and
     * the word that a seat its person left stays the bot's. */
    function updateClaim() {
      if (!state) return;
      const since = Date.parse(state.last_action_at || "");
      const now = Date.now() + clockOffset;
      const running = state.status === "running" && !isOver();
      const you = state.bot_seat ? null : mySeat();
      const who = game.deciding(state);
      const seats = state.players || [];
      const late = running && you != null && Number.isFinite(since) && now - since >= claimAfter;
      if (el.claim) el.claim.hidden = !(late && seats.length === 2 && !(state.legal || []).length);
      if (el.takeover) {
        const person = seats.some((p) => p.seat === who && !p.bot);
        el.takeover.hidden = !(late && seats.length > 2 && who != null && who !== you && person);
      }
      // a seat a bot took while its person was away goes back to them; one they left does not
      if (el.takeBack) el.takeBack.hidden = !(running && state.bot_seat && !state.seat_left);
      if (el.left) el.left.hidden = !(running && state.seat_left);
      if (el.resign) el.resign.hidden = !(running && mySeat() != null && !state.bot_seat);
    }

    // ---- errors and busy state ---------------------------------------------------
    function showError(error) {
      const code = error && error.code;
      let text;
      if (code === "stale") text = t("error_stale");
      else if (error && error.message) text = error.message;
      else text = t("error_generic");
      setText(el.error, text);
      el.error.hidden = false;
      setBusy(false);
    }

    function clearError() {
      setText(el.error, "");
      el.error.hidden = true;
    }

    function setBusy(on) {
      busy = on;
      clearTimeout(busyTimer);
      root.classList.toggle("is-busy", on);
      if (el.actions) el.actions.setAttribute("aria-busy", on ? "true" : "false");
      for (const b of root.querySelectorAll("button[data-action]")) {
        if (on) b.setAttribute("aria-disabled", "true");
        else b.removeAttribute("aria-disabled");
      }
      // no answer at all: let the player try again rather than freeze the table
      if (on) busyTimer = setTimeout(() => setBusy(false), 10000);
    }


    // ---- the connection ------------------------------------------------------------
    let socket = null;
    let attempts = 0;
    let retryTimer = null;
    let finalClose = false;
    let pollTimer = null;
    let pollable = !!stateUrl;

    function setConnection(kind) {
      const words = {
        connecting: t("conn_connecting"),
        open: t("conn_live"),
        reconnecting: t("conn_reconnecting"),
        fallback: t("conn_fallback"),
        closed: t("conn_closed"),
        ended: "",
      };
      root.dataset.connection = kind;
      setText(el.connection, words[kind] || "");
      if (el.retry) el.retry.hidden = kind !== "reconnecting";
    }

    function connect() {
      clearTimeout(retryTimer);
      if (finalClose) return;
      if (!("WebSocket" in window) || !wsPath) {
        setConnection("fallback");
        startPolling();
        return;
      }
      setConnection(attempts ? "reconnecting" : "connecting");
      const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + wsPath;
      let sock;
      try {
        sock = new WebSocket(url);
      } catch (err) {
        scheduleReconnect();
        return;
      }
      socket = sock;
      sock.addEventListener("open", () => {
        if (socket !== sock) return;
        attempts = 0;
        setConnection("open");
        stopPolling();
      });
      sock.addEventListener("message", (event) => {
        if (socket === sock) receive(event.data);
      });
      sock.addEventListener("close", (event) => {
        if (socket !== sock) return;
        socket = null;
        if (busy) setBusy(false);
        // 4429: too many live tables open; the error frame said so. Keep up by polling,
        // and try the socket again after the longest wait (a tab closed meanwhile frees one).
        if (event.code === 4429) {
          attempts = Math.max(attempts, 6);
          scheduleReconnect();
          return;
        }
        // other 4000-4999: the server refused us for good (no access, no such match)
        if (event.code >= 4000 && event.code < 5000) {
          finalClose = true;
          setConnection("closed");
          return;
        }
        if (isOver()) {
          setConnection("ended");
          return;
        }
        scheduleReconnect();
      });
    }

    /** Try again after 1, 2, 4 ... 30 s (with jitter, so a restarted server is not stampeded). */
    function scheduleReconnect() {
      clearTimeout(retryTimer);
      attempts += 1;
      const base = Math.min(30000, 1000 * 2 ** Math.min(attempts - 1, 5));
      const delay = Math.round(base * (0.75 + Math.random() * 0.5));
      setConnection("reconnecting");
      retryTimer = setTimeout(connect, delay);
      if (attempts >= 2) startPolling();
    }

    function reconnectNow() {
      if (finalClose || socket || isOver()) return;
      attempts = Math.max(attempts, 1);
      connect();
    }

    function receive(data) {
      const arrived = performance.now();
      let msg;
      try {
        msg = JSON.parse(data);
      } catch (err) {
        return;
      }
      if (!msg || typeof msg !== "object") return;
      if (msg.type === "state") applyState(msg, arrived);
      else if (msg.type === "chat") {
        receiveChat(msg);
        if (msg.sent) chatTaken();
      } else if (msg.type === "rematch") offerRematch(msg.url);
      else if (msg.type === "error" && (msg.kind === "chat" || msg.kind === "mute")) chatRefused(msg);
      else if (msg.type === "error") showError(msg);
    }

    // Without a live socket, ask the API for the state now and then (stops for good if
    // the server does not answer GET there).
    function startPolling() {
      if (pollTimer || !pollable) return;
      pollTimer = setInterval(pollOnce, 5000);
    }


    // ---- replays ------------------------------------------------------------------
    /** Step through a finished match without reloading: the step links and the
     * turn form work without JavaScript too (they are plain GET requests). */
    function startReplay() {
      const nav = $("replay-nav");
      if (!nav) return;
      const steps = Number(root.dataset.steps) || 0;
      const seat = root.dataset.replaySeat || "";
      let step = state ? state.version : steps;
      let loading = null;

      function pageUrl(n) {
        const url = new URL(location.href);
        url.searchParams.set("step", String(n));
        if (seat) url.searchParams.set("seat", seat);
        return url;
      }

      function show(n) {
        n = Math.max(0, Math.min(steps, n));
        if (loading) loading.abort();
        loading = new AbortController();
        const url = new URL(replayUrl, location.href);
        url.searchParams.set("step", String(n));
        if (seat) url.searchParams.set("seat", seat);
        fetch(url, { headers: { Accept: "application/json" }, signal: loading.signal })
          .then((r) => (r.ok ? r.json() : Promise.reject(r)))
          .then((msg) => {
            step = msg.version;
            applyState(msg);
            updateNav();
            history.replaceState(null, "", pageUrl(step));
          })
          .catch((err) => {
            if (err && err.name === "AbortError") return;
            location.href = pageUrl(n); // let the server page show it
          });
      }

      function updateNav() {
        setText($("replay-step"), t("replay_step", { step, steps }));
        for (const link of nav.querySelectorAll("a[data-step]")) {
          const target = { first: 0, back: step - 1, forward: step + 1, last: steps }[link.dataset.step];
          link.href = pageUrl(Math.max(0, Math.min(steps, target)));
          const idle = (target < 0 || target > steps) || target === step;
          if (idle) link.setAttribute("aria-disabled", "true");
          else link.removeAttribute("aria-disabled");
        }
        const share = $("replay-share");
        if (share) share.value = pageUrl(step).href;
        const turn = $("replay-turn");
        if (turn) {
          let chosen = turn.options[0];
          for (const option of turn.options) if (Number(option.value) <= step) chosen = option;
          turn.value = chosen ? chosen.value : turn.value;
        }
      }

      nav.addEventListener("click", (event) => {
        const link = event.target.closest("a[data-step]");
        if (!link) return;
        event.preventDefault();
        if (link.getAttribute("aria-disabled") === "true") return;
        const target = { first: 0, back: step - 1, forward: step + 1, last: steps }[link.dataset.step];
        show(target);
      });
      const turnForm = $("replay-turn-form");
      if (turnForm) {
        turnForm.addEventListener("submit", (event) => {
          event.preventDefault();
          show(Number($("replay-turn").value));
        });
        $("replay-turn").addEventListener("change", () => show(Number($("replay-turn").value)));
      }
      document.addEventListener("keydown", (event) => {
        if (event.target.closest("input, select, textarea")) return;
        if (event.key === "ArrowLeft") show(step - 1);
        else if (event.key === "ArrowRight") show(step + 1);
        else if (event.key === "Home") show(0);
        else if (event.key === "End") show(steps);
      });
      const copy = $("replay-copy");
      if (copy && navigator.clipboard) {
        copy.hidden = false;
        copy.addEventListener("click", () => navigator.clipboard.writeText($("replay-share").value));
      }
      verifySeed($("replay-seed-check"), (ok) => (ok ? t("seed_ok_here") : t("seed_bad_here")));
      updateNav();
    }


    function stopPolling() {
      clearInterval(pollTimer);
      pollTimer = null;
    }

    async function pollOnce() {
      if (document.hidden || (socket && socket.readyState === WebSocket.OPEN)) return;
      try {
        const response = await fetch(stateUrl, {
          credentials: "same-origin",
          headers: { Accept: "application/json" },
        });
        if (response.status === 404 || response.status === 405) {
          pollable = false;
          stopPolling();
          return;
        }
        if (!response.ok) return;
        const body = await response.json();
        if (body && body.type === "state") applyState(body);
      } catch (err) {
        /* offline: the next tick tries again */
      }
    }

    async function post(msg) {
      try {
        const response = await fetch(apiUrl, {
          method: "POST",
          credentials: "same-origin",
          headers: {
            "Content-Type": "application/json",
            Accept: "application/json",
            "X-CSRFToken": csrfToken(),
          },
          body: JSON.stringify(msg),
        });
        let body = null;
        try {
          body = await response.json();
        } catch (err) {
          body = null;
        }
        if (body && body.type === "state") applyState(body);
        else if (body && body.error) {
          showError(body.error);
          if (body.error.code === "stale") pollOnce();
        } else showError(null);
      } catch (err) {
        showError({ message: t("error_network") });
      }
    }

    function send(action) {
      if (busy || !state || isOver()) return;
      clearError();
      const msg = { action, version: state.version };
      setBusy(true);
      if (socket && socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify(msg));
      } else if (apiUrl) {
        post(msg);
      } else {
        showError({ message: t("error_network") });
      }
    }


    // ---- chat ------------------------------------------------------------------------
    // Messages are shown as text nodes only (h() never parses HTML).
    const chatList = $("chat-list");
    const chatForm = $("chat-form");
    const chatUrl = root.dataset.chatUrl || "";
    const myUserId = Number(root.dataset.userId) || null;
    const chatInput = $("chat-text");
    const chatError = $("chat-error");
    const MAX_CHAT = 100;
    const CHAT_PATIENCE = 10000; // ms: a line the server never answered may be sent again
    let chatMuted = new Set();
    // The line sent and not yet taken by the server, and when: the box keeps the typed
    // text until the server takes it, so a refused line (too fast, too long) is not lost.
    let chatSent = null;
    let chatSentAt = 0;

    // the chat follows its newest line as the event log does, through a change of the
    // window's width too, while its reader has not scrolled up to read (followLog)
    const chatFollowing = chatList ? followLog(chatList) : () => false;

    function receiveChat(msg) {
      if (!chatList) return;
      if (Array.isArray(msg.muted)) chatMuted = new Set(msg.muted);
      if (msg.replace) chatList.replaceChildren();
      const known = new Set(Array.from(chatList.children, (li) => li.dataset.id));
      const atBottom = chatFollowing();
      for (const m of msg.messages || []) {
        if (chatMuted.has(m.author_id) || known.has(String(m.id))) continue; // a reconnect resends the history
        const own = myUserId != null && m.author_id === myUserId;
        chatList.append(
          h(
            "li",
            { class: "chat-msg" + (own ? " chat-own" : ""), "data-id": m.id },
            h("span", { class: "chat-author" }, m.author),
            " ",
            h("span", { class: "chat-text" }, m.text),
            own || myUserId == null
              ? null
              : h(
                  "button",
                  {
                    type: "button",
                    class: "chat-mute",
                    "data-mute": m.author_id,
                    "aria-label": t("chat_mute_who", { who: isolate(m.author) }),
                  },
                  t("chat_mute")
                )
          )
        );
      }
      while (chatList.children.length > MAX_CHAT) chatList.firstElementChild.remove();
      if (atBottom) chatList.scrollTop = chatList.scrollHeight;
      renderMuted();
    }

    function renderMuted() {
      const box = $("chat-muted");
      if (!box) return;
      box.hidden = chatMuted.size === 0;
      const n = chatMuted.size;
      const words = counted(document.documentElement.lang || "hu", n, t("chat_muted_n_one", { n }), t("chat_muted_n_other", { n }));
      setText(box.querySelector("span"), words);
    }

    /** The server took the line this table sent: the box empties, unless more was typed since. */
    function chatTaken() {
      if (chatInput && chatSent != null && chatInput.value.trim() === chatSent) chatInput.value = "";
      chatSent = null;
    }

    /** A chat line or a mute refused: said by the chat box, where the person acted; the
     * typed line stays in the box to send again. */
    function chatRefused(error) {
      chatSent = null;
      if (!chatError) {
        showError(error);
        return;
      }
      setText(chatError, (error && error.message) || t("error_generic"));
      chatError.hidden = false;
    }

    function clearChatError() {
      if (!chatError) return;
      setText(chatError, "");
      chatError.hidden = true;
    }

    async function chatPost(body) {
      try {
        const response = await fetch(chatUrl, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
          body: JSON.stringify(body),
        });
        const data = await response.json().catch(() => null);
        if (!response.ok) chatRefused(data && data.error);
        else if (data && data.type === "chat") {
          receiveChat(data);
          if ("chat" in body) chatTaken();
        }
      } catch (err) {
        chatRefused({ message: t("error_network") });
      }
    }

    function chatSend(body) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(body));
      else if (chatUrl) chatPost(body);
    }

    if (chatForm) {
      chatForm.addEventListener("submit", (event) => {
        event.preventDefault();
        const text = chatInput.value.trim();
        if (!text) return;
        // the same line again before the server answered the first: one is enough
        if (text === chatSent && Date.now() - chatSentAt < CHAT_PATIENCE) return;
        clearChatError();
        chatSent = text;
        chatSentAt = Date.now();
        chatSend({ chat: text });
      });
    }
    if (chatList) {
      chatList.addEventListener("click", (event) => {
        const button = event.target.closest("button[data-mute]");
        if (!button) return;
        clearChatError();
        chatSend({ mute: Number(button.dataset.mute), on: true });
      });
    }
    const unmute = $("chat-unmute");
    if (unmute) {
      unmute.addEventListener("click", () => {
        for (const id of chatMuted) chatSend({ mute: id, on: false });
      });
    }


    // ---- events ------------------------------------------------------------------
    root.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (!button || !root.contains(button)) return;
      event.preventDefault();
      if (busy || button.getAttribute("aria-disabled") === "true") return;
      const action = actionsByKey.get(button.getAttribute("data-action"));
      if (action) send(action);
    });
    if (el.retry) el.retry.addEventListener("click", reconnectNow);
    window.addEventListener("online", reconnectNow);
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) reconnectNow();
    });
    setInterval(() => {
      updateClock();
      updateClaim();
    }, 1000);
    if (el.error) el.error.hidden = true;
    const initial = readJSON("match-initial");
    if (initial) applyState(Object.assign({ type: "state" }, initial));
    if (replayUrl) startReplay();
    else connect();
    return { send, state: () => state, isBusy: () => busy };
  }

  // ---- cards as cards ----------------------------------------------------------------------

  // Milliseconds from a state frame's arrival to the drawn and laid-out table,
  // the latest DRAW_TIMES_KEPT of them: what the table tests read.
  const DRAW_TIMES_KEPT = 2000;
  const drawTimes = [];

  function noteDrawTime(root, since) {
    root.getBoundingClientRect(); // the layout the browser would do before painting, counted
    drawTimes.push(performance.now() - since);
    if (drawTimes.length > DRAW_TIMES_KEPT) drawTimes.shift();
  }

  function reducedMotion() {
    return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  let cardSerial = 0;

  /**
   * One card as the table shows it: its rendered face (`facts.face`, from the
   * frame's public card facts) or, face down, the game's back; its name under
   * it, wrapped at word boundaries; over it the `marks` that say what the face
   * alone does not (an effective figure, a state, a counter, a role); the
   * legal actions that act on it below, never over its text; and why not,
   * when the view says it cannot act now.
   *
   * spec = {
   *   id           the card's identity on the table: moves animate by it (data-card-id)
   *   facts        the card's public facts ({face, zoom, ...}); none for a face-down card
   *   back         the back's URL, for a face-down card
   *   name         the name in the page's language (null for a face-down card)
   *   alt          the picture's text: name and state
   *   description  the full words a screen reader hears on focus (figures, text)
   *   text         the printed text, for the close-up's caption
   *   pose         "resting" | "damaged": the face turns
   *   marks        [{k, text, title}] over the face
   *   note         a line under the name (why not, a role)
   *   actions      buttons (page.button) under the card
   *   classes      more classes for the card
   *   tag          the element ("li" unless given)
   * }
   */
  function cardView(spec) {
    const faceUp = !!(spec.facts && spec.facts.face);
    const actions = (spec.actions || []).filter(Boolean);
    const classes = ["tcard", ...(spec.classes || [])];
    if (!faceUp) classes.push("is-face-down");
    if (spec.pose) classes.push("pose-" + spec.pose);
    if (actions.length) classes.push("has-actions");
    const descId = spec.description ? "tcard-desc-" + ++cardSerial : null;
    const picture = h("img", {
      class: "tcard-img",
      src: faceUp ? spec.facts.face : spec.back || "",
      alt: spec.alt || spec.name || "",
      width: 250,
      height: 349,
      decoding: "async",
      draggable: "false",
    });
    const face = h(
      "div",
      {
        class: "tcard-face",
        // a card with no action of its own is still reached by the keyboard, for its close-up
        tabindex: actions.length ? null : "0",
        "aria-describedby": actions.length ? null : descId,
        "data-focus": spec.id != null && !actions.length ? "card:" + spec.id : null,
      },
      h("div", { class: "tcard-turn" }, picture),
      spec.marks && spec.marks.length
        ? h(
            "ul",
            { class: "tcard-marks", "aria-hidden": "true" },
            spec.marks.map((m) => h("li", { class: "tcard-mark mark-" + m.k, title: m.title || null }, m.text))
          )
        : null
    );
    const card = h(
      spec.tag || "li",
      {
        class: classes.join(" "),
        "data-card-id": spec.id != null ? String(spec.id) : null,
        "data-code": faceUp ? spec.facts.code || null : null,
        "data-zoom": faceUp && spec.facts.zoom ? spec.facts.zoom : null,
        "data-zoom-name": faceUp ? spec.name || null : null,
        "data-zoom-text": faceUp ? spec.text || null : null,
      },
      face,
      spec.name ? h("p", { class: "tcard-name", "aria-hidden": "true" }, spec.name) : null,
      spec.note ? h("p", { class: "tcard-note" }, spec.note) : null,
      descId ? h("span", { class: "visually-hidden", id: descId }, spec.description) : null
    );
    if (actions.length) {
      for (const button of actions) if (descId) button.setAttribute("aria-describedby", descId);
      card.append(h("div", { class: "tcard-actions" }, actions));
    }
    return card;
  }

  /**
   * Where the close-up (`w` × `h`) goes beside the card box `r` inside the window: right of
   * it, left of it, below or above it, the first that fits without touching the card; null
   * when none does (a phone: the close-up is most of the window's width).
   */
  function zoomSpot(r, w, h, width, height) {
    const gap = 12;
    const margin = 8;
    const clamp = (v, lo, hi) => Math.min(Math.max(lo, v), Math.max(lo, hi));
    const beside = clamp(r.top, margin, height - h - margin);
    const under = clamp(r.left, margin, width - w - margin);
    if (r.right + gap + w <= width && h + 2 * margin <= height) return { left: r.right + gap, top: beside };
    if (r.left - gap - w >= margin && h + 2 * margin <= height) return { left: r.left - gap - w, top: beside };
    if (w + 2 * margin <= width) {
      if (r.bottom + gap + h <= height - margin) return { left: under, top: r.bottom + gap };
      if (r.top - gap - h >= margin) return { left: under, top: r.top - gap - h };
    }
    return null;
  }

  /**
   * The close-up: hovering a card, focusing it (or one of its buttons) or a long
   * press shows its face large, with its name and text in the page's language.
   * It never takes a click (pointer-events: none) and hides on scroll or Escape.
   * Opened by the keyboard it never lies over the card it shows, whose control has
   * the focus: where there is no room beside, under or over the card (a phone), it
   * stays closed, and the card's own picture and words are what the focus shows.
   */
  function cardZoom(root) {
    const box = h(
      "div",
      { class: "card-zoom", hidden: true, "aria-hidden": "true" },
      h("img", { class: "card-zoom-img", alt: "", width: 250, height: 349 }),
      h("p", { class: "card-zoom-name" }),
      h("p", { class: "card-zoom-text" })
    );
    document.body.append(box);
    const [img, name, text] = box.children;
    let shown = null;
    let shownByKeyboard = false;
    let timer = null;
    // The face put away with Escape stays away while the pointer rests on its card, even when
    // a redraw of the table puts a new element under it (a mouseover, 250 ms, and it was back).
    // A redraw can also put, for a moment, no card under the resting pointer (a row laid out
    // anew): the browser then sends a mouseover at the same spot, which must not end the
    // dismissal. Only a pointer that moved does.
    let dismissed = null; // { card, zoom, x, y }
    let pointer = { x: NaN, y: NaN };
    const moved = (event) => !dismissed || event.clientX !== dismissed.x || event.clientY !== dismissed.y;
    // Until a new face has loaded the browser keeps painting the last one: hidden meanwhile,
    // so one card's face never stands over another's name and text (slow phones: seconds).
    const reveal = () => { img.style.visibility = ""; };
    img.addEventListener("load", reveal);
    img.addEventListener("error", reveal);

    function show(card, byKeyboard) {
      if (!card || !card.dataset.zoom || !root.contains(card)) return;
      shown = card;
      shownByKeyboard = !!byKeyboard;
      if (img.getAttribute("src") !== card.dataset.zoom) {
        img.style.visibility = "hidden";
        img.setAttribute("src", card.dataset.zoom);
        if (img.complete) reveal();  // already in the browser's cache: no load to wait for
      }
      setText(name, card.dataset.zoomName || "");
      setText(text, card.dataset.zoomText || "");
      box.hidden = false;
      const r = card.getBoundingClientRect();
      const w = box.offsetWidth;
      const hgt = box.offsetHeight;
      let spot = zoomSpot(r, w, hgt, window.innerWidth, window.innerHeight);
      if (!spot && byKeyboard) return hide();
      if (!spot) {
        // a pointer's close-up: beside the card as far as it goes, over it when it must
        const right = r.right + 12 + w <= window.innerWidth;
        spot = {
          left: right ? r.right + 12 : Math.max(8, r.left - 12 - w),
          top: Math.min(Math.max(8, r.top), Math.max(8, window.innerHeight - hgt - 8)),
        };
      }
      box.style.left = spot.left + "px";
      box.style.top = spot.top + "px";
    }

    function hide() {
      clearTimeout(timer);
      shown = null;
      box.hidden = true;
    }

    const cardOf = (node) => (node && node.closest ? node.closest(".tcard[data-zoom]") : null);
    root.addEventListener("mouseover", (event) => {
      const card = cardOf(event.target);
      if (card === shown) return;
      clearTimeout(timer);
      // the same element, or the one a redraw put in its place (same face, the old one gone);
      // another copy of the card elsewhere still shows
      const same = card && dismissed &&
        (card === dismissed.card || (!dismissed.card.isConnected && card.dataset.zoom === dismissed.zoom));
      if (same || !moved(event)) return;
      pointer = { x: event.clientX, y: event.clientY };
      dismissed = null;
      if (!card) return hide();
      timer = setTimeout(() => show(card), 250);
    });
    root.addEventListener("mouseleave", (event) => {
      if (moved(event)) dismissed = null;
      hide();
    });
    root.addEventListener("mousemove", (event) => { pointer = { x: event.clientX, y: event.clientY }; }, { passive: true });
    root.addEventListener("focusin", (event) => {
      const card = cardOf(event.target);
      hide();
      if (!card || !event.target.matches(":focus-visible")) return;
      // placed once the focus has scrolled the card into sight (the page, or its row of
      // cards sideways: keepTabbedInSight), two frames on; placed before, the card moved
      // under it as its row scrolled
      const focused = event.target;
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (document.activeElement === focused) show(card, true);
        })
      );
    });
    root.addEventListener("focusout", (event) => {
      if (!cardOf(event.relatedTarget)) hide();
    });
    root.addEventListener(
      "touchstart",
      (event) => {
        const card = cardOf(event.target);
        clearTimeout(timer);
        if (card) timer = setTimeout(() => show(card), 450); // a long press
      },
      { passive: true }
    );
    for (const type of ["touchend", "touchmove", "touchcancel"]) {
      root.addEventListener(type, () => clearTimeout(timer), { passive: true });
    }
    root.addEventListener("contextmenu", (event) => {
      if (cardOf(event.target) && event.target.matches("img")) event.preventDefault(); // the long press is ours
    });
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      if (shown) dismissed = { card: shown, zoom: shown.dataset.zoom, x: pointer.x, y: pointer.y };
      hide();
    });
    // a scroll that moves the card from beside its close-up: the page's, or its row's sideways
    // (not the event log's or the chat's as a line comes in)
    document.addEventListener(
      "scroll",
      (event) => {
        if (shown && (event.target === document || (event.target.contains && event.target.contains(shown)))) hide();
      },
      { passive: true, capture: true }
    );
    /**
     * After a redraw: the close-up stays on its card, or on the card the redraw put in its
     * place (the same face, drawn once, the old element gone), so a frame arriving while a
     * face is looked at neither takes it away nor forgets that Escape put it away; a
     * keyboard's close-up follows the focus instead (focusin), and a face gone is hidden.
     */
    function refresh() {
      if (!shown) return;
      if (root.contains(shown)) return show(shown, shownByKeyboard);
      const again = shownByKeyboard ? [] : [...root.querySelectorAll(".tcard[data-zoom]")].filter(
        (card) => card.dataset.zoom === shown.dataset.zoom
      );
      if (again.length === 1) show(again[0], false);
      else hide();
    }

    return { hide, refresh };
  }

  /**
   * The region a card lies in, by a name that outlives a redraw: the nearest
   * `data-place` a game sets, else the nearest element id, else its list's label.
   */
  function placeOf(node) {
    const named = node.parentElement && node.parentElement.closest("[data-place], [id], ul[aria-label], ol[aria-label]");
    if (!named) return "";
    return named.getAttribute("data-place") || named.id || named.getAttribute("aria-label") || "";
  }

  /** How a card lies: turned (pose-…) or not. */
  function poseOf(node) {
    return [...node.classList].filter((c) => c.startsWith("pose-")).join(" ");
  }

  /** Where each card on the table is before a redraw, by its data-card-id: box, region, pose. */
  function cardPlaces(root) {
    const places = new Map();
    for (const node of root.querySelectorAll("[data-card-id]")) {
      places.set(node.getAttribute("data-card-id"), {
        box: node.getBoundingClientRect(),
        place: placeOf(node),
        pose: poseOf(node),
      });
    }
    return places;
  }

  /**
   * After a redraw: each card that moved glides from where it was, each card that
   * just came into sight grows in place. A card that came into sight, changed
   * region or turned is the last move (class is-last-move, until the next frame);
   * one that only slid because the layout around it changed is not. Reduced
   * motion keeps the mark only.
   */
  function showMoves(root, before) {
    const still = reducedMotion();
    // Read every box first, then write: a class or an animation between two reads
    // would make the browser lay the page out again for each card.
    const seen = [];
    for (const node of root.querySelectorAll("[data-card-id]")) {
      const was = before.get(node.getAttribute("data-card-id"));
      seen.push({ node, was, now: was && !still ? node.getBoundingClientRect() : null });
    }
    const onScreen = (box) => box.bottom > 0 && box.top < window.innerHeight;
    for (const { node, was, now } of seen) {
      if (!was) {
        node.classList.add("is-last-move");
        if (!still && node.animate) {
          node.animate([{ opacity: 0, transform: "scale(.8)" }, { opacity: 1, transform: "none" }], {
            duration: 220,
            easing: "ease-out",
          });
        }
        continue;
      }
      if (was.place !== placeOf(node) || was.pose !== poseOf(node)) node.classList.add("is-last-move");
      if (!now || !node.animate || !(onScreen(now) || onScreen(was.box))) continue;
      const dx = was.box.left - now.left;
      const dy = was.box.top - now.top;
      if (Math.abs(dx) >= 2 || Math.abs(dy) >= 2) {
        node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
          duration: 260,
          easing: "ease-out",
        });
      }
    }
  }

  // ---- what every game's table draws alike ----------------------------------------------

  /**
   * Why a match ended when the match service ended it, not a game's rules: the
   * same in every game (play/services.py, tournaments/services.py). A player
   * resigned, another claimed the win over one who went away ("abandoned"), a
   * tournament's player did not come in time ("absent"), a match waiting for
   * players was called off after a day nobody touched it ("inactive"). The tables
   * also had words for "timeout", which no service sets now; they are kept for any
   * stored result that says it. A game's own reasons (`vocabulary(t).reasons`) come
   * first.
   */
  function serviceReasons(t) {
    return {
      resigned: t("why_resigned"),
      abandoned: t("why_abandoned"),
      timeout: t("why_timeout"),
      absent: t("why_absent"),
      inactive: t("why_inactive"),
    };
  }

  /**
   * One state message as a game's table reads it: the seat's view and legal
   * actions, the seats' names, whose move it is and how the match stands. A
   * game's model extends it with its own words (`vocabulary(t)` gives `this.w`)
   * and answers `summary()`, `choicePrompt()` (the words while the viewer has a
   * choice), `resultInfo()` ({headline, outcome, reason, ...}) and
   * `formatEvent(event)`.
   */
  class TableModel {
    constructor(msg, t, lang, vocabulary) {
      this.msg = msg || {};
      this.t = t;
      this.lang = lang === "en" ? "en" : "hu";
      this.w = vocabulary(t);
      this.serviceReasons = serviceReasons(t);
      this.view = this.msg.view || {};
      const seat = this.msg.seat !== undefined ? this.msg.seat : this.view.you;
      /** A replay's frame ({step, steps, own}), null at a live table. */
      this.replay = this.msg.replay || null;
      /** The seat the table is seen from (its hand is shown, it sits last); null: a spectator's. */
      this.pov = typeof seat === "number" ? seat : null;
      /** The viewer's own seat, the one the words call "you": the seat seen from, at a live
       * table, and in a replay only when the frame says it is the viewer's (`replay.own`);
       * from another seat, or as a spectator, every seat goes by its name. */
      this.you = this.replay && !this.replay.own ? null : this.pov;
      this.cards = this.msg.cards || {};
      this.status = this.msg.status || "running";
      this.legal = Array.isArray(this.msg.legal) ? this.msg.legal : [];
      this.names = playerNames(this.msg.players, t);
      this.seats = Array.isArray(this.view.players) ? this.view.players : [];
    }

    get result() {
      return this.msg.result || this.view.result || null;
    }

    get over() {
      return this.status === "finished" || this.status === "abandoned" || !!this.result;
    }

    deciding() {
      return typeof this.view.to_act === "number" ? this.view.to_act : null;
    }

    /** The seat of the bot to act now (any level, or a bot playing an absent person's seat)
     * while the match goes on; null when a person is to act, or nobody is, and in a replay:
     * nothing thinks there, the next step is already played. */
    thinkingBot() {
      const who = this.deciding();
      if (who == null || this.over || this.status !== "running" || this.replay) return null;
      const player = (this.msg.players || []).find((p) => p.seat === who);
      return player && player.bot ? who : null;
    }

    /** A printed fact of a card in the page's language (`text`, `name`): English where it has one. */
    printed(facts, field) {
      return (this.lang === "en" && facts[field + "_en"]) || facts[field] || "";
    }

    // people
    playerName(seat) {
      if (seat == null) return "?";
      return this.names.get(seat) || this.t("seat_n", { n: seat + 1 });
    }

    /** "You" for the viewer, the player's name for anyone else. */
    seatName(seat) {
      if (seat == null) return "?";
      return seat === this.you ? this.t("you") : this.playerName(seat);
    }

    /**
     * What every table shows at the head of a seat's panel (see seatSection):
     * whether it is the seat seen from (`own`: yours, or the one a replay is seen
     * from; it sits by the hand), whose turn it is, who decides now, the name
     * ("(you)" on the viewer's own) and a badge for the turn or the decision.
     */
    seatHead(seat) {
      const own = seat === this.pov;
      const turn = this.view.turn_player === seat;
      const deciding = this.deciding() === seat && !this.over;
      const badges = [];
      const thinking = deciding && seat === this.thinkingBot();
      if (turn && !this.over) badges.push({ k: "turn", text: this.t("badge_turn") });
      else if (deciding && !thinking) badges.push({ k: "deciding", text: this.t("badge_deciding") });
      // a bot to act is "thinking…" (the hard bot searches for a second in the worker)
      if (thinking) badges.push({ k: "thinking", text: this.t("badge_thinking") });
      const name = this.playerName(seat) + (seat === this.you ? " " + this.t("you_suffix") : "");
      return { seat, own, turn, deciding, name, badges };
    }

    /** Seats in table order: the others first (from the one after the seat seen from), that
     * seat last (yours, or the one a replay is seen from). */
    seatOrder() {
      const n = this.seats.length;
      if (this.pov == null || !this.seats[this.pov]) return this.seats.slice();
      const out = [];
      for (let i = 1; i <= n; i++) out.push(this.seats[(this.pov + i) % n]);
      return out;
    }

    /** The seat seen from, as the view has it (its hand among its figures), or null. */
    povSeat() {
      return this.pov != null ? this.seats[this.pov] || null : null;
    }

    /** Whether the table is seen from the viewer's own seat: only then does it speak of
     * "your" hand and explain why a card cannot be played now. */
    ownView() {
      return this.pov != null && this.pov === this.you;
    }

    /** The heading of the hand the table shows: "Your hand", or in a replay from another
     * seat the seat's name's. */
    handTitle() {
      return this.ownView() ? this.t("hand_title") : this.t("hand_of", { who: this.playerName(this.pov) });
    }

    /** What an empty hand says (`yours`: the game's words for your own). */
    handEmpty(yours) {
      return this.ownView() ? yours : this.t("hand_empty_of", { who: this.playerName(this.pov) });
    }

    /** Why the match or a part of it ended, in words: the game's own reason, else the match
     * service's (`serviceReasons`), else the code itself. */
    reason(code) {
      const own = this.w.reasons || {};
      return own[code] || this.serviceReasons[code] || code || "";
    }

    /** Why the match ended, from its result (`wordOf`: the game's words for a code, its
     * `reason` unless it says otherwise); a resignation says who gave up (the result's
     * `resigned` seat): the viewer as "you", anyone else by name (play/outcomes.py). */
    resultReason(r, wordOf = (code) => this.reason(code)) {
      if (r.reason === "resigned" && Number.isInteger(r.resigned)) {
        if (r.resigned === this.you) return this.t("why_resigned_you");
        return this.t("why_resigned_by", { who: this.playerName(r.resigned) });
      }
      return r.reason ? wordOf(r.reason) : "";
    }

    /** The line above the actions: how the match stands, the viewer's choice, or whom it waits for. */
    prompt() {
      const t = this.t;
      if (this.status === "abandoned") return t("status_abandoned");
      if (this.over) return t("status_finished");
      if (this.status === "waiting" || !this.msg.view) return t("status_waiting");
      if (this.legal.length) return this.choicePrompt();
      const who = this.deciding();
      if (who == null) return "";
      const name = this.playerName(who);
      if (who === this.thinkingBot()) return t("bot_thinking", { who: name });
      // a replay waits for nobody: it says whose move it was
      if (this.replay && who === this.you) return t("replay_your_move");
      if (this.replay) return t("prompt_watch", { who: name });
      return this.you == null ? t("prompt_watch", { who: name }) : t("prompt_wait", { who: name });
    }

    /**
     * The result's headline and outcome for these winners, as the viewer reads it;
     * `shared(others)` words a win the viewer shares (without it the winners are named).
     */
    verdict(winners, shared) {
      const t = this.t;
      if (!winners.length) return { headline: t("result_draw"), outcome: "draw" };
      const names = winners.map((s) => this.playerName(s)).join(", ");
      if (this.you != null && winners.includes(this.you)) {
        if (winners.length === 1) return { headline: t("result_won"), outcome: "won" };
        if (shared) {
          const others = winners.filter((s) => s !== this.you).map((s) => this.playerName(s));
          return { headline: shared(others.join(", ")), outcome: "won" };
        }
      } else if (this.you != null) {
        return { headline: t("result_lost", { who: names }), outcome: "lost" };
      }
      return { headline: t("result_winner", { who: names }), outcome: "other" };
    }
  }

  /**
   * A seat's panel headed as on every table: `seat` is a TableModel's seatHead
   * with the seat's figures (`stats`: {k, label, value}); its name, badges
   * ({k, text}) and classes for whose seat, whose turn and who decides now,
   * and the game's own `classes` and section `attrs`.
   */
  function seatSection(seat, classes, attrs) {
    const headingId = "seat-heading-" + seat.seat;
    const names = ["seat", seat.own ? "seat-own" : "seat-other", ...(classes || [])];
    if (seat.turn) names.push("is-turn");
    if (seat.deciding) names.push("is-deciding");
    return h(
      "section",
      Object.assign({ class: names.join(" "), "aria-labelledby": headingId }, attrs),
      h(
        "header",
        { class: "seat-head" },
        h(
          "h2",
          { id: headingId, class: "seat-name" },
          seat.name,
          " ",
          seat.badges.map((b) => h("span", { class: "badge badge-" + b.k }, b.text))
        ),
        h(
          "dl",
          { class: "seat-stats" },
          seat.stats.map((st) =>
            h("div", { class: "stat stat-" + st.k }, h("dt", null, st.label), h("dd", null, String(st.value)))
          )
        )
      )
    );
  }

  /** The words of a heading that holds more after them (a count's <span>): its first text,
   * `text` and a space; the rest stays as it is. */
  function setLeadText(node, text) {
    if (!node) return;
    const words = text + " ";
    const first = node.firstChild;
    if (first && first.nodeType === 3) {
      if (first.nodeValue !== words) first.nodeValue = words;
    } else node.insertBefore(document.createTextNode(words), first);
  }

  /** Action-bar entries (anything with a `type`) in the game's `order`; types it does not name first. */
  function inBarOrder(list, order) {
    const rank = (a) => order.indexOf(a.type);
    return list.sort((a, b) => rank(a) - rank(b));
  }

  /**
   * Each legal action in the one place a table offers it: `homeOf(action)` names
   * the place (a card, a pile) or gives null for the action bar, kept in `order`.
   */
  function placeActions(legal, homeOf, order) {
    const homes = new Map();
    const bar = [];
    for (const action of legal) {
      const home = homeOf(action);
      if (home == null) bar.push(action);
      else if (homes.has(home)) homes.get(home).push(action);
      else homes.set(home, [action]);
    }
    return { homes, bar: inBarOrder(bar, order) };
  }

  /**
   * Run a game's table page once the document is ready: claim #match-table, keep
   * it live (`start`) and draw each state message. What every table draws alike
   * is done here: the summary line, the result panel, the prompt and the action
   * bar, the event log and the keyboard focus across redraws.
   *
   * setup(page) returns the game's part:
   * {
   *   model(msg)            the game's TableModel of a state message
   *   eventKey(event)       the game's identity of an event, for the log diff
   *   draw(model)           draw the game's regions; returns the action bar's buttons
   *   result(info, seed)    the result panel's nodes after the reason; `seed` is the seed line or null
   *   drawn(model)          optional: after each redraw, the controls included
   *   frame(msg, previous)  optional: a new state message, before it is drawn
   *   solo                  optional: one seat, nobody waits on another, so no clock
   * }
   * page = {root, t, lang, el, $, button(key, labels, className), busy(), state(), redraw()}
   */
  function runTable(setup) {
    if (typeof document === "undefined") return; // under Node only the pure half is tested
    const run = () => runPage(setup);
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
    else run();
  }

  function runPage(setup) {
    const opened = openTable();
    if (!opened) return;
    const { root, t } = opened;
    const $ = (id) => document.getElementById(id);
    const el = {
      summary: $("table-summary"),
      result: $("table-result"),
      prompt: $("table-prompt"),
      actions: $("table-actions"),
      log: $("table-log"),
    };
    let state = null; // the latest state message
    let model = null; // the game's model of it
    let logKeys = [];
    let drawn = false; // the table was drawn once: later frames show what moved
    let live = null; // start()'s handle
    const zoom = cardZoom(root);
    const following = followLog(el.log);
    const voice = promptVoice(el.prompt);
    const skips = skipLinks(root);
    measureBar(document.getElementById("table-controls"));
    keepTabbedInSight(root);
    const busy = () => !!live && live.isBusy();

    /** The button for one legal action (`key`: its actionKey): the short words, the full ones on demand. */
    function button(key, labels, className) {
      const more = labels.full !== labels.short ? labels.full : null;
      return h(
        "button",
        {
          type: "button",
          class: className,
          "data-action": key,
          "data-focus": "act:" + key,
          "aria-label": more,
          title: more,
          "aria-disabled": busy() ? "true" : null,
        },
        labels.short
      );
    }

    const game = setup(
      Object.assign({}, opened, {
        el,
        $,
        button,
        busy,
        state: () => state,
        /** Draw the latest state again (the game learned more about its cards). */
        redraw() {
          if (!state) return;
          model = game.model(state);
          render();
        },
      })
    );

    function renderResult() {
      const info = model.over ? model.resultInfo() : null;
      const wasHidden = el.result.hidden;
      el.result.hidden = !info;
      if (!info) {
        el.result.replaceChildren();
        return false;
      }
      el.result.className = "table-result outcome-" + (info.outcome || "other");
      const children = [
        h("h2", { id: "table-result-heading", tabindex: "-1", "data-focus": "result" }, info.headline),
      ];
      if (info.reason) children.push(h("p", null, t("result_reason", { reason: info.reason })));
      children.push(...game.result(info, seedLine(state, t)));
      el.result.replaceChildren(...children.filter(Boolean));
      return wasHidden; // newly shown
    }

    function render(moves) {
      const focus = focusBefore(root);
      const before = moves && drawn ? cardPlaces(root) : null;
      setText(el.summary, model.summary() + (state.rated ? " · " + t("rated_match") : ""));
      const newlyOver = renderResult();
      const bar = game.draw(model);
      drawn = true;
      const prompt = model.prompt();
      const newPrompt = el.prompt.textContent !== prompt;
      setText(el.prompt, prompt);
      el.prompt.classList.toggle("is-mine", model.legal.length > 0);
      // the prompt pulses while a bot thinks (table.css; a still dot under reduced motion)
      el.prompt.classList.toggle("is-thinking", !model.legal.length && model.thinkingBot() != null);
      el.actions.replaceChildren(...bar);
      el.actions.hidden = !bar.length;
      if (game.drawn) game.drawn(model);
      const onPrompt = restoreFocus(root, focus, el.prompt, newlyOver && el.result.querySelector("h2"));
      // said once: by the focus arriving on the prompt, or else by its status region
      if (newPrompt && !onPrompt) voice.textContent = prompt;
      skips();
      if (before) showMoves(root, before);
      zoom.refresh();
    }

    /** One state message: rebuild the model, redraw, add the new events to the log. */
    function renderFrame(msg, ctx) {
      if (game.frame) game.frame(msg, state);
      state = msg;
      model = game.model(msg);
      if (ctx.stepping) {
        el.log.replaceChildren(); // each replay step shows the log as it stood then
        logKeys = [];
      }
      const diff = newEvents(logKeys, model.view.events, game.eventKey);
      logKeys = diff.keys;
      // a replay's step shows its log from the end; a live table's log follows its end
      // while its reader does (followLog)
      const atEnd = ctx.stepping || following();
      render(!ctx.stepping);
      appendLog(el.log, diff.fresh, diff.gap, (ev) => model.formatEvent(ev), t("log_gap"), atEnd);
    }

    live = start(root, t, {
      render: renderFrame,
      deciding: () => (model && !game.solo ? model.deciding() : null),
      over: () => !!model && model.over,
    });
  }

  const api = {
    start,
    makeT,
    fill,
    counted,
    hungarianArticle,
    settleArticles,
    actionKey,
    newEvents,
    readJSON,
    h,
    setText,
    isolate,
    playerName,
    playerNames,
    verifySeed,
    seedLine,
    csrfToken,
    focusBefore,
    restoreFocus,
    appendLog,
    openTable,
    signed,
    MINUS,
    TableModel,
    inBarOrder,
    placeActions,
    seatSection,
    setLeadText,
    runTable,
    cardView,
    drawTimes,
  };
  if (typeof window !== "undefined") window.KartyavarLive = api;
  if (typeof module !== "undefined" && module.exports) module.exports = api;
})();
