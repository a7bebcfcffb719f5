// The live pages (scorer/web/play/live.py) but the table's big screen (screen.js), kept up to date
// by poll.js:
// - On the scoreboard, a new tag fetches the scoreboard page itself and swaps in place only the
//   regions that changed: no flicker, the scroll position and any open <details> kept. A small
//   status line says honestly how fresh the board is (freshness.js).
// - A club night's pages (its director's screen, its organiser's page) and the ratings follow
//   their tag as a scoreboard does, as often as the page says (data-live-every: the director's
//   screen every second).
// (The deal form's "meanwhile" note is meanwhile.js's.) Pages work without this file: they are
// simply not live.
import { say } from "./app.js";  // the page's words, in its language
import { poll } from "./poll.js";
import { freshness } from "./freshness.js";

var KEPT = ["flash", "pwa-note"];          // regions of <main> that belong to this page view only
var KEPT_IDS = ["live-status", "offline-note", "sleep-note"];

document.addEventListener("DOMContentLoaded", function () {
  var body = document.body, url = body.dataset.live;
  if (!url || !window.fetch || body.hasAttribute("data-screen")) return;
  if (body.hasAttribute("data-live-tag")) poll(url, body.dataset.liveTag, board());
});

// ---- the scoreboard ---------------------------------------------------------------------------
function board() {
  var main = document.getElementById("main");
  var offline = document.querySelector("meta[name='ninety-nine-offline']");
  // The page draws the status line itself (scoreboard.html), so nothing moves when this starts.
  var status = document.getElementById("live-status") || document.createElement("p");
  status.id = "live-status";
  status.className = "live-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  placeStatus();
  // An offline copy (sw.js) is as fresh as when it was fetched; a page from the server, now.
  var fresh = freshness(status, offline ? Number(offline.getAttribute("content")) || Date.now() : Date.now(), !!offline);

  function placeStatus() {
    var head = main.querySelector(".match-head");
    // A new head from the server brings its own line: this one, which keeps its words, replaces it.
    Array.prototype.forEach.call(main.querySelectorAll(".live-status"), function (line) {
      if (line !== status) line.remove();
    });
    if (head && status.parentNode !== head) head.appendChild(status);
    else if (!head && status.parentNode !== main) main.insertBefore(status, main.firstChild);
  }

  function swappable(el) {
    return KEPT_IDS.indexOf(el.id) < 0 && !KEPT.some(function (name) { return el.classList.contains(name); });
  }

  function regions(root) {
    return Array.prototype.filter.call(root.children, swappable);
  }

  // The new page's regions replace the old ones that differ, keeping what the reader set.
  function swap(doc) {
    var fresh = doc.getElementById("main");
    if (!fresh) throw new Error("no scoreboard in the answer");
    var x = window.scrollX, y = window.scrollY;
    var opened = {};
    main.querySelectorAll("details[id]").forEach(function (d) { opened[d.id] = d.open; });
    var focused = document.activeElement && document.activeElement.id;
    var before = regions(main), after = regions(fresh).map(function (el) { return document.adoptNode(el); });
    if (before.length === after.length) {
      before.forEach(function (old, i) {
        if (old.outerHTML !== after[i].outerHTML) old.replaceWith(after[i]);
      });
    } else {
      var anchor = before.length ? before[before.length - 1].nextSibling : null;
      before.forEach(function (old) { old.remove(); });
      after.forEach(function (el) { main.insertBefore(el, anchor); });
    }
    after.forEach(function (el) {
      if (!el.isConnected) return;
      var details = Array.prototype.slice.call(el.querySelectorAll("details[id]"));
      if (el.matches("details[id]")) details.push(el);  // a region may be a <details> itself
      details.forEach(function (d) {
        if (Object.prototype.hasOwnProperty.call(opened, d.id)) d.open = opened[d.id];
      });
    });
    placeStatus();
    if (focused && document.getElementById(focused) && document.activeElement === document.body) {
      document.getElementById(focused).focus({ preventScroll: true });
    }
    document.title = doc.title;
    ["data-saved-deals", "data-live-tag"].forEach(function (name) {
      if (doc.body.hasAttribute(name)) document.body.setAttribute(name, doc.body.getAttribute(name));
    });
    window.scrollTo(x, y);
    var note = document.getElementById("offline-note");
    if (note) note.remove();
    return doc.body.dataset.liveTag;
  }

  return {
    every: Number(document.body.dataset.liveEvery) || 0,  // a club night's screen: every second
    changed: function () {
      return fetch(window.location.pathname + window.location.search, { cache: "no-store", credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      }).then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        // The service worker's copy, when the network failed after all: not an update.
        if (doc.querySelector("meta[name='ninety-nine-offline']")) throw new Error("offline copy");
        return swap(doc);
      });
    },
    reached: function () {
      var note = document.getElementById("offline-note");
      if (note) note.remove();
      fresh.reached();
    },
    unreachable: fresh.unreachable,
    gone: function () { fresh.gone(say("matchGone")); },
  };
}
