// Small behaviours of the site's forms and pages that the Content-Security-Policy keeps out
// of the markup (hx-on attributes need eval): every page loads this script (base.html).
//
// data-reset-on-success: clear the form once the server accepted it (2xx), and
// keep what was typed when it refused (4xx), so the user can correct it.
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.detail.elt;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-reset-on-success")) return;
  const status = event.detail.xhr ? event.detail.xhr.status : 0;
  if (status >= 200 && status < 300) form.reset();
});

// Back and Forward through a search that keeps its query in the address (a form with hx-get
// and hx-push-url="true": the catalog's, the collection's): its fields show what the results
// under them are for. htmx brings such a page back from a copy of its markup taken when the
// next answer came in, and markup holds each field's value as the page was loaded, not what was
// typed or chosen since: the box came back empty (or with the first query) and the menus at
// their defaults beside another search's results, and Search then sent those. The browser's
// back-forward cache keeps the page as it was left instead, with whatever was typed after the
// search. The address is what the results were asked for, so the fields are set from it; when
// the server drew the form for this very address they go back to its markup, as the server may
// show more there than the address says (the catalog's Sort menu shows a query's own order:).
const DRAWN_FOR = "data-drawn-for"; // the address the form's markup was drawn for, noted at load
const NOT_TYPED = new Set(["hidden", "submit", "button", "reset", "image", "file"]);

function hereAddress() {
  return location.pathname + location.search;
}

function keepsQueryInAddress(form) {
  const url = form.getAttribute("hx-get") ?? form.getAttribute("data-hx-get");
  const push = form.getAttribute("hx-push-url") ?? form.getAttribute("data-hx-push-url");
  if (url === null || push !== "true") return false;
  return new URL(url, location.href).pathname === location.pathname;
}

// A GET form's fields as the address `params` has them: a field the address leaves out is sent
// empty or unchecked, except a menu or radio group none of whose choices the address names,
// which keeps the one its markup chose.
function fillFromAddress(form, params) {
  const typed = new Map(); // name -> how many fields of that name were filled so far
  for (const field of form.elements) {
    if (!field.name) continue;
    const given = params.getAll(field.name);
    if (field instanceof HTMLSelectElement) {
      const named = [...field.options].some((option) => given.includes(option.value));
      for (const option of field.options) {
        option.selected = named ? given.includes(option.value) : option.defaultSelected;
      }
    } else if (field.type === "checkbox") {
      field.checked = given.includes(field.value);
    } else if (field.type === "radio") {
      const group = [...form.elements].filter((f) => f.type === "radio" && f.name === field.name);
      const named = group.some((radio) => given.includes(radio.value));
      field.checked = named ? given.includes(field.value) : field.defaultChecked;
    } else if (!NOT_TYPED.has(field.type) && "value" in field) {
      const index = typed.get(field.name) || 0;
      typed.set(field.name, index + 1);
      field.value = index < given.length ? given[index] : "";
    }
  }
}

function showWhatTheResultsAreFor() {
  const here = hereAddress();
  for (const form of document.querySelectorAll("form")) {
    if (!keepsQueryInAddress(form)) continue;
    // no note: markup just drawn by the server (a first load, or htmx fetching a page it had
    // not kept), for this address
    if (!form.hasAttribute(DRAWN_FOR)) form.setAttribute(DRAWN_FOR, here);
    if (form.getAttribute(DRAWN_FOR) === here) form.reset();
    else fillFromAddress(form, new URLSearchParams(location.search));
  }
}

for (const form of document.querySelectorAll("form")) {
  if (keepsQueryInAddress(form)) form.setAttribute(DRAWN_FOR, hereAddress());
}
document.body.addEventListener("htmx:historyRestore", showWhatTheResultsAreFor);
window.addEventListener("pageshow", (event) => {
  if (event.persisted) showWhatTheResultsAreFor();
});

// The header's language switch comes back to the page as it is now. Its way back (`next`) is
// drawn with the page, but a search that keeps its query in the address (above) changes the
// address without drawing the page again: switching language went back to the page as first
// loaded and dropped the search. Without scripts the drawn address is the page's own.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches(".language-switch")) return;
  const next = form.elements.namedItem("next");
  if (next) next.value = hereAddress();
});

