// A page whose first screen the server drew (src/server/http/client-assets.ts,
// scriptsAfterFirstPaint: a visitor's public page, a signed-in user's first screen) names its
// scripts here: the app's entry and the modules the page needs at once. They are asked for once the
// browser has shown that screen (its first contentful paint), so that until then the page's HTML
// and style sheet have the connection to themselves, and a fast connection does not hold the first
// paint back while the scripts run. A hidden tab draws no frames: it asks at once.
//
// The entry goes first; the page's modules follow a few at a time, each batch in a task of its own.
// Each <link rel="modulepreload"> the browser takes in costs the main thread its request's setup:
// on a phone (Lighthouse's fourfold slowdown) the coach dashboard's 37 in one insertion made one task
// of 220-410 ms, the page's longest; four at a time stay well under 50 ms each.
//
// Until the app has taken over (it dispatches "app-ready", src/client/lib/hydration.ts), a tap on a
// button of the page and a form sent are held, then replayed: drawn by the server, they would
// otherwise do nothing (a button) or be sent by the browser itself (a form, its fields in the
// address). Links are left alone: they go where they point.
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
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var app = document.createElement("script");
    app.type = "module";
    app.crossOrigin = "";
    app.src = entry;
    document.head.append(app);
    if (modules.length > 0) later(preloadSome);
  }

  // Held until the app is ready: taps on a button of the app's root, and forms sent from it.
  var held = [];
  var HELD_AT_MOST_MS = 15000;
  function hold(event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target || !target.closest("#root")) return;
    if (event.type === "submit") {
      event.preventDefault();
      held.push(function () {
        if (target.isConnected && target.requestSubmit) target.requestSubmit();
      });
      return;
    }
    var control = target.closest("button, [role='button'], summary, input[type='checkbox'], input[type='radio']");
    if (!control || control.closest("a[href]")) return;
    // A form's submit button sends the form: that "submit" is the one held.
    if (control.matches("button[type='submit'], button:not([type])") && control.form) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(function () {
      if (control.isConnected) control.click();
    });
  }
  function release(replay) {
    document.removeEventListener("click", hold, true);
    document.removeEventListener("submit", hold, true);
    var waiting = held;
    held = [];
    if (replay) for (var i = 0; i < waiting.length; i++) waiting[i]();
  }
  document.addEventListener("click", hold, true);
  document.addEventListener("submit", hold, true);
  document.addEventListener(
    "app-ready",
    function () {
      // After the commit that announced it, once its effects have run.
      setTimeout(function () {
        release(true);
      }, 0);
    },
    { once: true },
  );
  // An app that never comes (its scripts failed to load) leaves the page to the browser.
  setTimeout(function () {
    release(false);
  }, HELD_AT_MOST_MS);

  // After the first contentful paint; or at once in a hidden tab; or after a while, if the page
  // paints nothing the browser counts as content (or does not report paints).
  if (document.hidden) return start();
  setTimeout(start, 3000);
  try {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    });
    observer.observe({ type: "paint", buffered: true });
  } catch (e) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
})();
