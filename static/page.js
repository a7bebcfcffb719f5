// The entry module of a page with no script of its own (assets.ENTRIES; base.html names it): what
// every page runs. A page with more names an entry of its own (page-*.js), which imports these
// and its own; assets.py links an entry and what it imports into one file.
import "./app.js";
import "./kept-saves.js";
import "./kept-problems.js";
import "./theme-toggle.js";
import "./installable.js";
