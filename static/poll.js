// Polling a live page's tag (scorer/web/play/live.py): every phone showing a match polls its tiny
// version endpoint every 2 seconds while the page is visible (paused when hidden, at once when
// shown again), sending back the ETag it has: while nothing changed the server answers 304 with no
// body. A view says what a change does: live.js's (the scoreboard, the table's big screen, a club
// night's pages, the ratings) and meanwhile.js's (the deal form). Pages work without it: they are
// simply not live.
var POLL_MS = 2000;
var MAX_RETRY_MS = 10000;
var GONE_POLL_MS = 5000;                  // a deleted match: asked now and then, in case it is restored

// ---- polling: every 2 s while visible, at once when the page shows again -----------------
// A view may set its own pace (every, goneEvery, maxRetry) and the address it polls (url()).
export function poll(url, tag, view) {
  // gone: the match answered 404 (deleted on another phone). The check goes on, slower, so a
  // restore is noticed and the page carries on by itself, as it does when a server comes back.
  var timer = null, busy = false, failures = 0, stopped = false, gone = false;
  var every = view.every || POLL_MS, goneEvery = view.goneEvery || GONE_POLL_MS;
  var maxRetry = view.maxRetry || MAX_RETRY_MS;

  function schedule(ms) {
    clearTimeout(timer);
    if (!stopped && !document.hidden) timer = setTimeout(poll, ms);
  }

  function poll() {
    if (busy || stopped) return;
    busy = true;
    var headers = { Accept: "application/json" };
    if (tag) headers["If-None-Match"] = '"' + tag + '"';
    fetch(view.url ? view.url() : url, { cache: "no-store", credentials: "same-origin", headers: headers }).then(function (response) {
      if (response.status === 304) return true;
      if (response.status === 404) { gone = true; view.gone(); return false; }
      if (!response.ok) throw new Error("HTTP " + response.status);
      var newTag = (response.headers.get("ETag") || "").replace(/^W\//, "").replace(/"/g, "");
      return response.json().then(function (info) { return view.changed(info, newTag); })
        .then(function (shownTag) { tag = shownTag || newTag; return true; });
    }).then(function (reached) {
      if (reached) { failures = 0; gone = false; view.reached(); }
    }, function () {
      failures += 1;
      view.unreachable();
    }).then(function () {
      busy = false;
      if (view.done && view.done()) stopped = true;
      schedule(gone ? goneEvery : failures ? Math.min(every * Math.pow(2, failures - 1), maxRetry) : every);
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) clearTimeout(timer);
    else { clearTimeout(timer); poll(); }
  });
  schedule(every);
}
