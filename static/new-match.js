// The new-match form: name fields as names are typed, the usual ruleset for that many players,
// the summaries of the chosen options, and the known players' chips.
import { nameWords, say } from "./app.js";

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
      var box = input.closest(".name-field");
      box.hidden = i > Math.max(seats, last + 1) && !input.value;
      box.classList.remove("later");  // drawn hidden by the page until now (the same boxes)
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
      nameWords(seg.querySelector("span"), list[seat] || say("player", { number: seat + 1 }));
      var radio = seg.querySelector("input");
      if (seg.hidden && radio.checked) form.querySelector("#first_dealer input").checked = true;
    });
    // Known players already in this match are not offered again.
    hideTaken(list.filter(Boolean));
    forecast(current, list);
  }

  // The chances as the ratings see them, once every seat of the chosen ruleset has a name: the
  // server works them out (records/ratings.py) and sends the words; asked once typing pauses.
  var chances = document.getElementById("chances");
  var forecastAsked = "", forecastTimer = null;
  function forecast(ruleset, list) {
    if (!chances) return;
    var seats = ruleset ? Number(ruleset.dataset.players) : 0;
    var seated = list.slice(0, seats);
    var ready = seats > 0 && seated.length === seats && seated.every(Boolean);
    // Before every seat is named the server still says which name looks like a known player's
    // ("Did you mean Kip?"), as it will when the match is started.
    var typed = ready ? seated : list.filter(Boolean);
    var query = typed.length ? (ready ? "ruleset=" + encodeURIComponent(ruleset.value) + "&" : "") +
      typed.map(function (n) { return "players=" + encodeURIComponent(n); }).join("&") : "";
    if (query === forecastAsked) return;
    forecastAsked = query;
    clearTimeout(forecastTimer);
    if (!query) { chances.hidden = true; chances.replaceChildren(); return; }
    forecastTimer = setTimeout(function () {
      fetch(chances.dataset.chancesUrl + "?" + query, { credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.text() : ""; })
        .then(function (html) {
          if (forecastAsked !== query) return;
          chances.innerHTML = html;
          chances.hidden = !html.trim();
        })
        .catch(function () { /* offline: no chances shown */ });
    }, 300);
  }

  // Whether a typed name is a known player's is the server's to say (names.key: case, width,
  // spacing and Unicode's ways of writing a letter do not count): it answers with the typed
  // names' keys, and the chips carry their own; and with what the form would say of each box
  // (a name typed twice, or that looks like another), shown beside the box at once. Asked once
  // typing pauses, never per key.
  var keysUrl = form.dataset.nameKeysUrl;
  var asked = "", keyTimer = null;
  function hideTaken(typed) {
    var query = typed.map(function (n) { return "name=" + encodeURIComponent(n); })
      .concat(nameInputs.map(function (input) { return "box=" + encodeURIComponent(input.value); })).join("&");
    if (query === asked) return;
    asked = query;
    clearTimeout(keyTimer);
    keyTimer = setTimeout(function () {
      if (!typed.length) { showChips([]); showProblems({}); return; }
      fetch(keysUrl + "?" + query, { credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.json() : { keys: [], problems: {} }; })
        .then(function (answer) {
          if (asked !== query) return;
          showChips(answer.keys || []);
          showProblems(answer.problems || {});
        })
        .catch(function () { /* offline: every chip stays offered; the form says the rest */ });
    }, 200);
  }
  // Each box's message, as a refused form would draw it (macros.html: the error under the
  // field, named by the field's aria-describedby, the field marked invalid).
  function showProblems(problems) {
    nameInputs.forEach(function (input, box) {
      var field = input.closest(".name-field");
      var id = input.id + "-error";
      var shown = document.getElementById(id);
      var problem = problems[String(box)];
      var described = (input.getAttribute("aria-describedby") || "").split(" ").filter(function (part) {
        return part && part !== id;
      });
      if (problem) {
        if (!shown) {
          shown = document.createElement("div");
          shown.className = "field-error";
          shown.id = id;
          shown.setAttribute("role", "status");
          field.appendChild(shown);
        }
        if (shown.textContent !== problem) {
          var line = document.createElement("p");
          line.textContent = problem;
          shown.replaceChildren(line);
        }
        described.push(id);
        input.setAttribute("aria-invalid", "true");
      } else {
        if (shown) shown.remove();
        input.removeAttribute("aria-invalid");
      }
      field.classList.toggle("has-error", !!problem);
      if (described.length) input.setAttribute("aria-describedby", described.join(" "));
      else input.removeAttribute("aria-describedby");
    });
  }
  function showChips(keys) {
    form.querySelectorAll(".chip-name").forEach(function (chip) {
      chip.hidden = keys.indexOf(chip.dataset.key) >= 0;
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

document.addEventListener("DOMContentLoaded", function () {
  var form = document.getElementById("new-match");
  if (form) newMatchForm(form);
  // Where the app deals: the cards chosen, said in the summary line (cards/_new_match_cards.html).
  var summary = document.getElementById("cards-summary");
  if (summary) {
    document.querySelectorAll("input[name='cards']").forEach(function (radio) {
      radio.addEventListener("change", function () { summary.textContent = radio.dataset.label; });
    });
  }
});
