// The theme button: Auto (the system's) → Dark → Light → Auto, kept on this phone.
import { store, say } from "./app.js";

function themeToggle() {
  var button = document.getElementById("theme-toggle");
  if (!button) return;
  var root = document.documentElement;
  var names = { system: say("themeAuto"), dark: say("themeDark"), light: say("themeLight") };
  var next = { system: "dark", dark: "light", light: "system" };
  function show() {
    var theme = root.dataset.theme || "system";
    button.querySelector(".theme-text").textContent = names[theme];
    button.setAttribute("aria-label", say(theme === "system" ? "themeLabelAuto" : "themeLabel", { theme: names[theme] }));
  }
  button.hidden = false;
  show();
  button.addEventListener("click", function () {
    var theme = next[root.dataset.theme || "system"];
    root.dataset.theme = theme;
    if (theme === "system") store.remove("ninety-nine:theme"); else store.set("ninety-nine:theme", theme);
    show();
  });
}

document.addEventListener("DOMContentLoaded", themeToggle);
