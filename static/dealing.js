// A player's hand, when the app deals: the bid helper (which three cards make which bid, from the
// core's list sent with the page; nothing is worked out here), and the page following the deal
// once it is recorded. (The scorekeeper's "fill in the shown bid cards" is fill-shown.js's, the
// new-match form's cards new-match.js's.) The page works without this file.
import { store, say } from "./app.js";

document.addEventListener("DOMContentLoaded", function () {
  var form = document.getElementById("bid");
  if (form && form.dataset.ways && document.getElementById("bid-now")) bidHelper(form);
  if (document.body.dataset.hand) followDeal(document.body.dataset.hand);
});

// ---- the bid helper ------------------------------------------------------------------------
function bidHelper(form) {
  var count = Number(form.dataset.bidCards);  // how many cards a bid is: the core's, carried by the page
  var words = form.dataset.bidCardsWords;  // "three cards", in the page's language
  var ways = JSON.parse(form.dataset.ways);  // {"4": [[0, 3, 7], ...]}: positions in the hand
  var boxes = Array.prototype.slice.call(form.querySelectorAll("input[name='card']"));
  var bidNow = document.getElementById("bid-now");
  var chips = Array.prototype.slice.call(form.querySelectorAll("[data-bid]"));
  var bidOf = {};
  Object.keys(ways).forEach(function (bid) {
    ways[bid].forEach(function (three) { bidOf[three.join(",")] = bid; });
  });
  var order = [];  // positions in the order they were tapped: a fourth tap drops the oldest
  var cycle = {};  // for each bid chip, which of its ways was picked last

  function chosen() {
    return boxes.filter(function (b) { return b.checked; }).map(function (b) { return Number(b.dataset.i); });
  }
  var aliases = JSON.parse(form.dataset.aliases || "{}");  // the core's: {"0": 10, ...} where bids alias
  function label(bid) {
    var also = aliases[String(Number(bid))];
    return also !== undefined ? say("bidOr", { bid: bid, also: also }) : String(bid);
  }
  function show() {
    var picked = chosen().sort(function (a, b) { return a - b; });
    var bid = picked.length === count ? bidOf[picked.join(",")] : undefined;
    boxes.forEach(function (b) { b.closest(".tile").classList.toggle("picked", b.checked); });
    if (picked.length === count && bid !== undefined) bidNow.textContent = say("yourBid", { bid: label(bid) });
    else if (picked.length === count) bidNow.textContent = say("noBid", { cards: words });
    else bidNow.textContent = picked.length === 0 ? say("choose", { cards: words }) : say("chooseMore", { num: count - picked.length });
    chips.forEach(function (chip) { chip.setAttribute("aria-pressed", String(chip.dataset.bid === bid)); });
    // "Show these three instead" only once three other cards are picked than those shown.
    form.classList.toggle("same-three", !!form.dataset.shown && boxes.filter(function (b) { return b.checked; })
      .map(function (b) { return b.value; }).sort().join(" ") === form.dataset.shown.split(" ").sort().join(" "));
    if (!form.dataset.shown) store.set(form.dataset.key, JSON.stringify(picked));
  }
  function pick(positions) {
    boxes.forEach(function (b) { b.checked = positions.indexOf(Number(b.dataset.i)) >= 0; });
    order = positions.slice();
    show();
  }

  boxes.forEach(function (box) {
    box.addEventListener("change", function () {
      var i = Number(box.dataset.i);
      order = order.filter(function (p) { return p !== i; });
      if (box.checked) {
        order.push(i);
        if (order.length > count) {
          var dropped = order.shift();
          boxes.forEach(function (b) { if (Number(b.dataset.i) === dropped) b.checked = false; });
        }
      }
      show();
    });
  });
  chips.forEach(function (chip) {
    chip.addEventListener("click", function () {
      var options = ways[chip.dataset.bid];
      if (!options) return;
      var next = ((cycle[chip.dataset.bid] === undefined ? -1 : cycle[chip.dataset.bid]) + 1) % options.length;
      cycle[chip.dataset.bid] = next;
      pick(options[next]);
    });
  });

  // Back on the page: the cards picked before (kept on this phone only), unless some were shown.
  var saved = null;
  try { saved = JSON.parse(store.get(form.dataset.key) || "null"); } catch (e) { saved = null; }
  if (!form.dataset.shown && Array.isArray(saved)) pick(saved);
  else { order = chosen(); show(); }
}

// ---- follow the deal: reload once it is recorded (or the dummy's bid is turned up) ----------
function followDeal(url) {
  var body = document.body;
  function check() {
    if (document.visibilityState !== "visible") return;
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (!state) return;
        if ((state.recorded ? "yes" : "no") !== body.dataset.recorded ||
            (state.dummy_shown ? "yes" : "no") !== body.dataset.dummyShown) {
          // Back at the top, where the news is ("Deal 1 is recorded", the next hand's button),
          // not scrolled down on the old hand as a reload would leave it.
          if ("scrollRestoration" in history) history.scrollRestoration = "manual";
          window.location.reload();
        }
      })
      .catch(function () { /* offline for a moment: try again later */ });
  }
  setInterval(check, 2000);  // as often as the scoreboard asks (live.js)
  document.addEventListener("visibilitychange", check);
}
