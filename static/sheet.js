// Score sheets: the "Print / Save as PDF" button, shown only where JavaScript runs (without it the
// browser's own Print menu does the same, as the page says); and on the blank-sheet form, only as
// many name fields as the chosen ruleset has players, and who deals first by the names typed.
import { say } from "./app.js";

document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });
  var ruleset = document.querySelector("#blank-form #ruleset");
  if (ruleset) namesFor(ruleset);
  var toggle = document.querySelector("[data-fit-toggle]");
  if (toggle) fitSheets(toggle);
});

// On a screen narrower than the paper the preview is scaled to fit (the print is not: the
// print stylesheet resets the zoom), already before the first paint (sheet-fit.js, written into
// the page, which fits again at its event); the button shows it at full size, to scroll and read,
// and a turned screen fits again.
function fitSheets(toggle) {
  var fitted = true;
  function fit() {
    document.dispatchEvent(new CustomEvent("ninety-nine:fit-sheets", { detail: fitted }));
    toggle.textContent = say(fitted ? "fitFull" : "fitScreen");
  }
  toggle.addEventListener("click", function () { fitted = !fitted; fit(); });
  window.addEventListener("resize", fit);
}

function namesFor(select) {
  var players = JSON.parse(select.dataset.players || "{}");
  var form = select.form;
  function show() {
    var count = players[select.value] || 5;
    form.querySelectorAll("[data-seat]").forEach(function (field) {
      field.hidden = Number(field.dataset.seat) >= count;
    });
    form.querySelectorAll("#first_dealer option").forEach(function (option) {
      option.hidden = option.disabled = Number(option.value) >= count;
    });
  }
  // Who deals first: the names as they are typed ("Player 2" where none is).
  function named() {
    form.querySelectorAll("#first_dealer option").forEach(function (option) {
      var box = form.querySelector("[name='name" + option.value + "']");
      var name = box ? box.value.trim().replace(/\s+/g, " ") : "";
      option.textContent = name || say("player", { number: Number(option.value) + 1 });
    });
  }
  select.addEventListener("change", show);
  form.addEventListener("input", named);
  show();
  named();
}
