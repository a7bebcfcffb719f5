// The scoreboard forgets the drafts of deals now saved (deal-drafts.js keeps them on the deal form,
// under "ninety-nine:draft:<match>:<number>").
import { store } from "./app.js";

function forgetSavedDrafts() {
  var match = document.body.dataset.match;
  var saved = Number(document.body.dataset.savedDeals);
  var prefix = "ninety-nine:draft:" + match + ":";
  var saving = null;
  try { saving = sessionStorage.getItem("ninety-nine:saving"); sessionStorage.removeItem("ninety-nine:saving"); } catch (e) { /* blocked */ }
  // Reaching the scoreboard after a save means the save went through.
  if (saving) store.remove(saving);
  store.keys().forEach(function (key) {
    if (key.indexOf(prefix) !== 0) return;
    var parts = key.slice(prefix.length).split(":");
    if (parts.length === 1 && Number(parts[0]) <= saved) store.remove(key);
  });
}

document.addEventListener("DOMContentLoaded", function () {
  if (document.body.hasAttribute("data-saved-deals")) forgetSavedDrafts();
});
