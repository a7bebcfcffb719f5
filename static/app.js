// What every page's scripts share (each feature is a file of its own, joined into site.js by
// assets.BUNDLES): the phone's storage, the page's words, and forms sent once. (The parts shown only where scripts
// run, and those only where they do not, are CSS's: data-js-only and no-js-only in app.css.)
(function () {
  "use strict";

  // The phone's storage, which a private window or a full disk may refuse: then nothing is kept.
  // Shared with dealing.js (loaded after this file) as window.ninetyNine.store.
  var store = {
    get: function (key) { try { return localStorage.getItem(key); } catch (e) { return null; } },
    set: function (key, value) { try { localStorage.setItem(key, value); } catch (e) { /* full or blocked */ } },
    remove: function (key) { try { localStorage.removeItem(key); } catch (e) { /* blocked */ } },
    keys: function () { try { return Object.keys(localStorage); } catch (e) { return []; } },
  };
  // A name as the server's |words filter draws it: each word a box of its own, so a line breaks
  // between words and a word too long for its column is cut with an ellipsis, never split.
  function nameWords(element, name) {
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
  // The words the scripts say, in the page's language: the server's catalog writes those of this
  // bundle's scripts in front of it (scorer/web/presentation/script_words.py, assets.py: the page
  // asks for site.de.….js in German). say("tricksLeft", { num: 3 }) → "3 tricks left": %(name)s
  // filled in; a word with a count comes in the language's plural forms, picked by its rules.
  var words = window.ninetyNineWords || {}, plurals = null;
  function say(key, values) {
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
  function clock(moment) {
    return moment.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  }
  window.ninetyNine = { store: store, nameWords: nameWords, say: say, clock: clock };

  // A form that must be sent once (Rematch): its button is disabled once it is pressed, so a
  // double tap starts one match. Delegated: live.js may have swapped the form in meanwhile.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-once")) return;
    var button = form.querySelector("[type=submit]");
    if (button) setTimeout(function () { button.disabled = true; }, 0);
  });
})();
