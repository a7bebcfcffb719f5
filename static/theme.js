// Loaded in <head>, before the page is drawn: apply a theme chosen with the toggle, so the page
// never flashes the other one. Without a choice the stylesheet follows the system.
(function () {
  var root = document.documentElement;
  root.classList.add("js");
  try {
    var theme = localStorage.getItem("ninety-nine:theme");
    if (theme === "dark" || theme === "light") root.dataset.theme = theme;
  } catch (e) { /* storage blocked: follow the system */ }
})();
