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
