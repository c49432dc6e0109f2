// The round clock of a tournament's live part (templates/tournaments/_live.html).
// The server writes the time left in whole minutes and the deadline
// (<time data-ends="seconds since the epoch">), so the part, and its ETag,
// change once a minute and most of the 5-second polls are answered 304; this
// script shows the minutes and seconds between. Without it the minutes stay.
(() => {
  // The server's clock minus this browser's, from the Date header of the
  // site's answers; that header counts whole seconds, so a difference below
  // two seconds is taken for its rounding and ignored.
  let offset = 0;

  const twoDigits = (n) => String(n).padStart(2, "0");

  function tick() {
    document.querySelectorAll("#tournament-live time[data-ends]").forEach((time) => {
      const ends = Number(time.dataset.ends) * 1000;
      if (!Number.isFinite(ends) || ends <= 0) return;
      const left = Math.max(0, Math.floor((ends - (Date.now() + offset)) / 1000));
      const minutes = Math.floor(left / 60);
      const seconds = left % 60;
      const text = `${twoDigits(minutes)}:${twoDigits(seconds)}`;
      if (time.textContent !== text) {
        time.textContent = text;
        time.setAttribute("datetime", `PT${minutes}M${seconds}S`);
      }
    });
  }

  document.addEventListener("htmx:afterRequest", (event) => {
    const xhr = event.detail && event.detail.xhr;
    const date = xhr ? Date.parse(xhr.getResponseHeader("Date") || "") : NaN;
    if (!Number.isFinite(date)) return;
    // the header's second began up to a second before it was sent: its middle
    const drift = date + 500 - Date.now();
    offset = Math.abs(drift) >= 2000 ? drift : 0;
  });
  // A poll's answer replaces the part with its minutes: put the seconds back in
  // the same task as the swap, before the browser paints it (htmx:load comes later).
  document.addEventListener("htmx:afterSwap", tick);
  tick();
  setInterval(tick, 1000);
})();
