// A page whose first screen the server painted (src/server/http/client-assets.ts, withFirstScreen)
// names its scripts here: the app's entry and the modules the page needs at once. They are asked
// for once the browser has shown that screen, so that until then the page's HTML and style sheet
// have the connection to themselves, and a fast connection does not hold the first paint back
// while the scripts run. A hidden tab draws no frames: it asks at once.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute("data-entry");
  if (!entry) return;
  var modules = (script.getAttribute("data-preload") || "").split(" ").filter(Boolean);
  function start() {
    // One insertion for every element: the browser takes them in at once, not one after another.
    var elements = modules.map(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      return link;
    });
    var app = document.createElement("script");
    app.type = "module";
    app.crossOrigin = "";
    app.src = entry;
    elements.push(app);
    document.head.append.apply(document.head, elements);
  }
  if (document.hidden) start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
