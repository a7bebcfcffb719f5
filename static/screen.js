// The table's big screen (play/screen.py): a Fullscreen button where the browser allows one. The
// screen is kept awake by wake-lock.js (data-wake-lock) and live by live.js (data-screen).
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("fullscreen");
    if (!button || !document.fullscreenEnabled) return;
    function show() { button.setAttribute("aria-pressed", String(!!document.fullscreenElement)); }
    button.hidden = false;
    button.addEventListener("click", function () {
      if (document.fullscreenElement) document.exitFullscreen();
      else document.documentElement.requestFullscreen().catch(function () { /* refused: stays as it is */ });
    });
    document.addEventListener("fullscreenchange", show);
    show();
  });
})();
