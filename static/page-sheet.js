// The printable pages (score sheets, a deal set's sheet, a night's results) and the blank-sheet
// form: every page's scripts and sheet.js (Print, the fit to the screen, the names typed).
import "./app.js";
import "./kept-saves.js";
import "./kept-problems.js";
import "./theme-toggle.js";
import "./installable.js";
import "./sheet.js";
