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
