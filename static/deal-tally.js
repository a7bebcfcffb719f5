// The deal form's tricks: their chips, and the tricks left to hand out (a counting aid, not a
// score), the last player's filled in as the rest until the person taps their own figure.
import { say } from "./app.js";

export function dealTally(ctx) {
  var form = ctx.form, seats = ctx.seats, changed = ctx.changed;
  var total = Number(form.dataset.tricks);
  var tally = document.getElementById("tally");
  var tricksLeft = document.getElementById("tricks-left");
  var autoSeat = null;  // the seat whose tricks were filled in as the rest

  // A figure typed over the rest is the person's own, as a tapped one is (this listener is the
  // form's first, so it runs before the tally fills the rest in again).
  form.addEventListener("input", function (event) {
    if (autoSeat && event.target === autoSeat.querySelector(".tricks-input")) autoSeat = null;
  });
  // A tap into the rest the form filled in selects it, so that what the person types replaces it
  // ("2" filled in, "3" typed: 3, not 23). Selected again after the tap's own caret placing.
  form.addEventListener("focusin", function (event) {
    var box = event.target;
    if (!autoSeat || box !== autoSeat.querySelector(".tricks-input")) return;
    box.select();
    setTimeout(function () { if (document.activeElement === box && autoSeat && box.value) box.select(); }, 0);
  });

  seats.forEach(function (seat) {
    var tricks = seat.querySelector(".tricks-input");
    seat.querySelectorAll(".tricks-field [data-set]").forEach(function (chip) {
      chip.addEventListener("click", function () {
        var confirming = autoSeat === seat;  // a tap makes the filled-in rest the person's own
        autoSeat = confirming ? null : autoSeat;
        tricks.value = !confirming && tricks.value.trim() === chip.dataset.set ? "" : chip.dataset.set;
        changed(tricks);
      });
    });
  });

  function updateTally() {
    // The last player's tricks, once the others' are known: the rest, filled in (and again at
    // every change) until the person taps that player's own figure.
    if (autoSeat) autoSeat.querySelector(".tricks-input").value = "";
    var given = 0;
    var empty = [];
    seats.forEach(function (seat) {
      var value = seat.querySelector(".tricks-input").value.trim();
      if (value === "" || isNaN(Number(value))) empty.push(seat); else given += Number(value);
    });
    var left = total - given;
    autoSeat = empty.length === 1 && left >= 0 ? empty.pop() : null;
    if (autoSeat) {
      autoSeat.querySelector(".tricks-input").value = String(left);
      left = 0;
    }
    tally.classList.toggle("over", left < 0);
    tally.classList.toggle("done", left === 0 && empty.length === 0);
    if (left < 0) tricksLeft.textContent = say("tricksOver", { num: -left });
    else if (left === 0 && empty.length === 0) tricksLeft.textContent = say("tricksAll", { num: total });
    else tricksLeft.textContent = say("tricksLeft", { num: left });
  }

  function syncChips() {
    seats.forEach(function (seat) {
      var tricks = seat.querySelector(".tricks-input").value.trim();
      seat.querySelectorAll(".tricks-field [data-set]").forEach(function (chip) {
        chip.setAttribute("aria-pressed", String(chip.dataset.set === tricks));
      });
    });
  }

  // Which seat's tricks are the rest the form filled in (its data-seat), for the deal's draft.
  function rest() {
    return autoSeat ? autoSeat.dataset.seat : null;
  }

  // A form drawn again (a save refused, or a draft put back): the seat whose tricks the form had
  // filled in, as the draft kept it, is filled in again at every change, as on a fresh form, if
  // its figure is still the rest of the others'. A figure the person gave stays theirs.
  function adopt(seatNumber) {
    if (seatNumber === null || seatNumber === undefined) return;
    var given = 0;
    var found = null;
    var known = seats.every(function (seat) {
      var value = seat.querySelector(".tricks-input").value.trim();
      if (seat.dataset.seat === String(seatNumber)) { found = seat; return value !== ""; }
      given += Number(value);
      return value !== "" && !isNaN(Number(value));
    });
    if (known && found && found.querySelector(".tricks-input").value.trim() === String(total - given)) autoSeat = found;
  }

  return { update: updateTally, syncChips: syncChips, rest: rest, adopt: adopt };
}