// A refused request (4xx) answers with a fragment that says why, to be shown
// where the request came from (htmx-config in base.html swaps it in). In DEBUG,
// django-htmx's script listens on the document and would instead replace the
// whole page with that fragment; stopping the event at <body> keeps it from
// there. Full error pages (Django's debug 404 and 500) still reach it.
document.body.addEventListener("htmx:beforeOnLoad", (event) => {
  const xhr = event.detail.xhr;
  if (!xhr || xhr.status < 400 || xhr.status >= 500) return;
  const body = String(xhr.response || "").trimStart().slice(0, 100).toLowerCase();
  if (body.startsWith("<!doctype") || body.startsWith("<html")) return;
  event.stopPropagation();
});

// A request that failed on the server (5xx, not swapped: htmx-config) or never
// reached it (offline) would otherwise look like a button that did nothing:
// say so under the form or control that was used, in the page's language
// (base.html's data-request-* words). The next answer from there to the same
// address removes it: an answer to another request of the same form (the quick-add
// box's suggestions, sent as one types) says nothing about the one that failed.
function failureNote(elt) {
  const anchor = (elt && elt.closest && (elt.closest("form") || elt)) || null;
  if (!anchor || !anchor.isConnected) return null;
  const next = anchor.nextElementSibling;
  return { anchor, note: next && next.classList.contains("request-failed") ? next : null };
}

function requestPath(detail) {
  const info = detail && detail.pathInfo;
  const path = info && (info.requestPath || info.finalRequestPath);
  return path ? String(path).split("?")[0] : "";
}

function sayRequestFailed(elt, text, path) {
  const found = failureNote(elt);
  if (!found || !text) return;
  let note = found.note;
  if (!note) {
    note = document.createElement("p");
    note.className = "message error request-failed";
    note.setAttribute("role", "alert");
    found.anchor.insertAdjacentElement("afterend", note);
  }
  note.textContent = text;
  note.dataset.path = path;
}

document.body.addEventListener("htmx:responseError", (event) => {
  sayRequestFailed(event.detail.elt, document.body.dataset.requestFailed, requestPath(event.detail));
});
document.body.addEventListener("htmx:sendError", (event) => {
  sayRequestFailed(event.detail.elt, document.body.dataset.requestOffline, requestPath(event.detail));
});
document.body.addEventListener("htmx:afterRequest", (event) => {
  const xhr = event.detail.xhr;
  if (!xhr || xhr.status === 0 || xhr.status >= 500) return;
  const found = failureNote(event.detail.elt);
  if (!found || !found.note) return;
  const failed = found.note.dataset.path;
  if (!failed || failed === requestPath(event.detail)) found.note.remove();
});

// Focus a swap took away. htmx gives focus back to an element with the same id in the
// new content; when the control that had it is gone (a card's last copy removed, a
// button replaced by the answer's words), focus would fall to the top of the page and a
// keyboard or screen-reader user would lose their place. It goes to the swapped region
// instead (or, when that was replaced, to what took its place), read from its start.
let focusBeforeSwap = null;
document.body.addEventListener("htmx:beforeSwap", (event) => {
  const active = document.activeElement;
  const target = event.detail.target;
  focusBeforeSwap =
    active && active !== document.body && target && target.contains(active)
      ? { target, id: target.id, parent: target.parentElement }
      : null;
});
document.body.addEventListener("htmx:afterSettle", () => {
  const was = focusBeforeSwap;
  focusBeforeSwap = null;
  if (!was || (document.activeElement && document.activeElement !== document.body)) return;
  const region =
    (was.target.isConnected && was.target) ||
    (was.id && document.getElementById(was.id)) ||
    (was.parent && was.parent.isConnected && was.parent) ||
    null;
  if (!region) return;
  if (!region.hasAttribute("tabindex")) region.setAttribute("tabindex", "-1");
  region.focus({ preventScroll: true });
});

