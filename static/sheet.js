// Score sheets: the "Print / Save as PDF" button, shown only where JavaScript runs (without it the
// browser's own Print menu does the same, as the page says); and on the blank-sheet form, only as
// many name fields as the chosen ruleset has players.
(function () {
  "use strict";
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

  // On a screen narrower than the paper, the preview is scaled to fit (the print is not: the
  // print stylesheet resets the zoom); the button shows it at full size, to scroll and read.
  function fitSheets(toggle) {
    var sheets = document.querySelectorAll(".sheet-scroll .sheet");
    var fitted = true;
    function fit() {
      var scroller = document.querySelector(".sheet-scroll");
      var room = scroller.clientWidth - 24;
      sheets.forEach(function (sheet) {
        sheet.style.zoom = "";
        var scale = room / sheet.offsetWidth;
        if (fitted && scale < 1) sheet.style.zoom = String(Math.floor(scale * 1000) / 1000);
      });
      var narrow = sheets.length && room < sheets[0].offsetWidth;
      toggle.hidden = !narrow;
      var note = document.querySelector("[data-fit-note]");
      if (note) note.hidden = !narrow || !fitted;
      toggle.textContent = fitted ? "Show at full size" : "Fit to the screen";
      toggle.setAttribute("aria-pressed", String(!fitted));
    }
    toggle.addEventListener("click", function () { fitted = !fitted; fit(); });
    window.addEventListener("resize", fit);
    fit();
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
    select.addEventListener("change", show);
    show();
  }
})();
