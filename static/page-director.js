// A club night's director's screen (cards/screen.html): live as the boards are (live.js), with a
// Fullscreen button.
import "./app.js";
import "./kept-saves.js";
import "./kept-problems.js";
import "./theme-toggle.js";
import "./installable.js";
import "./live.js";
import "./fullscreen.js";
