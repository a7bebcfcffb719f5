// What every page's scripts share, as a module (each feature is a module of its own; a page's entry
// module imports what it uses, and assets.py links them into one file per page: docs/ARCHITECTURE.md):
// the phone's storage, the page's words, and forms sent once. (The parts shown only where scripts
// run, and those only where they do not, are CSS's: data-js-only and no-js-only in app.css.)
import { words } from "./words.js";

// The phone's storage, which a private window or a full disk may refuse: then nothing is kept.
export const store = {
  get: function (key) { try { return localStorage.getItem(key); } catch (e) { return null; } },
  set: function (key, value) { try { localStorage.setItem(key, value); } catch (e) { /* full or blocked */ } },
  remove: function (key) { try { localStorage.removeItem(key); } catch (e) { /* blocked */ } },
  keys: function () { try { return Object.keys(localStorage); } catch (e) { return []; } },
};
// A name as the server's |words filter draws it: each word a box of its own, so a line breaks
// between words and a word too long for its column is cut with an ellipsis, never split.
export function nameWords(element, name) {
  var words = name.trim().split(/\s+/).map(function (word) {
    var span = document.createElement("span");
    span.className = "word";
    span.textContent = word;
    return span;
  });
  element.replaceChildren();
  words.forEach(function (span, i) {
    if (i) element.appendChild(document.createTextNode(" "));
    element.appendChild(span);
  });
}
// The words the scripts say, in the page's language: ./words.js is no file but the words of the
// modules linked into the page's script, made by the server from its catalog
// (scorer/web/presentation/script_words.py, assets.py: a German page asks for page.de.….js).
// say("tricksLeft", { num: 3 }) → "3 tricks left": %(name)s filled in; a word with a count comes in the language's plural forms, picked by its rules.
let plurals = null;
export function say(key, values) {
  values = values || {};
  var text = words[key];
  if (text && typeof text === "object") {
    if (!plurals) {
      plurals = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang)
        : { select: function (n) { return n === 1 ? "one" : "other"; } };
    }
    text = text[plurals.select(values.num)] || text.other;
  }
  if (typeof text !== "string") return key;  // a word this page was not sent: the tests see it
  return text.replace(/%(?:\((\w+)\)s|%)/g, function (all, name) { return name ? String(values[name]) : "%"; });
}
// A time of day as the server writes one ("20:15"), in the page's language.
export function clock(moment) {
  return moment.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}
// A form that must be sent once (Rematch): its button is disabled once it is pressed, so a
// double tap starts one match. Delegated: live.js may have swapped the form in meanwhile.
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (!form.hasAttribute || !form.hasAttribute("data-once")) return;
  var button = form.querySelector("[type=submit]");
  if (button) setTimeout(function () { button.disabled = true; }, 0);
});
