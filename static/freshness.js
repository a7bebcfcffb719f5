// How fresh a live page is: its status line ("Updated just now", "… 2 min ago", "… at 20:15";
// or, failing, "Can't reach the server …"), for live.js's boards and screen.js's big screen.
import { say, clock } from "./app.js";

export function freshness(status, since, failing) {
  var lastReached = since;

  // "Updated just now", "… 2 min ago", "… at 20:15"; or, failing, "Can't reach the server …".
  function words() {
    var MINUTE = 60000, HOUR = 3600000, elapsed = Date.now() - lastReached;
    var key = failing ? "failing" : "updated";
    if (elapsed < MINUTE) return say(key + "Now");
    if (elapsed < HOUR) return say(key + "Ago", { num: Math.floor(elapsed / MINUTE) });
    return say(key + "At", { time: clock(new Date(lastReached)) });
  }

  function show() {
    var text = words();
    if (status.textContent !== text) status.textContent = text;  // the same words are not read out again
    status.classList.toggle("live-failing", failing);
  }

  show();
  return {
    reached: function () { lastReached = Date.now(); failing = false; show(); },
    unreachable: function () { failing = true; show(); },
    gone: function (text) { status.textContent = text; status.classList.add("live-failing"); },
  };
}
