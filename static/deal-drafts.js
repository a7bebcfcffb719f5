// Drafts of a deal, kept on this phone until the deal is saved: every field but the token, and
// which seat's tricks the form filled in as the rest. (The scoreboard forgets the drafts of deals
// now saved: saved-drafts.js.)
import { store } from "./app.js";

var REST = "#rest";  // a draft's key that no field has: the seat whose tricks were the rest

export function dealDrafts(ctx) {
  var form = ctx.form;
  var draftKey = form.dataset.draftKey;
  // rest: the seat (data-seat) whose tricks the form filled in as the rest, or null.
  function saveDraft(rest) {
    var data = {};
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrf_token" && name !== "action") data[name] = value;
    });
    if (rest !== null && rest !== undefined) data[REST] = rest;
    store.set(draftKey, JSON.stringify(data));
  }
  // The draft put back into the form: false if there was none, else what else it kept ({rest}).
  // A form refused by the server is drawn with the figures sent, and its draft put back too, so
  // that the tricks filled in as the rest are filled in again at the next change (issue 34).
  function restoreDraft() {
    var raw = store.get(draftKey);
    if (!raw) return false;
    var data;
    try { data = JSON.parse(raw); } catch (e) { return false; }
    Array.prototype.forEach.call(form.elements, function (el) {
      // Not the form's own facts: which deal it is for, and the match version the page was read at.
      if (!el.name || el.name === "csrf_token" || el.name === "number" || el.name === "version" || !(el.name in data)) return;
      if (el.type === "radio" || el.type === "checkbox") el.checked = el.value === data[el.name];
      else el.value = data[el.name];
    });
    return { rest: REST in data ? data[REST] : null };
  }

  return { key: draftKey, save: saveDraft, restore: restoreDraft };
}
