// A player's hand when the app deals (cards/hand.html): every page's scripts, the screen kept on,
// and the bid helper with the page following the deal (dealing.js).
import "./app.js";
import "./kept-saves.js";
import "./kept-problems.js";
import "./theme-toggle.js";
import "./wake-lock.js";
import "./installable.js";
import "./dealing.js";
