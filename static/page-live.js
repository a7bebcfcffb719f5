// A live page that is not a match's (the ratings, a player's statistics, a club night's organiser's
// page): every page's scripts, and the polling (live.js).
import "./app.js";
import "./kept-saves.js";
import "./kept-problems.js";
import "./theme-toggle.js";
import "./installable.js";
import "./live.js";
