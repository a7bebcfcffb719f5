// The deal form's part of the saves kept on this phone (kept-saves.js): what became of the save
// this form kept, with Send now and the next deal's form; and a new deal's form made the next
// deal's while the server is away (the server's page, or the service worker's copy, sw.js): its
// number, its draft, a key of its own, and what only the server knows (who deals, the trump)
// marked as of the last deal the server has. No rule is written again here.
import { store, say } from "./app.js";
import { KNOWN, asOf, button, drop, listFor, lostWords, make, newKey, nextNumber, note, offlineCopy, ready, sendNow, show, views } from "./kept-saves.js";

// The deal form whose save is kept: what became of it, with Send now, and the next deal's form.
function showFormNote() {
  var form = document.getElementById("deal-form");
  if (!form) return;
  var number = form.dataset.number;
  var mine = listFor(document.body.dataset.match).filter(function (entry) {
    return entry.form === window.location.pathname && String(entry.number) === number &&
      entry.state !== "held";  // a held one: the page is the server's answer already
  })[0];
  var box = note("kept-note", "pwa-note kept-note");
  if (!mine) { box.remove(); return; }
  if (mine.state === "lost") {  // the server will not take it: said, and kept until dismissed
    box.replaceChildren(make("span", "", lostWords(mine)),
                        button(say("dismissKept"), function () { drop(mine); show(); }));
  } else {
    var words = mine.state === "stale" ? say("keptStale", { number: mine.number })
      : say(mine.editing ? "keptEdit" : "keptDeal", { number: mine.number });
    box.replaceChildren(make("span", "", words), button(say("sendNow"), function () { sendNow(); }));
  }
  // The next deal's form: the service worker's copy while the server is away (sw.js), made the
  // next deal's at its load. Without the worker (plain http) there is no copy to open.
  var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!mine.editing && mine.state === "waiting" && worker && !form.hasAttribute("data-app-deals")) {
    var next = make("a", "btn btn-primary", say("nextDeal"));
    next.id = "kept-next";
    next.href = mine.form;
    box.appendChild(next);
  }
  if (!box.parentNode) {
    var actions = form.querySelector(".actions");
    form.insertBefore(box, actions);
    box.scrollIntoView({ block: "center" });  // not under the bar at the thumb
  }
}

// A new deal's form (the server's, or the worker's copy) made the next deal's: its number, its
// draft, its own key; what only the server knows (who deals, the trump) marked as of its last deal.
function adaptForm() {
  var form = document.getElementById("deal-form");
  if (!form || form.hasAttribute("data-editing") || document.getElementById("error-summary")) return;
  var match = document.body.dataset.match, drawn = Number(form.dataset.number);
  var copy = offlineCopy();
  if (!copy) store.set(KNOWN + match, String(drawn - 1));
  var target = nextNumber(match, drawn);
  if (copy) form.elements.save_key.value = newKey();  // the copy's key may have been sent already
  if (target === drawn) return;
  if (form.hasAttribute("data-app-deals")) {  // the cards of the next deal are the server's to deal
    var stop = make("p", "pwa-note kept-note", say("appDealsNext", { next: target }));
    stop.id = "kept-app-deals";
    form.parentNode.insertBefore(stop, form);
    form.hidden = true;
    return;
  }
  var title = document.getElementById("deal-title");
  var before = say("dealTitle", { number: drawn }), after = say("dealTitle", { number: target });
  document.title = document.title.replace(before, after);
  title.textContent = after;
  form.dataset.number = String(target);
  form.elements.number.value = String(target);
  form.elements.save_key.value = newKey();
  form.dataset.draftKey = form.dataset.draftKey.replace(/:\d+$/, ":" + target);
  form.dataset.previewUrl = form.dataset.previewUrl.replace(/\/deals\/\d+\/preview$/, "/deals/" + target + "/preview");
  ["bar-save", "save-button"].forEach(function (id) {
    var save = document.getElementById(id);
    if (save) save.textContent = say("saveDeal", { number: target });
  });
  // Who deals and leads, and the trump: deal `drawn`'s as the server gave them, marked so.
  Array.prototype.forEach.call(form.querySelectorAll(".badge-deal, .badge-lead"), function (badge) { badge.remove(); });
  var facts = document.querySelector(".deal-head .deal-facts");
  if (facts) { facts.classList.add("as-of-facts"); asOf(facts.parentNode, facts.nextSibling, drawn); }
}

ready.push(adaptForm);
views.push(showFormNote);
