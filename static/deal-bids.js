// The deal form's bids: the number chips, the suit chips that lay bid cards aside (as many as a
// bid is, which the page says: data-bid-cards, from the core), the value three cards make (the
// core's, carried by the page), and the turned card's grid.
import { say } from "./app.js";

export function dealBids(ctx) {
  var form = ctx.form, seats = ctx.seats, changed = ctx.changed;
  var count = Number(form.dataset.bidCards);
  var words = form.dataset.bidCardsWords;  // "three cards", in the page's language
  // The suits' letters by the signs the chips show, and the core's value of every three suits.
  var letters = {};
  form.querySelectorAll(".suit-chip[data-add]").forEach(function (chip) {
    var sign = chip.querySelector(".suit");
    if (sign) letters[sign.textContent] = chip.dataset.add;
    letters[chip.dataset.add.toUpperCase()] = chip.dataset.add;
  });
  // Chips write into the field beside them (the field is what is sent); tapped again, they clear it.
  var values = JSON.parse(form.dataset.cardValues || "{}");
  seats.forEach(function (seat) {
    var bid = seat.querySelector(".bid-input");
    var pad = seat.querySelector(".bid-field");
    var note = seat.querySelector(".card-note");
    seat.querySelectorAll(".bid-field [data-set]").forEach(function (chip) {
      chip.addEventListener("click", function () {
        bid.value = bid.value.trim().toLowerCase() === chip.dataset.set ? "" : chip.dataset.set;
        changed(bid);
      });
    });
    seat.querySelector("[data-cards-mode]").addEventListener("click", function () {
      pad.classList.add("cards-mode");
      if (bidCards(bid.value) === null) { bid.value = ""; changed(bid); }
      seat.querySelector(".suit-chip").focus();
    });
    seat.querySelector("[data-numbers-mode]").addEventListener("click", function () {
      pad.classList.remove("cards-mode");
      note.hidden = true;
      if (bidCards(bid.value) !== null) { bid.value = ""; changed(bid); }
    });
    seat.querySelectorAll(".bid-field [data-add]").forEach(function (chip) {
      chip.addEventListener("click", function () {
        var cards = bidCards(bid.value) || [];
        if (cards.length >= count) {  // never start over silently
          note.textContent = say("bidIsCards", { cards: words });
          note.hidden = false;
          return;
        }
        // A suit chip adds the suit sign the server drew on it; the Joker chip its word.
        var sign = chip.querySelector(".suit");
        cards.push(sign ? sign.textContent : chip.dataset.add);
        bid.value = cards.join(" ");
        changed(bid);
      });
    });
    seat.querySelector("[data-backspace]").addEventListener("click", function () {
      var cards = bidCards(bid.value) || [];
      cards.pop();
      bid.value = cards.join(" ");
      changed(bid);
    });
    if (bidCards(bid.value) && bidCards(bid.value).length) pad.classList.add("cards-mode");
  });

  // The turned card. Where every card shows (turn-lines, turn-blocks), a tap picks it; then only
  // the card picked stays, with Change beside it to show them all again. The arrow keys move
  // through the cards without folding them away (a keyboard's click has no count), and a card
  // the server refused stays open. A 52-card pack (turn-by-suit): a suit shows its ranks, and
  // the Joker's tab picks the Joker.
  var turned = form.querySelector(".turned-card");
  var bySuit = !!turned && turned.classList.contains("turn-by-suit");
  var reopened = !!(turned && turned.querySelector(".card-grid-field.has-error"));
  function syncCard() {
    if (!turned || bySuit) return;
    turned.classList.toggle("picked", !reopened && !!turned.querySelector("input[name='turn_up']:checked"));
  }
  if (turned && !bySuit) {
    turned.querySelectorAll("input[name='turn_up']").forEach(function (input) {
      input.addEventListener("click", function (event) {
        if (event.detail === 0) return;
        reopened = false;
        syncCard();
      });
    });
    turned.querySelector("[data-turn-change]").addEventListener("click", function () {
      reopened = true;
      syncCard();
      var chosen = turned.querySelector("input[name='turn_up']:checked");
      if (chosen) chosen.focus();
    });
  }
  if (bySuit) {
    var rows = Array.prototype.slice.call(turned.querySelectorAll("[data-suit-row]"));
    var tabs = Array.prototype.slice.call(turned.querySelectorAll("[data-suit-tab]"));
    var showSuit = function (key) {
      rows.forEach(function (row) { row.classList.toggle("shown", row.dataset.suitRow === key && key !== "Joker"); });
      tabs.forEach(function (tab) { tab.setAttribute("aria-pressed", String(tab.dataset.suitTab === key)); });
    };
    tabs.forEach(function (tab) {
      tab.addEventListener("click", function () {
        showSuit(tab.dataset.suitTab);
        if (tab.dataset.suitTab === "Joker") {
          var joker = turned.querySelector("[data-suit-row='Joker'] input");
          joker.checked = true;
          joker.dispatchEvent(new Event("change", { bubbles: true }));
        }
      });
    });
    var chosen = turned.querySelector("input:checked");
    if (chosen) showSuit(chosen.closest("[data-suit-row]").dataset.suitRow);
  }

  // "= 4" beside three bid cards: the core's value, carried by the page.
  function cardsValue(cards) {
    if (cards.length < count) return say("cardsSoFar", { given: cards.length, num: count });
    // A suit (its sign or letter), or a card (6H, or 6 and the sign): its suit's letter.
    var key = cards.map(function (c) { return letters[c.toUpperCase()] || letters[c.slice(-1).toUpperCase()] || c; });
    if (key.indexOf("Joker") >= 0) return say("jokerBid");
    key.sort();
    var value = values[key.join("")];
    return value === undefined ? "" : "= " + value;
  }
  function showValues() {
    seats.forEach(function (seat) {
      var cards = bidCards(seat.querySelector(".bid-input").value);
      // Bid cards in the box (typed, restored, or filled in from the phones): the suit chips
      // and the value they make show, not the number pad beside a box too narrow for them.
      if (cards && cards.length) seat.querySelector(".bid-field").classList.add("cards-mode");
      var output = seat.querySelector(".bid-value");
      output.textContent = cards && cards.length ? cardsValue(cards) : "";
      var note = seat.querySelector(".card-note");
      if (!cards || cards.length < count) note.hidden = true;
    });
  }

  // The bid cards typed so far (suits, cards such as 10H, the Joker), or null for anything else.
  function bidCards(value) {
    value = value.trim();
    if (!value) return [];
    var cards = value.split(/\s+/);
    var readable = cards.every(function (card) {
      var suit = card.slice(-1);
      return /^joker$/i.test(card) || (/^(10|[2-9JQKA])?.$/i.test(card) && (suit in letters || suit.toUpperCase() in letters));
    });
    return readable ? cards : null;
  }

  function syncChips() {
    seats.forEach(function (seat) {
      var bid = seat.querySelector(".bid-input").value.trim().toLowerCase();
      seat.querySelectorAll(".bid-field [data-set]").forEach(function (chip) {
        chip.setAttribute("aria-pressed", String(chip.dataset.set === bid));
      });
    });
  }

  return { showValues: showValues, syncChips: syncChips, syncCard: syncCard };
}
