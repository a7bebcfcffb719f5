// The theme button: Auto (the system's) → Dark → Light → Auto, kept on this phone.
(function () {
  "use strict";
  var store = window.ninetyNine.store;

  function themeToggle() {
    var button = document.getElementById("theme-toggle");
    if (!button) return;
    var root = document.documentElement;
    var names = { system: "Auto", dark: "Dark", light: "Light" };
    var next = { system: "dark", dark: "light", light: "system" };
    function show() {
      var theme = root.dataset.theme || "system";
      button.querySelector(".theme-text").textContent = names[theme];
      button.setAttribute("aria-label", "Colour theme: " + names[theme] +
        (theme === "system" ? " (follows the phone)" : "") + ". Change it");
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
})();
