// The print options' live preview (printing/new.html) refusing a value: why, by the field.
//
// The form asks for a new preview as one types (hx-get into #preview). When the form's own
// fields refuse a value, the answer (printing/_preview_fields.html) carries each field's
// message marked data-error-for="<the field's id>". Left in the preview box, the message sat
// below the "Make the PDF" button, out of sight on a phone, and the field was not marked: a
// typist saw nothing happen. Each message goes by its field instead, and the field is marked
// as the server marks it after a submit (partials/form.html: .has-error on its box,
// aria-invalid, aria-describedby naming its help and its message). Any other answer of the
// preview (a picture, or a refusal of the sheet as a whole) means the fields passed, so
// every mark goes, a submitted form's too.
(() => {
  const form = document.getElementById("print-form");
  const box = document.getElementById("preview");
  if (!form || !box) return;

  const FIELD = "input:not([type=hidden]), select, textarea";

  // Django's ids (BoundField.aria_describedby): "<id>_helptext" and the message's "<id>_error".
  function describe(input, withError) {
    const ids = [];
    if (document.getElementById(input.id + "_helptext")) ids.push(input.id + "_helptext");
    if (withError) ids.push(input.id + "_error");
    if (ids.length) input.setAttribute("aria-describedby", ids.join(" "));
    else input.removeAttribute("aria-describedby");
  }

  function clear(field, input) {
    const shown = field.querySelector(":scope > .errors");
    if (shown) shown.remove();
    field.classList.remove("has-error");
    if (input.hasAttribute("aria-invalid")) {
      input.removeAttribute("aria-invalid");
      describe(input, false);
    }
  }

  function mark(field, input, message) {
    const shown = field.querySelector(":scope > .errors");
    // The same words again (a pause in typing asked once more): kept, so they are not
    // announced again with each pause.
    if (!shown || shown.textContent.trim() !== message.textContent.trim()) {
      if (shown) shown.remove();
      message.removeAttribute("data-error-for");
      field.appendChild(message);
      if (document.activeElement === input) message.scrollIntoView({ block: "nearest" });
    }
    field.classList.add("has-error");
    input.setAttribute("aria-invalid", "true");
    describe(input, true);
  }

  document.body.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.target !== box) return;
    const refused = new Map();
    for (const message of box.querySelectorAll("[data-error-for]")) {
      refused.set(message.getAttribute("data-error-for"), message);
      message.remove();
    }
    for (const field of form.querySelectorAll(".field")) {
      const input = field.querySelector(FIELD);
      if (!input || !input.id) continue;
      const message = refused.get(input.id);
      refused.delete(input.id);
      if (message) mark(field, input, message);
      else clear(field, input);
    }
    // A message for no field shown here stays in the box rather than being lost.
    for (const message of refused.values()) box.appendChild(message);
  });
})();
