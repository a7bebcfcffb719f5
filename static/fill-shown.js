// The scorekeeper's deal form, when the app deals: the bid cards shown on the players' phones go
// into the bid fields. Delegated, and read at the tap: meanwhile.js swaps in a newer list as
// players show their cards.
document.addEventListener("click", function (event) {
  var button = event.target.closest && event.target.closest("#fill-shown");
  if (!button) return;
  event.preventDefault();
  JSON.parse(button.dataset.shown).forEach(function (cards, seat) {
    if (!cards) return;
    var input = document.querySelector("fieldset.seat[data-seat='" + seat + "'] .bid-input");
    if (!input) return;
    input.value = cards;  // as the box shows cards: the server's words, with the suits' signs
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
});
