// Written into a score sheet's page right after the sheets (assets.INLINE), so it runs before they
// are first drawn: on a screen narrower than the paper each sheet is scaled to fit at once, not
// after the first paint, which moved the whole page (a layout shift of 0.24 on a slow phone).
// sheet.js has it fit again when the screen turns and for the "Show at full size" button, by the
// event "ninety-nine:fit-sheets" (detail: fitted or not), and words the button itself.
// A classic script, not a module: a module is deferred, and this must run before the first paint;
// it shares no name with the modules (no global of the app's), only that event.
(function (root) {
  "use strict";
  function fit(fitted) {
    var scroller = document.querySelector(".sheet-scroll");
    var toggle = document.querySelector("[data-fit-toggle]");
    if (!scroller || !toggle) return;
    var sheets = scroller.querySelectorAll(".sheet");
    var room = scroller.clientWidth - 24;
    var narrow = false;
    for (var i = 0; i < sheets.length; i++) {
      sheets[i].style.zoom = "";
      var scale = room / sheets[i].offsetWidth;
      if (scale < 1) narrow = true;
      if (fitted && scale < 1) sheets[i].style.zoom = String(Math.floor(scale * 1000) / 1000);
    }
    toggle.hidden = !narrow;
    var note = document.querySelector("[data-fit-note]");
    if (note) note.hidden = !narrow || !fitted;
    toggle.setAttribute("aria-pressed", String(!fitted));
  }
  root.addEventListener("ninety-nine:fit-sheets", function (event) { fit(event.detail); });
  fit(true);
  document.documentElement.classList.add("sheets-fitted");
})(document);
