// The table's big screen (play/screen.py), kept live. Its Fullscreen button is fullscreen.js's, and
// it is kept awake by wake-lock.js (data-wake-lock).
import { say } from "./app.js";  // the page's words, in its language
import { poll } from "./poll.js";
import { freshness } from "./freshness.js";

document.addEventListener("DOMContentLoaded", function () {
  var body = document.body, url = body.dataset.live;
  if (url && window.fetch && body.hasAttribute("data-screen")) poll(url, body.dataset.liveTag, screen(url));
});

// ---- the table's big screen --------------------------------------------------------------------
// Polls its tag (the match's, or the table's on /screen) a little under once a second, as the
// page says (data-live-every); a new tag fetches the screen again and swaps the parts of <main>
// that changed. The screen of a match with a rematch answers from the rematch's address: the
// screen takes it on, and polls the rematch's tag from then on.
function screen(pollUrl) {
  var main = document.getElementById("main");
  var page = window.location.pathname;
  var fresh = freshness(document.getElementById("live-status"), Date.now(), false);
  var every = Number(document.body.dataset.liveEvery) || 0;  // 0: poll.js's pace

  function swap(doc) {
    var fresher = doc.getElementById("main");
    if (!fresher || !doc.body.hasAttribute("data-screen")) throw new Error("not a big screen");
    var before = Array.prototype.slice.call(main.children);
    var after = Array.prototype.slice.call(fresher.children).map(function (el) { return document.adoptNode(el); });
    if (before.length === after.length) {
      before.forEach(function (old, i) {
        if (old.outerHTML !== after[i].outerHTML) old.replaceWith(after[i]);
      });
    } else {
      before.forEach(function (old) { old.remove(); });
      after.forEach(function (el) { main.appendChild(el); });
    }
    document.title = doc.title;
    pollUrl = doc.body.dataset.live || pollUrl;
    document.body.dataset.live = pollUrl;
    document.body.dataset.liveTag = doc.body.dataset.liveTag || "";
    return doc.body.dataset.liveTag;
  }

  return {
    every: every, goneEvery: every, maxRetry: Math.max(every, 4000),
    url: function () { return pollUrl; },
    changed: function () {
      return fetch(page, { cache: "no-store", credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        var address = new URL(response.url);
        return response.text().then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          var shown = swap(doc);
          if (address.pathname !== page) {  // a rematch: this screen is the new match's now
            page = address.pathname;
            window.history.replaceState(null, "", page);
          }
          return shown;
        });
      });
    },
    reached: function () { document.body.classList.remove("screen-gone"); fresh.reached(); },
    unreachable: fresh.unreachable,
    gone: function () {  // dimmed, and said so, until it is restored
      document.body.classList.add("screen-gone");
      fresh.gone(say("screenGone"));
    },
  };
}
