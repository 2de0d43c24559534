/* The windows' countdowns (Law 79C, Law 92B): each <time class="countdown">
   counts down to its datetime; the server's refusal stays the rule. */
(function () {
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("time.countdown").forEach(function (el) {
      var left = Math.floor((Date.parse(el.getAttribute("datetime")) - now) / 1000);
      if (isNaN(left)) { return; }
      if (left <= 0) { el.textContent = el.dataset.closed || "closed"; return; }
      var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
      el.textContent = (h ? h + ":" + pad(m) : m) + ":" + pad(s);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { tick(); setInterval(tick, 1000); });
  document.addEventListener("htmx:afterSwap", tick);
  /* A table's form sent while the connection is down: the page stays as it
     is, with its idempotency key, and says so; sent again, it is the same
     command. */
  document.addEventListener("htmx:sendError", function () {
    var offline = document.getElementById("offline");
    if (offline) { offline.hidden = false; }
  });
})();
