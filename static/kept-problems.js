// Every page but the deal form: the saves kept on this phone that the server would not take (the
// match deleted, or this phone no longer its scorekeeper: kept, with the reason and what they held,
// until dismissed) and the held ones (the server answered with the form again: Open shows its
// answer). The deal form says the same of its own save in its note (kept-form.js).
import { say } from "./app.js";
import { all, button, drop, lostWords, make, note, open, pathOf, sendNow, show, views } from "./kept-saves.js";

function figures(entry) {  // "Ann 4/4 · Bob 2/2 · Cy 3/3": what a kept save held
  return (entry.seats || []).map(function (seat) { return seat[0] + " " + seat[1] + "/" + seat[2]; }).join(" · ");
}

// Every page: the saves the server would not take (lost: kept until dismissed) and the held ones
// (the server answered with the form again), each with what it held and what can be done.
function showProblems() {
  var main = document.getElementById("main");
  if (!main) return;
  var box = note("kept-problems", "kept-problems");
  box.replaceChildren();
  all().forEach(function (entry) {
    if (entry.state !== "lost" && entry.state !== "held") return;
    // The page that is the server's answer to a held save shows it already.
    var answered = entry.state === "held" && pathOf(entry.location) === window.location.pathname &&
      !!document.querySelector("#error-summary, .saved-deal");
    if (answered) return;
    var item = make("div", "pwa-note kept-problem");
    var words = entry.state === "held" ? say("heldNote", { number: entry.number }) : lostWords(entry);
    var text = make("span");
    text.appendChild(make("span", "", words));
    if (entry.state === "lost" && entry.seats) text.appendChild(make("small", "kept-figures", say("lostFigures") + " " + figures(entry)));
    item.appendChild(text);
    if (entry.state === "held") item.appendChild(button(say("openHeld", { number: entry.number }), function () { open(entry); }));
    item.appendChild(button(say("dismissKept"), function () { drop(entry); show(); sendNow(); }));
    box.appendChild(item);
  });
  if (!box.childNodes.length) { box.remove(); return; }
  if (!box.parentNode) {
    var line = document.getElementById("kept-line");
    main.insertBefore(box, line ? line.nextSibling : main.firstChild);
    if (box.getBoundingClientRect().bottom < 0) box.scrollIntoView({ block: "start" });  // told where the phone is looking
  }
}

views.push(showProblems);
