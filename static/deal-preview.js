// The deal form's live preview: the server scores the deal with the core and sends back the
// points (never scored here).
import { say } from "./app.js";

// A line of the preview's own: a note (muted) or a problem (an alert).
function line(className, text) {
  var p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}

export function dealPreview(ctx) {
  var form = ctx.form, seats = ctx.seats;
  var preview = document.getElementById("preview");
  var tallyPoints = document.getElementById("tally-points");
  var tallyAlso = document.getElementById("tally-also");
  // Live preview: the server scores the deal with the core and sends back the points. It is
  // asked only when it can say something: every bid and every player's tricks are in (until
  // then the server could only answer "incomplete", which is shown here without asking), and
  // the form differs from what it last scored. A plain deal costs one request, not one a tap.
  var timer = null;
  var sequence = 0;
  var lastSent = null;
  var waiting = preview.dataset.incomplete;
  function complete() {
    return seats.every(function (seat) {
      return seat.querySelector(".bid-input").value.trim() !== "" && seat.querySelector(".tricks-input").value.trim() !== "";
    });
  }
  function formKey() {
    var body = new FormData(form);
    body.delete("action");
    body.delete("csrf_token");
    return new URLSearchParams(body).toString();
  }
  function showWaiting() {
    preview.replaceChildren(line("muted", waiting));
    tallyPoints.textContent = "";
    tallyAlso.textContent = "";
    tallyPoints.classList.remove("problem");
  }
  function requestPreview() {
    clearTimeout(timer);
    if (!complete()) {
      ++sequence;  // an answer still on its way is out of date
      if (lastSent !== "" && waiting) showWaiting();
      lastSent = "";
      return;
    }
    timer = setTimeout(function () {
      var key = formKey();
      if (key === lastSent) return;  // the points shown are this form's already
      lastSent = key;
      var body = new FormData(form);
      body.delete("action");
      var mine = ++sequence;
      fetch(form.dataset.previewUrl, { method: "POST", body: body, credentials: "same-origin" })
        .then(function (response) {
          if (!response.ok) throw new Error(String(response.status));
          return response.text();
        })
        .then(function (html) {
          if (mine !== sequence) return;
          preview.innerHTML = html;
          // The bar by the Save button repeats the points in one line (or the problem).
          var compact = preview.querySelector(".pv-compact");
          var problem = preview.querySelector(".preview-error");
          tallyPoints.textContent = compact ? compact.textContent : problem ? "⚠ " + problem.textContent : "";
          tallyPoints.classList.toggle("problem", !!problem);
          // An edit that moves later deals (a trump, a game's end, the winner) says so by the Save button.
          var also = preview.querySelector(".pv-also");
          tallyAlso.textContent = also && !problem ? also.textContent : "";
        })
        .catch(function () {
          if (mine === sequence) {
            lastSent = null;  // ask again at the next change
            tallyPoints.textContent = "";
            tallyAlso.textContent = "";
            preview.replaceChildren(line("muted", say("previewOffline")));
          }
        });
    }, 250);
  }

  // The points the server drew with the page are this form's, unless a draft was put back.
  function start(restored) {
    if (!restored && complete() && preview.querySelector(".pv-compact")) lastSent = formKey();
    else if (!complete()) lastSent = "";  // the page shows the "once every bid" note already
    requestPreview();
  }

  return { request: requestPreview, start: start };
}
