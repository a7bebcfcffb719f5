// The table's big screen (play/screen.html, play/screen_empty.html): kept live and awake, with its
// Fullscreen button (screen.js).
import "./app.js";
import "./kept-saves.js";
import "./kept-problems.js";
import "./theme-toggle.js";
import "./wake-lock.js";
import "./installable.js";
import "./screen.js";
import "./fullscreen.js";
