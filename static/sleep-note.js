// The scoreboard's note about a sleeping screen. Over plain http on a LAN address there is neither
// the service worker nor the Wake Lock, so the scoreboard says once, in one line, that the phone
// may dim its screen and what to do about it (dismissed for good).
import { store, say } from "./app.js";
import { pwaNote } from "./installable.js";

document.addEventListener("DOMContentLoaded", function () {
  var key = "ninety-nine:sleep-note-seen";
  if (!window.isSecureContext && document.body.hasAttribute("data-saved-deals") && !store.get(key)) {
    store.set(key, "1"); // shown once per phone
    pwaNote("sleep-note", say("sleepNote"), say("dismiss"));
  }
});
