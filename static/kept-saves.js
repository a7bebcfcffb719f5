// Saves kept on this phone (issue 35): a deal form's Save that cannot reach the server is kept in
// the phone's storage and sent by itself when the server answers again: at the browser's "online",
// every few seconds while one is kept, and at every page load of the app (so it outlives a reload
// and the browser being closed). Each save carries its form's one-time save_key, so a save sent
// twice (its answer lost on the way back) is stored once: the server answers a key it has seen as
// it did the first time and writes nothing (scorer/web/data/save_keys.py).
//
// A save is sent with fetch (the same body as the form: csrf_token, save_key and all), asking with
// X-Kept-Save for the redirect's address rather than following it (play/deals.py): the phone then
// opens that page itself, the scoreboard with "Deal 4 saved." or the refused form's own page, drawn
// once with its message. A page answered directly (a conflict, 409) is shown as a plain submit
// shows it: the form is sent once more, natively, and answered from its key (nothing written
// twice). No answer (offline, a connection reset, the server down, a 5xx) keeps the save.
//
// Kept: "ninety-nine:kept:<match>" in the phone's storage (app.js: store), a list in the order saved, each
// { key: save_key, match, number, editing, action: the form's address, form: its page's address,
//   board: the scoreboard's address, fields: [[name, value], ...], draft: the draft's key,
//   at: when kept (ms), state: "waiting" | "refused" | "stale" }.
(function () {
  "use strict";
  var nn = window.ninetyNine, store = nn.store, say = nn.say;
  var PREFIX = "ninety-nine:kept:";
  var EVERY = 3000, MOST = 30000;  // ms between tries while a save waits: 3 s, doubled each time up to 30 s
  var TIMEOUT = 20000;  // ms: a save with no answer by then is kept

  function listFor(match) {
    var raw = store.get(PREFIX + match);
    if (!raw) return [];
    try {
      var list = JSON.parse(raw);
      return Array.isArray(list) ? list : [];
    } catch (e) { return []; }
  }
  function write(match, list) {
    if (list.length) store.set(PREFIX + match, JSON.stringify(list));
    else store.remove(PREFIX + match);
  }
  function matches() {
    return store.keys().filter(function (key) { return key.indexOf(PREFIX) === 0; })
      .map(function (key) { return key.slice(PREFIX.length); });
  }
  function all() {
    return matches().reduce(function (found, match) { return found.concat(listFor(match)); }, []);
  }
  // Kept, or kept again with what the form holds now (the same key: the same form).
  function keep(entry) {
    var list = listFor(entry.match).filter(function (kept) { return kept.key !== entry.key; });
    list.push(entry);
    write(entry.match, list);
  }
  function drop(entry) {
    write(entry.match, listFor(entry.match).filter(function (kept) { return kept.key !== entry.key; }));
  }
  function mark(entry, state) {
    write(entry.match, listFor(entry.match).map(function (kept) {
      if (kept.key === entry.key) kept.state = state;
      return kept;
    }));
  }
  function here(entry) {
    return document.body.dataset.match === String(entry.match);
  }

  // ---- sending ----------------------------------------------------------------------------------

  var leaving = false;  // a native submit is on its way: this page sends nothing more

  // One try: "saved" (the server answered with the scoreboard), "refused" (it answered with
  // something else: the form drawn again, a refusal), "token" (its CSRF check failed: the phone's
  // session ended), or "kept" (no answer, or one that says to try again later).
  // A connection that hangs (a Wi-Fi gone without a word) is given up after TIMEOUT: kept, and
  // sent again later (its key makes it once if it did arrive).
  function post(entry, fields) {
    var stop = window.AbortController ? new AbortController() : null;
    var timeout = setTimeout(function () { if (stop) stop.abort(); }, TIMEOUT);
    // The server answers its redirect as {"location": …} (play/deals.py, X-Kept-Save): the page
    // after it is opened by the phone, and drawn once, with its message ("Deal 4 saved.").
    return fetch(entry.action, {
      method: "POST", body: new URLSearchParams(fields || entry.fields), credentials: "same-origin",
      headers: { "X-Kept-Save": "1" }, signal: stop ? stop.signal : undefined,
    }).then(function (response) {
      clearTimeout(timeout);
      if (response.status >= 500) return "kept";
      var type = response.headers.get("Content-Type") || "";
      if (response.ok && type.indexOf("application/json") === 0) {
        return response.json().then(function (answer) {
          entry.location = answer.location;
          return new URL(answer.location, window.location.href).pathname === entry.board ? "saved" : "refused";
        });
      }
      if (response.status === 400) return "token";
      entry.location = null;  // a page drawn in answer (a conflict): shown by sending the form natively
      return "refused";
    }, function () { clearTimeout(timeout); return "kept"; });
  }

  // The phone's session ended (the browser dropped its cookie): its token is asked of the form's
  // page again (a GET, which writes nothing), and the save sent once more with it.
  function withNewToken(entry) {
    return fetch(entry.form, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    }).then(function (html) {
      var input = new DOMParser().parseFromString(html, "text/html").querySelector("#deal-form input[name=csrf_token]");
      if (!input) throw new Error("no token");
      var fields = entry.fields.map(function (pair) { return pair[0] === "csrf_token" ? [pair[0], input.value] : pair; });
      return post(entry, fields).then(function (outcome) {
        if (outcome === "token") return "stale";
        if (outcome !== "kept") {  // the new token goes with the save shown next
          entry.fields = fields;
          keep(entry);
        }
        return outcome;
      });
    }).catch(function () { return "kept"; });
  }

  // The server's answer, shown as a plain submit shows it: the same form sent natively, answered
  // from its key (nothing written twice).
  function showAnswer(entry) {
    leaving = true;
    if (entry.draft) {
      try { sessionStorage.setItem("ninety-nine:saving", entry.draft); } catch (e) { /* blocked */ }
    }
    if (entry.location) {  // the server's redirect: the scoreboard, or the refused form's own page
      var target = new URL(entry.location, window.location.href);
      // On that page already (a kept save sent from the scoreboard): a new URL's #top alone would
      // only scroll, so it is opened without it, which loads it again.
      if (target.pathname === window.location.pathname && target.search === window.location.search) target.hash = "";
      window.location.assign(target.href);
      return;
    }
    var form = document.createElement("form");
    form.method = "post";
    form.action = entry.action;
    form.hidden = true;
    entry.fields.forEach(function (pair) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    HTMLFormElement.prototype.submit.call(form);
  }

  // One kept save sent, and what follows from its answer; true if the next may be sent.
  function sendOne(entry) {
    var sent = entry.state === "stale" ? Promise.resolve("stale") : post(entry).then(function (outcome) {
      return outcome === "token" ? withNewToken(entry) : outcome;
    });
    return sent.then(function (outcome) {
      if (leaving) return false;
      if (outcome === "saved") {
        drop(entry);
        if (here(entry)) { showAnswer(entry); return false; }
        if (entry.draft) store.remove(entry.draft);
        return true;
      }
      if (outcome === "refused") {
        // The phone on that match's pages sees the refusal as the server draws it; elsewhere it
        // waits, not sent again, until that match is opened.
        if (here(entry)) { drop(entry); showAnswer(entry); } else mark(entry, "refused");
        return false;
      }
      if (outcome === "stale") mark(entry, "stale");
      return false;
    });
  }

  var busy = false, saving = false;
  function sendKept() {
    if (busy || saving || leaving) return Promise.resolve();
    busy = true;
    var chain = Promise.resolve();
    matches().forEach(function (match) {
      chain = chain.then(function () { return sendInOrder(match); });
    });
    return chain.then(done, done);
    function done() { busy = false; show(); later(); }
  }

  // The next try by itself, while a save waits: sooner after a change (online, a page shown, a
  // save kept), then less often, so a server that answers 500 to one save is not asked every 3 s.
  var timer = null, wait = EVERY;
  function waiting() {
    return all().some(function (entry) { return entry.state === "waiting"; });
  }
  function later() {
    clearTimeout(timer);
    if (leaving || !waiting()) { wait = EVERY; return; }
    timer = setTimeout(function () {
      if (document.hidden || navigator.onLine === false) later();  // "online" or being shown tries at once
      else sendKept();
    }, wait);
    wait = Math.min(wait * 2, MOST);
  }
  function now() {
    wait = EVERY;
    return sendKept();
  }
  // A match's kept saves in the order they were saved: one refused or unanswered holds the rest.
  function sendInOrder(match) {
    if (leaving) return Promise.resolve();
    var entry = listFor(match)[0];
    if (!entry) return Promise.resolve();
    if (entry.state === "refused") {
      if (here(entry)) { drop(entry); showAnswer(entry); }
      return Promise.resolve();
    }
    if (entry.state === "stale" && !here(entry)) return Promise.resolve();
    return sendOne(entry).then(function (next) { return next ? sendInOrder(match) : undefined; });
  }

  // ---- what the page says -----------------------------------------------------------------------

  function note(id, className) {
    var element = document.getElementById(id);
    if (!element) {
      element = document.createElement("div");
      element.id = id;
      element.className = className;
      element.setAttribute("role", "status");
    }
    return element;
  }

  // Every page: a line when the phone is offline, and how many saves it holds.
  function showLine() {
    var main = document.getElementById("main");
    if (!main) return;
    var waiting = all().length;
    var offline = navigator.onLine === false;
    var line = note("kept-line", "kept-line");
    if (!offline && !waiting) { line.remove(); return; }
    var parts = [];
    if (offline) parts.push(say("offlineNow"));
    if (waiting) parts.push(say("keptCount", { num: waiting }));
    line.textContent = parts.join(" · ");
    if (!line.parentNode) main.insertBefore(line, main.firstChild);
  }

  // The deal form whose save is kept: what became of it, with Send now.
  function showFormNote() {
    var form = document.getElementById("deal-form");
    if (!form) return;
    var mine = listFor(document.body.dataset.match).filter(function (entry) { return entry.form === window.location.pathname; })[0];
    var box = note("kept-note", "pwa-note kept-note");
    if (!mine) { box.remove(); return; }
    var words = mine.state === "stale" ? say("keptStale", { number: mine.number })
      : say(mine.editing ? "keptEdit" : "keptDeal", { number: mine.number });
    var text = box.querySelector("span") || box.appendChild(document.createElement("span"));
    text.textContent = words;
    if (!box.querySelector("button")) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "btn btn-quiet";
      button.textContent = say("sendNow");
      button.addEventListener("click", function () { now(); });
      box.appendChild(button);
    }
    if (!box.parentNode) {
      var actions = form.querySelector(".actions");
      form.insertBefore(box, actions);
      box.scrollIntoView({ block: "center" });  // not under the bar at the thumb
    }
  }

  function show() {
    showLine();
    showFormNote();
  }

  // ---- the deal form's Save ---------------------------------------------------------------------

  // Kept first (a page closed while the save is on its way loses nothing), then sent; resolves to
  // what became of it ("kept": the form stays, and says so).
  function save(form, fields, draft) {
    var match = document.body.dataset.match;
    var key = fields.filter(function (pair) { return pair[0] === "save_key"; }).map(function (pair) { return pair[1]; })[0];
    var number = form.dataset.number;
    var entry = {
      key: key || "form:" + window.location.pathname, match: match, number: number,
      editing: form.hasAttribute("data-editing"), form: window.location.pathname,
      action: new URL(form.getAttribute("action"), window.location.href).pathname,  // (form.action: its "action" buttons)
      board: new URL(document.querySelector(".deal-form .actions a[href]").href).pathname,
      fields: fields, draft: draft, at: Date.now(), state: "waiting",
    };
    keep(entry);
    saving = true;  // the timer waits for this one
    return sendOne(entry).then(function (next) {
      saving = false;
      show();
      if (next) now(); else later();
      return listFor(match).some(function (kept) { return kept.key === entry.key; }) ? "kept" : "sent";
    });
  }

  nn.keptSaves = { save: save, send: now, count: function () { return all().length; } };

  // ---- by itself --------------------------------------------------------------------------------

  document.addEventListener("DOMContentLoaded", function () {
    show();
    if (all().length) now();
  });
  window.addEventListener("online", function () { show(); now(); });
  window.addEventListener("offline", show);
  document.addEventListener("visibilitychange", function () { if (!document.hidden && waiting()) now(); });
  window.addEventListener("storage", function (event) {  // another tab kept or sent one
    if (event.key && event.key.indexOf(PREFIX) === 0) { show(); later(); }
  });
})();
