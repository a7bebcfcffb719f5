// The live pages (scorer/web/play/live.py), kept up to date by poll.js:
// - On the scoreboard, a new tag fetches the scoreboard page itself and swaps in place only the
//   regions that changed: no flicker, the scroll position and any open <details> kept. A small
//   status line says honestly how fresh the board is.
// - A club night's pages (its director's screen, its organiser's page) and the ratings follow
//   their tag as a scoreboard does, as often as the page says (data-live-every: the director's
//   screen every second).
// - On the table's big screen (play/screen.py), a little under once a second: a new tag fetches
//   the screen itself and swaps <main> in place; it follows the address the server answers from
//   (a rematch), and the tag it polls then is that page's.
// (The deal form's "meanwhile" note is meanwhile.js's.) Pages work without this file: they are
// simply not live.
(function () {
  "use strict";

  var KEPT = ["flash", "pwa-note"];          // regions of <main> that belong to this page view only
  var KEPT_IDS = ["live-status", "offline-note", "sleep-note"];
  var nn = window.ninetyNine, say = nn.say;  // the page's words (app.js), in its language

  document.addEventListener("DOMContentLoaded", function () {
    var body = document.body, url = body.dataset.live;
    if (!url || !window.fetch) return;
    if (body.hasAttribute("data-screen")) nn.poll(url, body.dataset.liveTag, screen(url));
    else if (body.hasAttribute("data-live-tag")) nn.poll(url, body.dataset.liveTag, board());
  });

  // ---- how fresh a live page is: the status line ------------------------------------------------
  function freshness(status, since, failing) {
    var lastReached = since;

    // "Updated just now", "… 2 min ago", "… at 20:15"; or, failing, "Can't reach the server …".
    function words() {
      var MINUTE = 60000, HOUR = 3600000, elapsed = Date.now() - lastReached;
      var key = failing ? "failing" : "updated";
      if (elapsed < MINUTE) return say(key + "Now");
      if (elapsed < HOUR) return say(key + "Ago", { num: Math.floor(elapsed / MINUTE) });
      return say(key + "At", { time: nn.clock(new Date(lastReached)) });
    }

    function show() {
      var text = words();
      if (status.textContent !== text) status.textContent = text;  // the same words are not read out again
      status.classList.toggle("live-failing", failing);
    }

    show();
    return {
      reached: function () { lastReached = Date.now(); failing = false; show(); },
      unreachable: function () { failing = true; show(); },
      gone: function (text) { status.textContent = text; status.classList.add("live-failing"); },
    };
  }

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
})();
