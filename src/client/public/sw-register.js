/*
 * Registers the service worker (/sw.js, DESIGN 12 "In the pocket") once the page has loaded, and
 * offers "Reload" when a deploy has put a new version in waiting. A file of its own, served as it
 * is and asked for with `defer` by index.html: no page's scripts carry it, and it runs after them.
 */
(function () {
  if (!("serviceWorker" in navigator)) return;
  var PROMPT_ID = "sw-update-prompt";

  function showUpdatePrompt(worker) {
    if (document.getElementById(PROMPT_ID)) return;
    var bar = document.createElement("div");
    bar.id = PROMPT_ID;
    bar.setAttribute("role", "status");
    bar.className =
      "fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-lg bg-field-900 px-4 py-3 text-sm text-white shadow-lg";
    var text = document.createElement("span");
    text.textContent = "A new version is available";
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = "Reload";
    button.className =
      "min-h-11 rounded-lg bg-accent-400 px-4 font-semibold text-field-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
    button.addEventListener("click", function () {
      bar.dataset.chosen = "true";
      button.disabled = true;
      worker.postMessage({ type: "SKIP_WAITING" });
    });
    bar.append(text, button);
    document.body.append(bar);
  }

  function register() {
    navigator.serviceWorker
      .register("/sw.js", { scope: "/", updateViaCache: "none" })
      .then(function (registration) {
        // A first install has no page to update: only a worker replacing one is offered.
        function offer(worker) {
          if (worker && navigator.serviceWorker.controller) showUpdatePrompt(worker);
        }
        offer(registration.waiting);
        // A signed-in page (its HTML names the user): the worker refreshes the schedule kept for the field.
        var pageUser = document.getElementById("page-user");
        if (navigator.serviceWorker.controller && pageUser && pageUser.textContent !== "null") {
          navigator.serviceWorker.controller.postMessage({ type: "SAVE_SCHEDULE" });
        }
        registration.addEventListener("updatefound", function () {
          var installing = registration.installing;
          if (!installing) return;
          installing.addEventListener("statechange", function () {
            if (installing.state === "installed") offer(installing);
          });
        });
        document.addEventListener("visibilitychange", function () {
          if (document.visibilityState === "visible") registration.update().catch(function () {});
        });
      })
      .catch(function () {
        // No worker (a development server, a private window): the app works online as before.
      });
    var reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      // Only after "Reload" was chosen: a first install's claim is not a new version.
      var prompt = document.getElementById(PROMPT_ID);
      if (reloading || !prompt || !prompt.dataset.chosen) return;
      reloading = true;
      window.location.reload();
    });
  }

  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
})();
