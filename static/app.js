// Small improvements to pages that already work without JavaScript: the theme toggle, the
// screen kept awake, tap chips for bids and tricks, the tricks-left count, the live preview
// (scored by the server, never here), and the draft of a deal kept until it is saved.
(function () {
  "use strict";

  // The phone's storage, which a private window or a full disk may refuse: then nothing is kept.
  // Shared with dealing.js (loaded after this file) as window.ninetyNine.store.
  var store = {
    get: function (key) { try { return localStorage.getItem(key); } catch (e) { return null; } },
    set: function (key, value) { try { localStorage.setItem(key, value); } catch (e) { /* full or blocked */ } },
    remove: function (key) { try { localStorage.removeItem(key); } catch (e) { /* blocked */ } },
    keys: function () { try { return Object.keys(localStorage); } catch (e) { return []; } },
  };
  window.ninetyNine = { store: store };

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-js-only]").forEach(function (el) { el.hidden = false; });
    themeToggle();
    if (document.body.hasAttribute("data-wake-lock")) keepAwake();
    if (document.getElementById("new-match")) newMatchForm(document.getElementById("new-match"));
    if (document.getElementById("deal-form")) dealForm(document.getElementById("deal-form"));
    if (document.body.hasAttribute("data-saved-deals")) forgetSavedDrafts();
    installable();
  });

  // A form that must be sent once (Rematch): its button is disabled once it is pressed, so a
  // double tap starts one match. Delegated: live.js may have swapped the form in meanwhile.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-once")) return;
    var button = form.querySelector("[type=submit]");
    if (button) setTimeout(function () { button.disabled = true; }, 0);
  });

  // ---- theme: Auto (the system's) → Dark → Light → Auto ----------------------------------
  function themeToggle() {
    var button = document.getElementById("theme-toggle");
    if (!button) return;
    var root = document.documentElement;
    var names = { system: "Auto", dark: "Dark", light: "Light" };
    var next = { system: "dark", dark: "light", light: "system" };
    function show() {
      var theme = root.dataset.theme || "system";
      button.querySelector(".theme-text").textContent = names[theme];
      button.setAttribute("aria-label", "Colour theme: " + names[theme] +
        (theme === "system" ? " (follows the phone)" : "") + ". Change it");
    }
    button.hidden = false;
    show();
    button.addEventListener("click", function () {
      var theme = next[root.dataset.theme || "system"];
      root.dataset.theme = theme;
      if (theme === "system") store.remove("ninety-nine:theme"); else store.set("ninety-nine:theme", theme);
      show();
    });
  }

  // ---- keep the screen on while a match is open (Wake Lock API, where the browser has it) --
  function keepAwake() {
    if (!("wakeLock" in navigator)) return;
    var lock = null;
    function request() {
      if (document.visibilityState !== "visible" || lock) return;
      navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        document.documentElement.dataset.wakeLock = "on";
        sentinel.addEventListener("release", function () { lock = null; });
      }).catch(function () { /* refused (battery saver, no permission): carry on */ });
    }
    // The lock is dropped whenever the page is hidden; take it again on return.
    document.addEventListener("visibilitychange", request);
    request();
  }

  // ---- new match ---------------------------------------------------------------------------
  function newMatchForm(form) {
    var nameInputs = Array.prototype.slice.call(form.querySelectorAll("input[name^='players-']"));
    var rulesets = Array.prototype.slice.call(form.querySelectorAll("input[name='ruleset']"));
    // The usual choice for each number of players (the core's, marked data-first-pick by the
    // server); any other stays one tap away.

    function names() {
      return nameInputs.map(function (input) { return input.value.trim(); });
    }
    function named() { return names().filter(Boolean); }
    function chosenRuleset() { return rulesets.filter(function (r) { return r.checked; })[0]; }
    // Once someone picks a ruleset, typing names never changes it behind their back.
    var pickedByHand = false;
    rulesets.forEach(function (r) { r.addEventListener("change", function () { pickedByHand = true; }); });

    function update(event) {
      var list = names();
      var count = named().length;
      // Show one empty name field after the last one filled (three at least).
      var last = -1;
      list.forEach(function (name, i) { if (name) last = i; });
      var chosen = chosenRuleset();
      var seats = pickedByHand && chosen ? Number(chosen.dataset.players) - 1 : 2;
      nameInputs.forEach(function (input, i) {
        input.closest(".name-field").hidden = i > Math.max(seats, last + 1) && !input.value;
      });
      // Rulesets for another number of players fade; pick a fitting one when the count changes.
      rulesets.forEach(function (r) {
        r.closest(".option").classList.toggle("unavailable", count >= 2 && Number(r.dataset.players) !== count);
      });
      var current = chosenRuleset();
      if (!pickedByHand && event && event.target.name && event.target.name.indexOf("players-") === 0 && count >= 2 &&
          current && Number(current.dataset.players) !== count) {
        var fitting = form.querySelector("input[name='ruleset'][data-first-pick][data-players='" + count + "']");
        if (fitting) {  // a page may offer only some rulesets (a duplicate set fixes one)
          fitting.checked = true;
          current = chosenRuleset();
        }
      }
      // "(if playing)" only beside the seats the chosen ruleset can do without.
      var needed = current ? Number(current.dataset.players) : 2;
      nameInputs.forEach(function (input, i) {
        var note = input.closest(".name-field").querySelector(".optional");
        if (note) note.hidden = i < needed;
      });
      // Only the options the chosen ruleset has.
      var keys = current ? current.dataset.options.split(" ") : [];
      form.querySelectorAll("[data-option]").forEach(function (el) {
        el.hidden = keys.indexOf(el.dataset.option) < 0;
      });
      if (current) {
        document.getElementById("ruleset-name").textContent = current.dataset.name;
        document.getElementById("ruleset-summary").textContent = current.dataset.summary;
      }
      var usual = document.getElementById("usual-format");
      if (usual && current) usual.textContent = current.dataset.usual;
      var format = form.querySelector("input[name='match']:checked");
      // Only the count the chosen format uses (games to win, deals, or the target).
      form.querySelectorAll("[data-formats]").forEach(function (el) {
        el.hidden = !format || el.dataset.formats.split(" ").indexOf(format.value) < 0;
      });
      var summary = document.getElementById("options-summary");
      if (summary) {
        summary.textContent = !format || format.value === "usual"
          ? (current ? current.dataset.usual : "")
          : format.closest(".option").querySelector(".option-name").textContent;
      }
      // The dealer chips carry the names typed.
      form.querySelectorAll("#first_dealer .seg").forEach(function (seg) {
        var seat = Number(seg.dataset.seat);
        seg.hidden = !list[seat] && nameInputs[seat].closest(".name-field").hidden;
        seg.querySelector("span").textContent = list[seat] || "Player " + (seat + 1);
        var radio = seg.querySelector("input");
        if (seg.hidden && radio.checked) form.querySelector("#first_dealer input").checked = true;
      });
      // Known players already in this match are not offered again.
      var taken = list.map(function (n) { return n.toLowerCase(); });
      form.querySelectorAll(".chip-name").forEach(function (chip) {
        chip.hidden = taken.indexOf(chip.dataset.name.toLowerCase()) >= 0;
      });
    }

    form.querySelectorAll(".chip-name").forEach(function (chip) {
      chip.addEventListener("click", function () {
        var empty = nameInputs.filter(function (input) { return !input.value.trim(); })[0];
        if (!empty) return;
        empty.value = chip.dataset.name;
        empty.dispatchEvent(new Event("input", { bubbles: true }));
      });
    });
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    update();
  }

  // ---- recording a deal --------------------------------------------------------------------
  function dealForm(form) {
    var total = Number(form.dataset.tricks);
    var draftKey = form.dataset.draftKey;
    var seats = Array.prototype.slice.call(form.querySelectorAll("fieldset.seat"));
    var preview = document.getElementById("preview");
    var previewButton = document.getElementById("preview-button");
    var saveButton = document.getElementById("bar-save");
    var tallyPoints = document.getElementById("tally-points");
    var tally = document.getElementById("tally");
    var tricksLeft = document.getElementById("tricks-left");
    var autoSeat = null;  // the seat whose tricks were filled in as the rest
    // The suits' letters by the signs the chips show, and the core's value of every three suits.

    function changed(input) {
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }

    var letters = {};
    form.querySelectorAll(".suit-chip[data-add]").forEach(function (chip) {
      var sign = chip.querySelector(".suit");
      if (sign) letters[sign.textContent] = chip.dataset.add;
      letters[chip.dataset.add.toUpperCase()] = chip.dataset.add;
    });
    // Chips write into the field beside them (the field is what is sent); tapped again, they clear it.
    var values = JSON.parse(form.dataset.cardValues || "{}");
    seats.forEach(function (seat) {
      var bid = seat.querySelector(".bid-input");
      var tricks = seat.querySelector(".tricks-input");
      var pad = seat.querySelector(".bid-field");
      var note = seat.querySelector(".card-note");
      seat.querySelectorAll(".bid-field [data-set]").forEach(function (chip) {
        chip.addEventListener("click", function () {
          bid.value = bid.value.trim().toLowerCase() === chip.dataset.set ? "" : chip.dataset.set;
          changed(bid);
        });
      });
      seat.querySelector("[data-cards-mode]").addEventListener("click", function () {
        pad.classList.add("cards-mode");
        if (bidCards(bid.value) === null) { bid.value = ""; changed(bid); }
        seat.querySelector(".suit-chip").focus();
      });
      seat.querySelector("[data-numbers-mode]").addEventListener("click", function () {
        pad.classList.remove("cards-mode");
        note.hidden = true;
        if (bidCards(bid.value) !== null) { bid.value = ""; changed(bid); }
      });
      seat.querySelectorAll(".bid-field [data-add]").forEach(function (chip) {
        chip.addEventListener("click", function () {
          var cards = bidCards(bid.value) || [];
          if (cards.length >= 3) {  // never start over silently
            note.textContent = "A bid is three cards. Tap ⌫ to take one back first.";
            note.hidden = false;
            return;
          }
          // A suit chip adds the suit sign the server drew on it; the Joker chip its word.
          var sign = chip.querySelector(".suit");
          cards.push(sign ? sign.textContent : chip.dataset.add);
          bid.value = cards.join(" ");
          changed(bid);
        });
      });
      seat.querySelector("[data-backspace]").addEventListener("click", function () {
        var cards = bidCards(bid.value) || [];
        cards.pop();
        bid.value = cards.join(" ");
        changed(bid);
      });
      seat.querySelectorAll(".tricks-field [data-set]").forEach(function (chip) {
        chip.addEventListener("click", function () {
          var confirming = autoSeat === seat;  // a tap makes the filled-in rest the person's own
          autoSeat = confirming ? null : autoSeat;
          tricks.value = !confirming && tricks.value.trim() === chip.dataset.set ? "" : chip.dataset.set;
          changed(tricks);
        });
      });
      if (bidCards(bid.value) && bidCards(bid.value).length) pad.classList.add("cards-mode");
    });

    // The turned card: a suit shows its ranks; the Joker tab picks the Joker.
    var grid = form.querySelector(".card-grid-field");
    if (grid) {
      var rows = Array.prototype.slice.call(grid.querySelectorAll("[data-suit-row]"));
      var tabs = Array.prototype.slice.call(grid.querySelectorAll("[data-suit-tab]"));
      var showSuit = function (key) {
        rows.forEach(function (row) { row.classList.toggle("shown", row.dataset.suitRow === key && key !== "Joker"); });
        tabs.forEach(function (tab) { tab.setAttribute("aria-pressed", String(tab.dataset.suitTab === key)); });
      };
      tabs.forEach(function (tab) {
        tab.addEventListener("click", function () {
          showSuit(tab.dataset.suitTab);
          if (tab.dataset.suitTab === "Joker") {
            var joker = grid.querySelector("[data-suit-row='Joker'] input");
            joker.checked = true;
            joker.dispatchEvent(new Event("change", { bubbles: true }));
          }
        });
      });
      var chosen = grid.querySelector("input:checked");
      if (chosen) showSuit(chosen.closest("[data-suit-row]").dataset.suitRow);
    }

    // "= 4" beside three bid cards: the core's value, carried by the page.
    function cardsValue(cards) {
      if (cards.length < 3) return cards.length + " of 3 cards";
      var key = cards.map(function (c) { return letters[c.toUpperCase()] || c; });
      if (key.indexOf("Joker") >= 0) return "Joker counts as the turned card’s suit";
      key.sort();
      var value = values[key.join("")];
      return value === undefined ? "" : "= " + value;
    }
    function showValues() {
      seats.forEach(function (seat) {
        var cards = bidCards(seat.querySelector(".bid-input").value);
        var output = seat.querySelector(".bid-value");
        output.textContent = cards && cards.length ? cardsValue(cards) : "";
        var note = seat.querySelector(".card-note");
        if (!cards || cards.length < 3) note.hidden = true;
      });
    }

    // The bid cards typed so far (suits, cards such as 10H, the Joker), or null for anything else.
    function bidCards(value) {
      value = value.trim();
      if (!value) return [];
      var cards = value.split(/\s+/);
      var readable = cards.every(function (card) {
        var suit = card.slice(-1);
        return /^joker$/i.test(card) || (/^(10|[2-9JQKA])?.$/i.test(card) && (suit in letters || suit.toUpperCase() in letters));
      });
      return readable ? cards : null;
    }

    function syncChips() {
      seats.forEach(function (seat) {
        var bid = seat.querySelector(".bid-input").value.trim().toLowerCase();
        seat.querySelectorAll(".bid-field [data-set]").forEach(function (chip) {
          chip.setAttribute("aria-pressed", String(chip.dataset.set === bid));
        });
        var tricks = seat.querySelector(".tricks-input").value.trim();
        seat.querySelectorAll(".tricks-field [data-set]").forEach(function (chip) {
          chip.setAttribute("aria-pressed", String(chip.dataset.set === tricks));
        });
      });
    }

    // Tricks left to hand out: a counting aid for the form, not a score.
    function updateTally() {
      // The last player's tricks, once the others' are known: the rest, filled in (and again at
      // every change) until the person taps that player's own figure.
      if (autoSeat) autoSeat.querySelector(".tricks-input").value = "";
      var given = 0;
      var empty = [];
      seats.forEach(function (seat) {
        var value = seat.querySelector(".tricks-input").value.trim();
        if (value === "" || isNaN(Number(value))) empty.push(seat); else given += Number(value);
      });
      var left = total - given;
      autoSeat = empty.length === 1 && left >= 0 ? empty.pop() : null;
      if (autoSeat) {
        autoSeat.querySelector(".tricks-input").value = String(left);
        left = 0;
      }
      tally.classList.toggle("over", left < 0);
      tally.classList.toggle("done", left === 0 && empty.length === 0);
      if (left < 0) tricksLeft.textContent = -left + (left === -1 ? " trick" : " tricks") + " too many";
      else if (left === 0 && empty.length === 0) tricksLeft.textContent = "All " + total + " tricks ✓";
      else tricksLeft.textContent = left + (left === 1 ? " trick" : " tricks") + " left";
    }

    // The draft: every field but the token, kept on this phone until the deal is saved.
    function saveDraft() {
      var data = {};
      new FormData(form).forEach(function (value, name) {
        if (name !== "csrf_token" && name !== "action") data[name] = value;
      });
      store.set(draftKey, JSON.stringify(data));
    }
    function restoreDraft() {
      var raw = store.get(draftKey);
      if (!raw) return false;
      var data;
      try { data = JSON.parse(raw); } catch (e) { return false; }
      Array.prototype.forEach.call(form.elements, function (el) {
        // Not the form's own facts: which deal it is for, and the match version the page was read at.
        if (!el.name || el.name === "csrf_token" || el.name === "number" || el.name === "version" || !(el.name in data)) return;
        if (el.type === "radio" || el.type === "checkbox") el.checked = el.value === data[el.name];
        else el.value = data[el.name];
      });
      return true;
    }

    // Live preview: the server scores the deal with the core and sends back the points. It is
    // asked only when it can say something: every bid and every player's tricks are in (until
    // then the server could only answer "incomplete", which is shown here without asking), and
    // the form differs from what it last scored. A plain deal costs one request, not one a tap.
    var timer = null;
    var sequence = 0;
    var lastSent = null;
    var waiting = preview.dataset.incomplete;
    function complete() {
      return seats.every(function (seat) {
        return seat.querySelector(".bid-input").value.trim() !== "" && seat.querySelector(".tricks-input").value.trim() !== "";
      });
    }
    function formKey() {
      var body = new FormData(form);
      body.delete("action");
      body.delete("csrf_token");
      return new URLSearchParams(body).toString();
    }
    function showWaiting() {
      var note = document.createElement("p");
      note.className = "muted";
      note.textContent = waiting;
      preview.replaceChildren(note);
      tallyPoints.textContent = "";
      tallyPoints.classList.remove("problem");
    }
    function requestPreview() {
      clearTimeout(timer);
      if (!complete()) {
        ++sequence;  // an answer still on its way is out of date
        if (lastSent !== "" && waiting) showWaiting();
        lastSent = "";
        return;
      }
      timer = setTimeout(function () {
        var key = formKey();
        if (key === lastSent) return;  // the points shown are this form's already
        lastSent = key;
        var body = new FormData(form);
        body.delete("action");
        var mine = ++sequence;
        fetch(form.dataset.previewUrl, { method: "POST", body: body, credentials: "same-origin" })
          .then(function (response) {
            if (!response.ok) throw new Error(String(response.status));
            return response.text();
          })
          .then(function (html) {
            if (mine !== sequence) return;
            preview.innerHTML = html;
            // The bar by the Save button repeats the points in one line (or the problem).
            var compact = preview.querySelector(".pv-compact");
            var problem = preview.querySelector(".preview-error");
            tallyPoints.textContent = compact ? compact.textContent : problem ? "⚠ " + problem.textContent : "";
            tallyPoints.classList.toggle("problem", !!problem);
          })
          .catch(function () {
            if (mine === sequence) {
              lastSent = null;  // ask again at the next change
              tallyPoints.textContent = "";
              preview.innerHTML = '<p class="muted">The points need a connection to the scorer. ' +
                "What you entered is kept on this phone.</p>";
            }
          });
      }, 250);
    }

    function refresh() {
      updateTally();
      syncChips();
      showValues();
      saveDraft();
      requestPreview();
    }

    // Back on the form (a save refused, or never sent): nothing was saved.
    try { sessionStorage.removeItem("ninety-nine:saving"); } catch (e) { /* blocked */ }
    var hadErrors = !!document.getElementById("error-summary");
    var restored = restoreDraft();
    if (restored && !hadErrors) document.getElementById("draft-note").hidden = false;
    document.getElementById("draft-discard").addEventListener("click", function () {
      if (!window.confirm("Clear everything entered for this deal?")) return;
      store.remove(draftKey);
      window.location.reload();
    });

    previewButton.hidden = true;  // the preview follows every change
    document.getElementById("save-button").hidden = true;  // Save sits in the bar, at the thumb
    form.addEventListener("input", refresh);
    form.addEventListener("change", refresh);
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (submitter && submitter.value === "preview") return;
      if (navigator.onLine === false) {
        event.preventDefault();
        preview.innerHTML = '<p class="preview-error" role="alert">No connection: nothing was sent. ' +
          "The deal is kept on this phone; save again once you are back online.</p>";
        return;
      }
      saveDraft();
      try { sessionStorage.setItem("ninety-nine:saving", draftKey); } catch (e) { /* blocked */ }
      // After the browser has read the form: a second tap cannot send it twice.
      setTimeout(function () { saveButton.disabled = true; }, 0);
      setTimeout(function () { saveButton.disabled = false; }, 8000);
    });
    // Back or forward to a page the browser kept whole: the match may have moved on, so read it again.
    window.addEventListener("pageshow", function (event) {
      saveButton.disabled = false;
      if (event.persisted) window.location.reload();
    });
    updateTally();
    syncChips();
    showValues();
    // The points the server drew with the page are this form's, unless a draft was put back.
    if (!restored && complete() && preview.querySelector(".pv-compact")) lastSent = formKey();
    else if (!complete()) lastSent = "";  // the page shows the "once every bid" note already
    requestPreview();
    if (hadErrors) document.getElementById("error-summary").focus();
  }

  // ---- the scoreboard: drafts of deals that are now saved are no longer needed ------------
  function forgetSavedDrafts() {
    var match = document.body.dataset.match;
    var saved = Number(document.body.dataset.savedDeals);
    var prefix = "ninety-nine:draft:" + match + ":";
    var saving = null;
    try { saving = sessionStorage.getItem("ninety-nine:saving"); sessionStorage.removeItem("ninety-nine:saving"); } catch (e) { /* blocked */ }
    // Reaching the scoreboard after a save means the save went through.
    if (saving) store.remove(saving);
    store.keys().forEach(function (key) {
      if (key.indexOf(prefix) !== 0) return;
      var parts = key.slice(prefix.length).split(":");
      if (parts.length === 1 && Number(parts[0]) <= saved) store.remove(key);
    });
  }
  // ---- installable: the service worker, the offline line, the note about a sleeping screen --
  // The worker (sw.js) needs a secure context: HTTPS, or localhost. Over plain http on a LAN
  // address there is neither the worker nor the Wake Lock, so the scoreboard says once, in one
  // line, that the phone may dim its screen and what to do about it (dismissed for good).
  function installable() {
    if (window.isSecureContext && "serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js").catch(function () { /* refused: the app works without it */ });
    }
    var offline = document.querySelector("meta[name='ninety-nine-offline']");
    if (offline) {
      var when = new Date(Number(offline.getAttribute("content")));
      var time = isNaN(when) ? "" : " as of " + when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      pwaNote("offline-note", "Offline: showing the scoreboard" + time, false);
    }
    var key = "ninety-nine:sleep-note-seen";
    if (!window.isSecureContext && document.body.hasAttribute("data-saved-deals") && !store.get(key)) {
      store.set(key, "1"); // shown once per phone
      pwaNote("sleep-note", "This phone may dim its screen: open the app over HTTPS (make run HTTPS=1) " +
        "or raise the phone's screen timeout.", true);
    }
  }

  function pwaNote(id, text, dismissable) {
    var main = document.getElementById("main");
    if (!main || document.getElementById(id)) return;
    var note = document.createElement("p");
    note.id = id;
    note.className = "pwa-note";
    note.setAttribute("role", "status");
    var span = document.createElement("span");
    span.textContent = text;
    note.appendChild(span);
    if (dismissable) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "pwa-note-dismiss";
      button.setAttribute("aria-label", "Dismiss this note");
      button.textContent = "×";
      button.addEventListener("click", function () { note.remove(); });
      note.appendChild(button);
    }
    main.insertBefore(note, main.firstChild);
  }
})();