// A full page that answers a form (a refusal drawn again with its errors, or a redirect that
// carries an error message) opened with the focus at its top: a keyboard or screen-reader
// user heard nothing of what went wrong, nor where. The first error gets the focus instead:
// the field it is about (its label, the error and the help are read with it), or the message
// itself. Only after a form was sent from this tab (noted as it leaves): any other page
// showing an error (a failed print job, an overbooked deck) keeps the focus where it was.
const FORM_SENT = "kartyavar:form-sent";
const ERROR_MARKS = [
  '[aria-invalid="true"]',
  ".has-error",
  ".form-errors",
  ".refused",
  ".errors",
  ".message.error",
].join(", ");
const FIELD = "input:not([type=hidden]), select, textarea";

document.addEventListener("submit", (event) => {
  // htmx forms are answered in place (htmx cancels the browser's submit first)
  if (event.defaultPrevented) return;
  try {
    sessionStorage.setItem(FORM_SENT, String(Date.now()));
  } catch (err) {
    // storage refused (private mode): the page simply keeps the browser's focus
  }
});

function sentAFormJustNow() {
  try {
    const at = Number(sessionStorage.getItem(FORM_SENT));
    sessionStorage.removeItem(FORM_SENT);
    return at > 0 && Date.now() - at < 60_000;
  } catch (err) {
    return false;
  }
}

function focusFirstError() {
  const main = document.getElementById("main") || document.body;
  const first = main.querySelector(ERROR_MARKS);
  if (!first) return;
  let target = first.matches(FIELD) ? first : null;
  if (!target && first.matches(".has-error")) {
    target = first.querySelector('[aria-invalid="true"]') || first.querySelector(FIELD);
  }
  if (!target) {
    target = first;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  }
  target.focus();
}

if (sentAFormJustNow()) focusFirstError();

// What an htmx answer changed, said once in words: a region swapped in new is not announced
// (its live region is new too), and a whole results grid or a progress bar read at each
// change would be far too much. An element with data-say-in="<id>" names the lasting
// status region (base.html's #page-said) and either carries its sentence (data-say) or
// names the line inside it that holds it (data-say-from, a selector: a search's count line).
// The region is written only when the sentence changed since it was last said or since
// the page loaded: a print job's poll every second says "making" once, not each percent.
function sentenceOf(source) {
  if (source.hasAttribute("data-say")) return source.getAttribute("data-say").trim();
  const line = source.querySelector(source.getAttribute("data-say-from") || ":scope > *");
  return line ? line.textContent.replace(/\s+/g, " ").trim() : "";
}

const lastSaid = new Map(); // "<region id> <source id>" -> the sentence last said (or found at load)

function sayWhatChanged(initial) {
  for (const source of document.querySelectorAll("[data-say-in]")) {
    const region = document.getElementById(source.getAttribute("data-say-in"));
    if (!region) continue;
    const sentence = sentenceOf(source);
    const key = region.id + " " + source.id;
    const known = lastSaid.has(key);
    const before = lastSaid.get(key);
    lastSaid.set(key, sentence);
    if (initial || !known || sentence === before || !sentence) continue;
    region.textContent = sentence;
  }
}

sayWhatChanged(true);
document.body.addEventListener("htmx:afterSettle", () => sayWhatChanged(false));

// The phone's menu (base.html's details.menu) lies over the page while open: left open as the
// focus moves on, it hid what the keyboard reached next. It closes when the focus leaves it
// or a click lands outside it, and on Escape, which gives the focus back to its summary.
// Without JavaScript it stays a plain disclosure, closed by its summary.
// Listened for on the document, not on each menu: htmx's history restore (Back after an htmx
// search) puts new elements in the page, and listeners bound to the old menu went with it.
document.addEventListener("focusout", (event) => {
  const menu = event.target.closest && event.target.closest("details.menu");
  const next = event.relatedTarget;
  if (menu && menu.open && next && !menu.contains(next)) menu.open = false;
});
document.addEventListener("keydown", (event) => {
  const menu = event.target.closest && event.target.closest("details.menu");
  if (!menu || event.key !== "Escape" || !menu.open) return;
  event.preventDefault();
  menu.open = false;
  const summary = menu.querySelector("summary");
  if (summary) summary.focus();
});
document.addEventListener("click", (event) => {
  for (const menu of document.querySelectorAll("details.menu[open]")) {
    if (!menu.contains(event.target)) menu.open = false;
  }
});
