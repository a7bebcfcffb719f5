// Written into every page's <head> (assets.INLINE), so it runs before the page is drawn: apply a
// theme chosen with the toggle (theme-toggle.js), so the page never flashes the other one. A classic
// script, not a module: a module is deferred, and this must run before the first paint. Without a
// choice, or where storage is blocked, the stylesheet follows the system.
(function (root) {
  root.classList.add("js");
  try {
    var theme = localStorage.getItem("ninety-nine:theme");
    if (theme === "dark" || theme === "light") root.dataset.theme = theme;
  } catch (e) {}
})(document.documentElement);
