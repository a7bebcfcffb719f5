// The new deal set form: only the seats and options the chosen ruleset has. Each ruleset's radio
// carries the core's facts (data-players, and its option keys as data-options); a field the
// ruleset does not have is hidden and sends nothing. Without scripts every field shows, and the
// server refuses a seat or a choice the ruleset does not have.
function dealSetForm(form) {
  var rulesets = Array.prototype.slice.call(form.querySelectorAll("input[name='ruleset']"));

  function update() {
    var chosen = rulesets.filter(function (r) { return r.checked; })[0];
    if (!chosen) return;
    var players = Number(chosen.dataset.players);
    var keys = chosen.dataset.options.split(" ");
    form.querySelectorAll("[data-option]").forEach(function (box) {
      var offered = keys.indexOf(box.dataset.option) >= 0;
      box.classList.remove("later");  // drawn hidden by the page until now
      box.hidden = !offered;
      box.querySelectorAll("input").forEach(function (input) { input.disabled = !offered; });
    });
    var seats = Array.prototype.slice.call(form.querySelectorAll("#first_dealer .seg"));
    seats.forEach(function (seg) {
      var radio = seg.querySelector("input");
      var offered = Number(seg.dataset.seat) < players;
      seg.classList.remove("later");
      seg.hidden = !offered;
      radio.disabled = !offered;
      if (!offered && radio.checked) seats[0].querySelector("input").checked = true;
    });
  }

  rulesets.forEach(function (r) { r.addEventListener("change", update); });
  update();
}

document.addEventListener("DOMContentLoaded", function () {
  var form = document.getElementById("new-set");
  if (form) dealSetForm(form);
});
