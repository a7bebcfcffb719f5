// A Fullscreen button where the browser allows one (#fullscreen): the table's big screen and a club
// night's director's screen.
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
