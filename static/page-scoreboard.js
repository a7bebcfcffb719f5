// The scoreboard (play/scoreboard.html): the deals kept on this phone shown as rows, Record the
// next one, the drafts of deals saved forgotten, the screen kept on, the note about a sleeping
// screen, and the board kept live.
import "./app.js";
import "./kept-saves.js";
import "./kept-board.js";
import "./kept-problems.js";
import "./theme-toggle.js";
import "./wake-lock.js";
import "./saved-drafts.js";
import "./installable.js";
import "./sleep-note.js";
import "./live.js";
