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
// once with its message. No answer (offline, a connection reset, the server down, a 5xx, or a
// page no deal route draws) keeps the save.
//
// Kept: "ninety-nine:kept:<match>" in the phone's storage (app.js: store), a list in the order saved, each
// { key: save_key, match, number, editing, action: the form's address, form: its page's address,
//   board: the scoreboard's address, fields: [[name, value], ...], draft: the draft's key,
//   at: when kept (ms), names: the players, seats: [[name, bid, tricks], ...] (the scoreboard's
//   rows of deals not sent yet), state, and for a held or lost one location / reason }.
// States: "waiting" (sent as soon as the server answers); "held" (the server answered with the form
// again: a refusal, or another phone's version of the deal; shown once, then held, with the later
// saves of its match behind it, until the form is saved again, the stored deal kept, or it is
// dismissed); "stale" (the phone's session ended and no new token could be had); "lost" (the
// match was deleted, or this phone no longer keeps its score: kept, with the reason, until
// dismissed).
//
// The table plays on while the server is away (item 3): a new-deal form (the server's, or the
// service worker's copy, sw.js) is turned into the form of the next deal not kept yet, with a key
// of its own; its dealer and trump are marked as the server's for the last deal it has, since
// only the server works them out (no rule is written again here).
import { store, say } from "./app.js";

var PREFIX = "ninety-nine:kept:";
export var KNOWN = "ninety-nine:known:";  // + match: the deals the server had at the last page it drew
var EVERY = 3000, MOST = 30000;  // ms between tries while a save waits: 3 s, doubled each time up to 30 s
var TIMEOUT = 20000;  // ms: a save with no answer by then is kept

