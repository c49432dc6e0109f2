// Copy buttons: <button data-copy="#field"> copies that field's text. The
// buttons start hidden, so a page without JavaScript offers only the field.
document.querySelectorAll("button[data-copy]").forEach((button) => {
  const field = document.querySelector(button.dataset.copy);
  const status = button.parentElement.querySelector(".copy-status");
  if (!field) return;
  button.hidden = false;
  button.addEventListener("click", async () => {
    let copied = false;
    try {
      // A browser may leave the promise pending (a tab without focus, a permission never
      // asked): after two seconds the older way is tried, so the button always says something.
      const late = new Promise((_, reject) => setTimeout(() => reject(new Error("late")), 2000));
      await Promise.race([navigator.clipboard.writeText(field.value), late]);
      copied = true;
    } catch {
      // No clipboard API outside a secure context (plain http on a LAN address).
      field.select();
      copied = document.execCommand("copy");
    }
    if (status) status.textContent = copied ? button.dataset.copied : button.dataset.copyFailed;
  });
});
