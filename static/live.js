// The live scoreboard and the "meanwhile" warning (scorer/web/play/live.py). Every phone showing a
// match polls its tiny version endpoint every 2 seconds while the page is visible, sending back
// the ETag it has: while nothing changed the server answers 304 with no body.
// - On the scoreboard, a new tag fetches the scoreboard page itself and swaps in place only the
//   regions that changed: no flicker, the scroll position and any open <details> kept. A small
//   status line says honestly how fresh the board is.
// - On a deal form, a version past the one the form was opened at shows, before Save, that
//   another scorekeeper saved meanwhile, with a link to reload (the server still refuses a save
//   based on an out-of-date form, as before).
// - A club night's pages (its director's screen, its organiser's page) follow their set's tag as a
//   scoreboard does, as often as the page says (data-live-every: the director's screen every second).
// - On the table's big screen (play/screen.py), a little under once a second: a new tag fetches
//   the screen itself and swaps <main> in place; it follows the address the server answers from
//   (a rematch), and the tag it polls then is that page's.
// Pages work without this file: they are simply not live.
(function () {
  "use strict";

  var POLL_MS = 2000;
  var MAX_RETRY_MS = 10000;
  var GONE_POLL_MS = 5000;                  // a deleted match: asked now and then, in case it is restored
  var KEPT = ["flash", "pwa-note"];          // regions of <main> that belong to this page view only
  var KEPT_IDS = ["live-status", "offline-note", "sleep-note"];

  document.addEventListener("DOMContentLoaded", function () {
    var url = document.body.dataset.live;
    if (!url || !window.fetch) return;
    var form = document.getElementById("deal-form");
    if (form) poller(url, null, meanwhile(form));
    else if (document.body.hasAttribute("data-screen")) poller(url, document.body.dataset.liveTag, screen(url));
    else if (document.body.hasAttribute("data-live-tag")) poller(url, document.body.dataset.liveTag, board());
  });

  // ---- polling: every 2 s while visible, at once when the page shows again -----------------
  // A view may set its own pace (every, goneEvery, maxRetry) and the address it polls (url()).
  function poller(url, tag, view) {
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

  // ---- how fresh a live page is: the status line ------------------------------------------------
  function freshness(status, since, failing) {
    var lastReached = since;

    function ago() {
      var MINUTE = 60000, HOUR = 3600000, elapsed = Date.now() - lastReached;
      if (elapsed < MINUTE) return "just now";
      if (elapsed < HOUR) return Math.floor(elapsed / MINUTE) + " min ago";
      var then = new Date(lastReached);
      return "at " + then.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    }

    function show() {
      var text = failing ? "Can't reach the server (retrying) · last updated " + ago() : "Updated " + ago();
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
      gone: function () { fresh.gone("This match was deleted on another phone."); },
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
    var every = Number(document.body.dataset.liveEvery) || POLL_MS;

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
        fresh.gone("This match was deleted. The screen comes back if it is restored.");
      },
    };
  }

  // ---- the deal form: another scorekeeper saved meanwhile ---------------------------------------
  function meanwhile(form) {
    var opened = Number(form.elements.version && form.elements.version.value);
    var number = Number(form.dataset.number);
    var editing = form.hasAttribute("data-editing");
    var warned = false, polled = false;

    function warn(text) {
      warned = true;
      var note = document.createElement("div");
      note.className = "meanwhile";
      note.id = "meanwhile";
      note.setAttribute("role", "alert");
      var p = document.createElement("p");
      p.textContent = text + " ";
      var link = document.createElement("a");
      link.href = window.location.pathname;
      link.textContent = "Reload";
      p.appendChild(link);
      note.appendChild(p);
      var tally = document.getElementById("tally");
      if (tally && !tally.hidden) {
        tally.classList.add("has-meanwhile");
        tally.insertBefore(note, tally.firstChild);
      } else {
        var actions = form.querySelector(".actions");
        form.insertBefore(note, actions);
      }
    }

    // Not a save but something the board shows (a player showed bid cards from their phone):
    // the list of shown bid cards is brought up to date in place; the figures typed stay.
    function refreshShown() {
      var list = document.querySelector(".shown-bids");
      if (!list) return;
      fetch(window.location.pathname, { cache: "no-store", credentials: "same-origin" }).then(function (response) {
        return response.ok ? response.text() : null;
      }).then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector(".shown-bids");
        var now = document.querySelector(".shown-bids");
        if (fresh && now && fresh.outerHTML !== now.outerHTML) now.replaceWith(document.importNode(fresh, true));
      }).catch(function () { /* offline for a moment: the next change tries again */ });
    }

    return {
      changed: function (info) {
        var first = !polled;  // the first answer is the page as it was opened: nothing new yet
        polled = true;
        if (!first && !warned && !isNaN(opened) && info.version <= opened) refreshShown();
        if (warned || isNaN(opened) || info.version <= opened) return null;
        if (!editing && info.deals >= number) {
          warn("Another scorekeeper saved deal " + number + " meanwhile: reload before saving.");
        } else if (editing && info.deals >= number) {
          warn("Another scorekeeper changed the match meanwhile (deal " + number + " may differ now): reload before saving.");
        } else {
          warn("Another scorekeeper changed the match meanwhile: reload before saving.");
        }
        return null;
      },
      reached: function () {},
      unreachable: function () {},
      gone: function () { warn("This match was deleted on another phone: nothing can be saved."); },
      done: function () { return warned; },
    };
  }
})();
