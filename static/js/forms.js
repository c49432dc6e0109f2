// Small behaviours of htmx forms that the Content-Security-Policy keeps out of
// the markup (hx-on attributes need eval).
//
// data-reset-on-success: clear the form once the server accepted it (2xx), and
// keep what was typed when it refused (4xx), so the user can correct it.
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.detail.elt;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-reset-on-success")) return;
  const status = event.detail.xhr ? event.detail.xhr.status : 0;
  if (status >= 200 && status < 300) form.reset();
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
