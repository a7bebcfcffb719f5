// A new deal set's form (cards/new_deal_set.html): every page's scripts and the form's.
import "./app.js";
import "./kept-saves.js";
import "./kept-problems.js";
import "./theme-toggle.js";
import "./installable.js";
import "./deal-set-form.js";
