// The service worker (served from /sw.js so that its scope is the whole site; registered by
// installable.js only in a secure context). A classic script: the pages' scripts are modules, but
// a worker registered as a module is not run by every browser a phone may have, and it imports
// nothing. It keeps, for a moment when the server cannot be reached:
// - the app shell: styles, scripts, icons and the offline page;
// - the last scoreboard of each match opened on this phone (/matches/<id>), network first: a
//   scoreboard is always fetched fresh, and the copy is shown only when the fetch fails, with a
//   <meta name="ninety-nine-offline"> added so that installable.js says "Offline: showing the
//   scoreboard as of 20:15";
// - the same for the new-deal form of each match opened (/matches/<id>/deals/new), so that a table
//   plays on while the server is away: kept-saves.js turns the copy into the form of the next deal
//   not kept yet, with a key of its own, and marks what only the server can know (issue 35).
// Nothing else is cached: never a POST's answer, a hand page (/hand/…: private, no-store), an
// export, or any answer that says no-store. Every cached file is fetched fresh first too, so a new
// version of the app is never hidden behind an old copy.
"use strict";

// The server (pwa.py) serves this file with each "/static/..." name below replaced by its
// content-hashed name (assets.py) and the files' version added to CACHE, so a new version of any
// file installs a new cache and the old one is dropped on activation.
var CACHE = "ninety-nine-v1";
var SHELL = [
  "/offline",
  // What the offline pages need: the offline page's and a scoreboard's styles and scripts (page.js,
  // page-scoreboard.js: each entry module is served linked with what it imports, in the page's
  // language), the deal form's (play.css, dealing.css where the app deals, page-deal-form.js).
  "/static/site.css", "/static/play.css", "/static/dealing.css", "/static/print.css",
  "/static/page.js", "/static/page-scoreboard.js", "/static/page-deal-form.js",
  "/static/icon.svg", "/static/icons/icon-192.png", "/static/icons/icon-512.png",
  "/static/icons/maskable-512.png", "/static/icons/apple-touch-icon.png",
];
var SCOREBOARD = /^\/matches\/[0-9]+$/;
var DEAL_FORM = /^\/matches\/[0-9]+\/deals\/new$/;
var KEEP_SCOREBOARDS = 20; // the most recently seen of each kind; older matches' copies are dropped

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(SHELL); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== CACHE; })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function storable(response) {
  return response.ok && !response.redirected && response.type === "basic" &&
    !/no-store/.test(response.headers.get("Cache-Control") || "");
}

// A scoreboard's or a deal form's copy, marked with the time it was fetched.
function keepPage(cache, request, response, kind) {
  return response.text().then(function (html) {
    var headers = new Headers(response.headers);
    headers.set("X-Fetched-At", String(Date.now()));
    return cache.put(request.url, new Response(html, { status: 200, headers: headers }));
  }).then(function () { return cache.keys(); }).then(function (requests) {
    var boards = requests.filter(function (r) { return kind.test(new URL(r.url).pathname); });
    return Promise.all(boards.slice(0, Math.max(0, boards.length - KEEP_SCOREBOARDS))
      .map(function (r) { return cache.delete(r); }));
  });
}

// The copy as a page that says it is one.
function markedOffline(response) {
  var when = response.headers.get("X-Fetched-At") || "";
  return response.text().then(function (html) {
    var meta = '<meta name="ninety-nine-offline" content="' + when.replace(/[^0-9]/g, "") + '">';
    return new Response(html.replace("<head>", "<head>\n  " + meta), { status: 200, headers: response.headers });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return; // POSTs go to the network, and their answers are never kept
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  var path = url.pathname;
  var page = url.search ? null : SCOREBOARD.test(path) ? SCOREBOARD : DEAL_FORM.test(path) ? DEAL_FORM : null;
  var isPage = page !== null;
  var isShell = SHELL.indexOf(path) >= 0 && !url.search;
  if (!isPage && !isShell && request.mode !== "navigate") return; // hand pages, exports, JSON: untouched

  event.respondWith(caches.open(CACHE).then(function (cache) {
    return fetch(request).then(function (response) {
      if ((isPage || isShell) && storable(response)) {
        var copy = response.clone();
        event.waitUntil(isPage ? keepPage(cache, request, copy, page) : cache.put(request.url, copy));
      }
      return response;
    }).catch(function () {
      // The server cannot be reached: the copy, or for a page with none the offline page.
      return cache.match(url.origin + path).then(function (kept) {
        if (kept) return isPage ? markedOffline(kept) : kept;
        if (request.mode === "navigate") return cache.match(url.origin + "/offline");
        return Response.error();
      });
    });
  }));
});
