// A page whose first screen the server painted (src/server/http/client-assets.ts, withFirstScreen)
// names its scripts here: the app's entry and the modules the page needs at once. They are asked
// for once the browser has shown that screen, so that until then the page's HTML and style sheet
// have the connection to themselves, and a fast connection does not hold the first paint back
// while the scripts run. A hidden tab draws no frames: it asks at once.
//
// The entry goes first; the page's modules follow a few at a time, each batch in a task of its own.
// Each <link rel="modulepreload"> the browser takes in costs the main thread its request's setup:
// on a phone (Lighthouse's fourfold slowdown) the coach dashboard's 37 in one insertion made one task
// of 220-410 ms, the page's longest; four at a time stay well under 50 ms each.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute("data-entry");
  if (!entry) return;
  var modules = (script.getAttribute("data-preload") || "").split(" ").filter(Boolean);
  var BATCH = 4;
  var next = 0;
  var channel = typeof MessageChannel === "function" ? new MessageChannel() : null;
  // A message, not setTimeout: nested timeouts wait at least 4 ms each after the fifth.
  function later(run) {
    if (!channel) return setTimeout(run, 0);
    channel.port1.onmessage = run;
    channel.port2.postMessage(null);
  }
  function preloadSome() {
    var elements = modules.slice(next, next + BATCH).map(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      return link;
    });
    next += BATCH;
    document.head.append.apply(document.head, elements);
    if (next < modules.length) later(preloadSome);
  }
  function start() {
    var app = document.createElement("script");
    app.type = "module";
    app.crossOrigin = "";
    app.src = entry;
    document.head.append(app);
    if (modules.length > 0) later(preloadSome);
  }
  if (document.hidden) start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
