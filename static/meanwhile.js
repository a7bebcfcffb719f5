// The deal form's "meanwhile" note (record or edit), kept up to date by poll.js: a version past the
// one the form was opened at shows, before Save, that another scorekeeper saved meanwhile, with a
// link to reload (the server still refuses a save based on an out-of-date form, as before). The
// form works without this file.
import { say } from "./app.js";  // the page's words, in its language
import { poll } from "./poll.js";

document.addEventListener("DOMContentLoaded", function () {
  var form = document.getElementById("deal-form");
  var url = document.body.dataset.live;
  if (form && url && window.fetch) poll(url, null, meanwhile(form));
});

function meanwhile(form) {
  var opened = Number(form.elements.version && form.elements.version.value);
  var number = Number(form.dataset.number);
  var editing = form.hasAttribute("data-editing");
  var warned = false, polled = false;

  function warn(text) {
    warned = true;
    var note = document.createElement("div");
    note.className = "meanwhile";
    note.id = "meanwhile";
    note.setAttribute("role", "alert");
    var p = document.createElement("p");
    p.textContent = text + " ";
    var link = document.createElement("a");
    link.href = window.location.pathname;
    link.textContent = say("reload");
    p.appendChild(link);
    note.appendChild(p);
    var tally = document.getElementById("tally");
    if (tally && !tally.hidden) {
      tally.classList.add("has-meanwhile");
      tally.insertBefore(note, tally.firstChild);
    } else {
      var actions = form.querySelector(".actions");
      form.insertBefore(note, actions);
    }
  }

  // Not a save but something the board shows (a player showed bid cards from their phone):
  // the list of shown bid cards is brought up to date in place; the figures typed stay.
  function refreshShown() {
    var list = document.querySelector(".shown-bids");
    if (!list) return;
    fetch(window.location.pathname, { cache: "no-store", credentials: "same-origin" }).then(function (response) {
      return response.ok ? response.text() : null;
    }).then(function (html) {
      if (!html) return;
      var fresh = new DOMParser().parseFromString(html, "text/html").querySelector(".shown-bids");
      var now = document.querySelector(".shown-bids");
      if (fresh && now && fresh.outerHTML !== now.outerHTML) now.replaceWith(document.importNode(fresh, true));
    }).catch(function () { /* offline for a moment: the next change tries again */ });
  }

  return {
    changed: function (info) {
      var first = !polled;  // the first answer is the page as it was opened: nothing new yet
      polled = true;
      if (!first && !warned && !isNaN(opened) && info.version <= opened) refreshShown();
      if (warned || isNaN(opened) || info.version <= opened) return null;
      if (!editing && info.deals >= number) warn(say("savedMeanwhile", { number: number }));
      else if (editing && info.deals >= number) warn(say("changedDeal", { number: number }));
      else warn(say("changedMatch"));
      return null;
    },
    reached: function () {},
    unreachable: function () {},
    gone: function () { warn(say("goneForm")); },
    done: function () { return warned; },
  };
}
