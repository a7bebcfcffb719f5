// The deal form (play/deal_form.html), the screen used most and on the slowest phones: its own
// scripts and no other page's (no new-match form, no big screen, no scoreboard rows). Its weight
// cold is measured by `make bench` (docs/performance.md).
import "./app.js";
import "./kept-saves.js";
import "./kept-form.js";
import "./theme-toggle.js";
import "./wake-lock.js";
import "./deal-form.js";
import "./installable.js";
import "./meanwhile.js";
import "./fill-shown.js";
