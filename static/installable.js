// The service worker, the offline line, and the note about a sleeping screen.
(function () {
  "use strict";
  var store = window.ninetyNine.store, say = window.ninetyNine.say;

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
      var form = !!document.getElementById("deal-form") && !isNaN(when);  // a deal form's copy (sw.js), or a scoreboard's
      pwaNote("offline-note", isNaN(when) ? say("offline")
        : say(form ? "offlineForm" : "offlineAt", { time: window.ninetyNine.clock(when) }), false);
    }
    var key = "ninety-nine:sleep-note-seen";
    if (!window.isSecureContext && document.body.hasAttribute("data-saved-deals") && !store.get(key)) {
      store.set(key, "1"); // shown once per phone
      pwaNote("sleep-note", say("sleepNote"), true);
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
      button.setAttribute("aria-label", say("dismiss"));
      button.textContent = "×";
      button.addEventListener("click", function () { note.remove(); });
      note.appendChild(button);
    }
    main.insertBefore(note, main.firstChild);
  }

  document.addEventListener("DOMContentLoaded", installable);
})();
