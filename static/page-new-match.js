// The new-match form (play/new_match.html): every page's scripts and the form's (new-match.js).
import "./app.js";
import "./kept-saves.js";
import "./kept-problems.js";
import "./theme-toggle.js";
import "./installable.js";
import "./new-match.js";
