// The scoreboard's part of the saves kept on this phone (kept-saves.js): the deals kept here as
// rows of bids and tricks with no points (the points are the server's to work out, once it has
// them), and Record offering the next deal not kept yet, its dealer and trump marked as of the
// last deal the server has.
import { store, say } from "./app.js";
import { KNOWN, asOf, listFor, make, nextNumber, offlineCopy, ready, views } from "./kept-saves.js";

// The scoreboard: the deals kept on this phone, as rows of bids and tricks with no points (the
// points are the server's to work out, once it has them).
function showRows() {
  var main = document.getElementById("main");
  if (!main || !document.body.hasAttribute("data-saved-deals")) return;
  var list = listFor(document.body.dataset.match).filter(function (entry) { return entry.state !== "lost" && entry.seats; });
  var section = document.getElementById("kept-deals");
  if (!list.length) { if (section) section.remove(); return; }
  if (!section) {
    section = make("section", "kept-deals card");
    section.id = "kept-deals";
    section.setAttribute("aria-labelledby", "kept-heading");
    // Under the next deal's card (where Record is), else above the deals saved.
    var next = main.querySelector("section.next");
    var place = next ? next.nextSibling : main.querySelector("section.deals") || main.querySelector(".match-foot");
    (next ? next.parentNode : main).insertBefore(section, place);
  }
  var heading = make("h2", "section-title", say("keptTitle"));
  heading.id = "kept-heading";
  var table = make("table", "deal-table kept-table");
  var head = table.appendChild(make("thead")).appendChild(make("tr"));
  head.appendChild(make("th", "num-col", "#")).scope = "col";
  list[0].seats.forEach(function (seat) {
    var cell = head.appendChild(make("th", "", seat[0]));
    cell.scope = "col";
    cell.appendChild(make("small", "col-key", say("keptBidTook")));
  });
  list.forEach(function (entry) {
    var body = table.appendChild(make("tbody", "kept-row kept-" + entry.state));
    body.id = "kept-deal-" + entry.number;
    var row = body.appendChild(make("tr"));
    var number = row.appendChild(make("th", "", String(entry.number)));
    number.scope = "row";
    number.rowSpan = 2;
    entry.seats.forEach(function (seat) { row.appendChild(make("td", "bt", seat[1] + "/" + seat[2])); });
    var state = make("td", "kept-state", say(entry.state === "held" ? "keptHeld" : entry.editing ? "keptChange" : "keptWaiting"));
    state.colSpan = entry.seats.length;
    body.appendChild(make("tr")).appendChild(state);
  });
  var wrap = make("div", "table-wrap");
  wrap.appendChild(table);
  section.replaceChildren(heading, wrap);
}

// The scoreboard (or its copy): Record the next deal not kept yet, its facts marked likewise.
function adaptBoard() {
  var record = document.getElementById("record-next");
  var match = document.body.dataset.match;
  if (!document.body.hasAttribute("data-saved-deals")) return;
  if (!offlineCopy()) store.set(KNOWN + match, document.body.dataset.savedDeals);
  if (!record) return;
  var drawn = Number(record.dataset.number), target = nextNumber(match, drawn);
  if (target === drawn) return;
  record.textContent = say("recordDeal", { number: target });
  var facts = document.querySelector("section.next .next-facts");
  if (facts) { facts.classList.add("as-of-facts"); asOf(facts.parentNode, facts.nextSibling, drawn); }
}

ready.push(adaptBoard);
views.push(showRows);
