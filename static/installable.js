// The service worker and the offline line (the note about a sleeping screen, on the scoreboard
// only, is sleep-note.js's).
import { say, clock } from "./app.js";

// The worker (sw.js) needs a secure context: HTTPS, or localhost.
function installable() {
  if (window.isSecureContext && "serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* refused: the app works without it */ });
  }
  var offline = document.querySelector("meta[name='ninety-nine-offline']");
  if (offline) {
    var when = new Date(Number(offline.getAttribute("content")));
    var form = !!document.getElementById("deal-form") && !isNaN(when);  // a deal form's copy (sw.js), or a scoreboard's
    pwaNote("offline-note", isNaN(when) ? say("offline")
      : say(form ? "offlineForm" : "offlineAt", { time: clock(when) }));
  }
}

export function pwaNote(id, text, dismissLabel) {
  var main = document.getElementById("main");
  if (!main || document.getElementById(id)) return;
  var note = document.createElement("p");
  note.id = id;
  note.className = "pwa-note";
  note.setAttribute("role", "status");
  var span = document.createElement("span");
  span.textContent = text;
  note.appendChild(span);
  if (dismissLabel) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "pwa-note-dismiss";
    button.setAttribute("aria-label", dismissLabel);
    button.textContent = "×";
    button.addEventListener("click", function () { note.remove(); });
    note.appendChild(button);
  }
  main.insertBefore(note, main.firstChild);
}

document.addEventListener("DOMContentLoaded", installable);
