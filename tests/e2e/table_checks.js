// What tests/e2e/table_checks.py checks in the page; arg = {legal: [action keys], faces: [codes]}.
(async ({ legal, faces }) => {
  const root = document.getElementById("match-table");
  const problems = [];
  const shown = (node) => !!node && node.getClientRects().length > 0 && !node.closest("[hidden], details:not([open])");
  const say = (node) => (node.closest(".tcard") || node).getAttribute("data-card-id") || node.getAttribute("data-code") || node.textContent.trim().slice(0, 40);
  // a card gliding to its place is measured where it lands, not mid-way; and the page has
  // its fonts and has been painted once since the frame, as a player sees it
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  await document.fonts.ready;
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const cards = [...root.querySelectorAll(".tcard")].filter(shown);
  const pictures = cards.map((card) => card.querySelector("img.tcard-img"));
  // every picture loaded (they load lazily on the first frame; a move adds few)
  await Promise.all(pictures.filter((img) => img && !img.complete).map((img) =>
    new Promise((done) => { img.addEventListener("load", done, { once: true }); img.addEventListener("error", done, { once: true }); setTimeout(done, 5000); })));
  cards.forEach((card, i) => {
    const img = pictures[i];
    if (!img) { problems.push(`card ${say(card)} has no picture`); return; }
    const src = img.getAttribute("src") || "";
    const face = /\/cards\/[A-Za-z0-9]+-[A-Za-z0-9]+\/thumb\.webp/.test(src);
    const back = /\/cards\/backs\/[a-z0-9_-]+\.webp/.test(src);
    if (!face && !back) problems.push(`card ${say(card)} shows ${src || "no picture"}`);
    else if (!img.complete || !img.naturalWidth) problems.push(`card ${say(card)}: ${src} did not load`);
    if (!(img.getAttribute("alt") || "").trim()) problems.push(`card ${say(card)} has no words for a screen reader`);
  });
  for (const code of faces) {
    const found = cards.some((card) => {
      const img = card.querySelector("img.tcard-img");
      return img && (img.getAttribute("src") || "").includes(`/cards/${code}/thumb.webp`);
    });
    if (!found) problems.push(`the view shows ${code} face up, the table does not draw its face`);
  }
  // the points inside a box that must hit `owner`
  const hits = (node, owner) => {
    node.scrollIntoView({ block: "center", inline: "center" });
    const r = node.getBoundingClientRect();
    const inset = Math.min(6, r.width / 4, r.height / 4);
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + inset, r.top + inset], [r.right - inset, r.top + inset],
      [r.left + inset, r.bottom - inset], [r.right - inset, r.bottom - inset],
    ];
    for (const [x, y] of points) {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (!top || !owner.contains(top)) return top;
    }
    return null;
  };
  const describe = (node) => node ? (node.id ? "#" + node.id : node.tagName.toLowerCase() + "." + [...node.classList].join(".")) : "nothing";
  for (const card of cards) {
    const face = card.querySelector(".tcard-face");
    const over = hits(face, card);
    if (over) {
      const r = face.getBoundingClientRect();
      problems.push(`card ${say(card)} is covered by ${describe(over)} (face at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}, scrolled ${Math.round(scrollY)} of ${document.documentElement.scrollHeight}, window ${innerWidth}x${innerHeight})`);
    }
  }
  const boxes = cards.map((card) => card.querySelector(".tcard-face").getBoundingClientRect());
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const hgt = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && hgt > 1) problems.push(`cards ${say(cards[i])} and ${say(cards[j])} overlap`);
    }
  }
  for (const key of legal) {
    const button = [...root.querySelectorAll("button[data-action]")].find((b) => b.getAttribute("data-action") === key && shown(b));
    if (!button) { problems.push(`no visible button for ${key}`); continue; }
    if (button.disabled || button.getAttribute("tabindex") === "-1") problems.push(`the keyboard cannot reach ${key}`);
    const over = hits(button, button);
    if (over) problems.push(`the button for ${key} is covered by ${describe(over)}`);
  }
  window.scrollTo(0, 0);
  return problems;
})
