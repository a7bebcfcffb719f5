// Recording a deal: the form's parts (deal-bids.js, deal-tally.js, deal-drafts.js,
// deal-preview.js) brought together, the Save button kept at the thumb and sent once.
import { store, say } from "./app.js";
import { save } from "./kept-saves.js";
import { dealBids } from "./deal-bids.js";
import { dealTally } from "./deal-tally.js";
import { dealDrafts } from "./deal-drafts.js";
import { dealPreview } from "./deal-preview.js";

function dealForm(form) {
  var seats = Array.prototype.slice.call(form.querySelectorAll("fieldset.seat"));
  var saveButton = document.getElementById("bar-save");

  function changed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  var ctx = { form: form, seats: seats, changed: changed };
  var bids = dealBids(ctx);
  var tally = dealTally(ctx);
  var drafts = dealDrafts(ctx);
  var preview = dealPreview(ctx);

  function refresh() {
    tally.update();
    tally.syncChips();
    bids.syncChips();
    bids.showValues();
    bids.syncCard();
    drafts.save(tally.rest());
    preview.request();
  }

  // Back on the form (a save refused, or never sent): nothing was saved.
  try { sessionStorage.removeItem("ninety-nine:saving"); } catch (e) { /* blocked */ }
  var hadErrors = !!document.getElementById("error-summary");
  var restored = drafts.restore();
  if (restored) tally.adopt(restored.rest);
  if (restored && !hadErrors) document.getElementById("draft-note").hidden = false;
  document.getElementById("draft-discard").addEventListener("click", function () {
    if (!window.confirm(say("clearDraft"))) return;
    store.remove(drafts.key);
    window.location.reload();
  });

  // Its own Preview and Save buttons are hidden by the stylesheet wherever scripts run
  // (no-js-only): the preview follows every change, and Save sits in the bar, at the thumb.
  form.addEventListener("input", refresh);
  form.addEventListener("change", refresh);
  form.addEventListener("submit", function (event) {
    var submitter = event.submitter;
    if (submitter && submitter.value === "preview") return;
    drafts.save(tally.rest());
    // Sent by kept-saves.js: kept on this phone first, then sent; an answer is shown as a plain
    // submit shows it, no answer keeps the save (and the form, which says so) until the server
    // answers. A second tap cannot send it twice meanwhile.
    event.preventDefault();
    if (saveButton.disabled) return;
    var fields = [];
    new FormData(form).forEach(function (value, name) { if (name !== "action") fields.push([name, value]); });
    fields.push(["action", "save"]);
    saveButton.disabled = true;
    save(form, fields, drafts.key).then(function (outcome) {
      if (outcome === "kept") saveButton.disabled = false;
    });
  });
  // Back or forward to a page the browser kept whole: the match may have moved on, so read it again.
  window.addEventListener("pageshow", function (event) {
    saveButton.disabled = false;
    if (event.persisted) window.location.reload();
  });
  tally.update();
  tally.syncChips();
  bids.syncChips();
  bids.showValues();
  bids.syncCard();
  preview.start(restored);
  if (hadErrors) document.getElementById("error-summary").focus();
}

document.addEventListener("DOMContentLoaded", function () {
  var form = document.getElementById("deal-form");
  if (form) dealForm(form);
});
