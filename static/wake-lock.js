// Keep the screen on while a match is open (Wake Lock API, where the browser has it).
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

document.addEventListener("DOMContentLoaded", function () {
  if (document.body.hasAttribute("data-wake-lock")) keepAwake();
});