export function listFor(match) {
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
export function all() {
  return matches().reduce(function (found, match) { return found.concat(listFor(match)); }, []);
}
// Kept, or kept again with what the form holds now (the same key: the same form).
function keep(entry) {
  var list = listFor(entry.match).filter(function (kept) { return kept.key !== entry.key; });
  list.push(entry);
  write(entry.match, list);
}
export function drop(entry) {
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
export function newKey() {  // as the server makes one (data/save_keys.new_key): 16 random bytes, URL-safe
  var bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
export function pathOf(address) {
  return address ? new URL(address, window.location.href).pathname : null;
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
    // The match was deleted (or, for an edit, the deal), or this phone no longer keeps its score:
    // nothing will take this save; it is kept, with the reason, until dismissed.
    if (response.status === 404 || response.status === 410) { entry.reason = entry.editing ? "gone" : "deleted"; return "lost"; }
    if (response.status === 403) { entry.reason = "rights"; return "lost"; }
    return "kept";  // an answer no deal route gives (a proxy's page, a limit): tried again later, once by its key
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
  // The server's redirect: the scoreboard, or the refused form's own page. On that page already
  // (a kept save sent from the scoreboard), a new URL's #top alone would only scroll, so it is
  // opened without it, which loads it again.
  var target = new URL(entry.location, window.location.href);
  if (target.pathname === window.location.pathname && target.search === window.location.search) target.hash = "";
  window.location.assign(target.href);
}

// One kept save sent, and what follows from its answer; true if the next may be sent.
// ``shown``: the answer is opened on this phone (its match's page, or Open pressed);
// ``pressed``: sent by Save itself, the form on the screen (a refusal is that form's answer).
function sendOne(entry, shown, pressed) {
  shown = shown || here(entry);
  var sent = entry.state === "stale" ? Promise.resolve("stale") : post(entry).then(function (outcome) {
    return outcome === "token" ? withNewToken(entry) : outcome;
  });
  return sent.then(function (outcome) {
    if (leaving) return false;
    if (outcome === "saved") {
      drop(entry);
      settled(entry);
      if (shown) { showAnswer(entry); return false; }
      if (entry.draft) store.remove(entry.draft);
      return true;
    }
    if (outcome === "refused" && pressed) {  // the form drawn again with its message, as a plain submit
      drop(entry);
      showAnswer(entry);
      return false;
    }
    if (outcome === "refused") {
      // A kept save the server would not take as it was (another phone's version of the deal, a
      // table that stopped playing): held, with the later saves of its match behind it. The phone
      // on that match's pages sees the server's answer at once; elsewhere, when Open is pressed.
      hold(entry, { state: "held", location: entry.location });
      if (shown) showAnswer(entry);
      return false;
    }
    if (outcome === "lost") {  // the saves after it are of the same match: each told as it is
      hold(entry, { state: "lost", reason: entry.reason });
      return true;
    }
    if (outcome === "stale") mark(entry, "stale");
    return false;
  });
}
function hold(entry, facts) {
  write(entry.match, listFor(entry.match).map(function (kept) {
    return kept.key === entry.key ? Object.assign(kept, facts) : kept;
  }));
}
// A deal saved: a held save of the same deal (shown, then sent again from its form with a key of
// its own) is settled by it.
function settled(entry) {
  write(entry.match, listFor(entry.match).filter(function (kept) {
    return !(kept.state === "held" && kept.number === entry.number);
  }));
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
  function done() { busy = false; show(); later(); if (!leaving) reportAll(); }
}

// ---- what the server is told: the watchers' boards (writes/kept.py) --------------------------

// After each round of sending, the number of a match's saves still kept here (a Wi-Fi that lets a
// small request through but not a save, a save held for the scorekeeper to choose), when it is
// not what the server last accepted from this phone: so the watchers' boards say it, and stop
// saying it once they are sent. A phone that cannot reach the server tells it nothing.
var REPORTED = "ninety-nine:reported:";  // + match: {count, to, token} the server last accepted
// Why a lost save will never be taken, in words (the form's note and every other page say it).
export function lostWords(entry) {
  return say(entry.reason === "rights" ? "lostRights" : entry.reason === "gone" ? "lostGone" : "lostDeleted",
             { number: entry.number, names: entry.names || "" });
}
function fieldOf(entry, name) {
  return entry.fields.filter(function (pair) { return pair[0] === name; }).map(function (pair) { return pair[1]; })[0];
}
function reportAll() {
  var seen = {};
  matches().concat(store.keys().filter(function (key) { return key.indexOf(REPORTED) === 0; })
    .map(function (key) { return key.slice(REPORTED.length); })).forEach(function (match) { seen[match] = true; });
  Object.keys(seen).forEach(report);
}
function report(match) {
  var list = listFor(match), said = {};
  try { said = JSON.parse(store.get(REPORTED + match)) || {}; } catch (e) { /* none */ }
  var count = list.filter(function (entry) { return entry.state !== "lost"; }).length;
  var to = list.length ? list[0].board + "/kept" : said.to, token = list.length ? fieldOf(list[0], "csrf_token") : said.token;
  if ((said.count || 0) === count || !to || !token) return;
  fetch(to, { method: "POST", credentials: "same-origin",
              body: new URLSearchParams({ csrf_token: token, count: String(count) }) }).then(function (response) {
    if (!response.ok) return;  // told nothing (the phone is not its scorekeeper any more, ...)
    if (count) store.set(REPORTED + match, JSON.stringify({ count: count, to: to, token: token }));
    else store.remove(REPORTED + match);
  }, function () { /* not reached: told at the next round */ });
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
export function sendNow() {
  wait = EVERY;
  return sendKept();
}
// A match's kept saves in the order they were saved: one held or unanswered holds the rest (a
// lost one does not: the rest are told as it is).
function sendInOrder(match) {
  if (leaving) return Promise.resolve();
  var entry = listFor(match).filter(function (kept) { return kept.state !== "lost"; })[0];
  if (!entry || entry.state === "held") return Promise.resolve();
  if (entry.state === "stale" && !here(entry)) return Promise.resolve();
  return sendOne(entry).then(function (next) { return next ? sendInOrder(match) : undefined; });
}
// Open pressed on a held save: sent again (its key makes it once), and the answer shown.
export function open(entry) {
  if (busy || leaving) return;
  busy = true;
  entry.state = "waiting";
  sendOne(entry, true).then(function () { busy = false; show(); });
}

// ---- what the page says -----------------------------------------------------------------------

export function note(id, className) {
  var element = document.getElementById(id);
  if (!element) {
    element = document.createElement("div");
    element.id = id;
    element.className = className;
    element.setAttribute("role", "status");
  }
  return element;
}
export function make(tag, className, text) {
  var element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}
export function button(text, act) {
  var element = make("button", "btn btn-quiet", text);
  element.type = "button";
  element.addEventListener("click", act);
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

// What the deal form (kept-form.js), the scoreboard (kept-board.js) and every other page
// (kept-problems.js) add: run at the page's
// load before anything is shown (ready), and at every change (views).
export var ready = [];
export var views = [];
export function show() {
  showLine();
  views.forEach(function (view) { view(); });
}

// ---- the next deal while the server is away ---------------------------------------------------

export function offlineCopy() {
  return !!document.querySelector("meta[name='ninety-nine-offline']");
}
// The deal the table plays next as this phone knows it: after the server's last deal, and after
// every deal kept here (held ones are not: the server has yet to take them).
export function nextNumber(match, serverNext) {
  var known = Number(store.get(KNOWN + match));
  var next = Math.max(serverNext, isNaN(known) ? 0 : known + 1);
  listFor(match).forEach(function (entry) {
    if (!entry.editing && (entry.state === "waiting" || entry.state === "stale")) next = Math.max(next, Number(entry.number) + 1);
  });
  return next;
}
export function asOf(parent, before, number) {
  var line = make("p", "kept-as-of", say("asOf", { number: number }));
  line.id = "kept-as-of";
  parent.insertBefore(line, before || null);
}

// "Keep deal 4 as it was saved" beside a held save's answer: the phone's version is let go.
document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest("[data-keep-saved]");
  if (!link) return;
  var match = document.body.dataset.match;
  write(match, listFor(match).filter(function (entry) {
    return !(entry.state === "held" && String(entry.number) === link.dataset.keepSaved);
  }));
});

// ---- the deal form's Save ---------------------------------------------------------------------

// Kept first (a page closed while the save is on its way loses nothing), then sent; resolves to
// what became of it ("kept": the form stays, and says so).
export function save(form, fields, draft) {
  var match = document.body.dataset.match;
  var key = fieldOf({ fields: fields }, "save_key");
  var number = form.dataset.number;
  var entry = {
    key: key || "form:" + window.location.pathname, match: match, number: number,
    editing: form.hasAttribute("data-editing"), form: window.location.pathname,
    action: new URL(form.getAttribute("action"), window.location.href).pathname,  // (form.action: its "action" buttons)
    board: new URL(document.querySelector(".deal-form .actions a[href]").href).pathname,
    fields: fields, draft: draft, at: Date.now(), state: "waiting", names: form.dataset.names,
    seats: Array.prototype.map.call(form.querySelectorAll("fieldset.seat"), function (seat) {
      var i = seat.dataset.seat, value = function (name) {
        var field = form.elements["seats-" + i + "-" + name];
        return field ? field.value.trim() : "";
      };
      return [seat.dataset.name, value("bid") || "?", value("tricks") || "?"];
    }),
  };
  keep(entry);
  saving = true;  // the timer waits for this one
  return sendOne(entry, true, true).then(function (next) {
    saving = false;
    show();
    if (next) sendNow(); else later();
    return listFor(match).some(function (kept) { return kept.key === entry.key && kept.state !== "held"; }) ? "kept" : "sent";
  });
}

// ---- by itself --------------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", function () {  // before deal-form.js's: it reads the draft's key
  ready.forEach(function (adapt) { adapt(); });
  show();
  if (all().length) sendNow(); else reportAll();  // the server told when the last went
});
window.addEventListener("online", function () { show(); sendNow(); });
window.addEventListener("offline", show);
document.addEventListener("visibilitychange", function () { if (!document.hidden && waiting()) sendNow(); });
window.addEventListener("storage", function (event) {  // another tab kept or sent one
  if (event.key && event.key.indexOf(PREFIX) === 0) { show(); later(); }
});
