// Registers Baza's service worker (./sw.js, written by build/build.py) and
// tells the player when a new version is ready.
//
// On a first visit registration comes at once (sw.js is small; a return
// visit's update check waits until the table is ready), and the worker's
// copy of the build waits for the page's "copy" message, sent once the game
// is ready (<html data-ready="true">): what a start needs is then in the
// HTTP cache, from which the worker copies it, so a reload without network
// shows the same game even if the link dropped at ready. Not sooner: the
// worker's reads and checks take the CPU that Python's start and the
// game's import need (run at once when Python was up, they took 224 ms of
// CPU before ready, and put about 60 ms on a first visit's ready at 10
// Mbit/s on two cores). A registration that fails (no network
// for sw.js, a file refused) is tried again when the browser is back
// online, else after 5, 10, 20 ... 60 s. The worker takes the files that
// come after ready as they arrive: the page asks it to ("fill") whenever
// one of its later downloads has ended. When a newer build has been
// installed and waits, a small notice offers to reload; its button lets the
// new worker take over, and the page reloads into the new version. Until
// then the open page keeps running on the files of its own build.
(() => {
  let sw;
  try {
    sw = navigator.serviceWorker;
  } catch {
    return; // a frame sandboxed without allow-same-origin: reading it throws (SecurityError)
  }
  if (!sw || !window.isSecureContext) return; // http:// other than localhost: online only

  let reloading = false;

  const notify = (worker) => {
    if (document.getElementById("update-notice")) return;
    const box = document.createElement("div");
    box.id = "update-notice";
    box.className = "update-notice";
    box.setAttribute("role", "status"); // polite: announced, focus stays put
    Object.assign(box.style, {
      position: "fixed", zIndex: "1000", left: "50%", bottom: "1rem", transform: "translateX(-50%)",
      display: "flex", gap: "0.75rem", alignItems: "center", maxWidth: "calc(100vw - 2rem)",
      padding: "0.5rem 0.5rem 0.5rem 1rem", borderRadius: "0.5rem",
      background: "#1d1d1f", color: "#fff", font: "inherit", boxShadow: "0 2px 8px rgb(0 0 0 / 0.4)",
    });
    const text = document.createElement("span");
    const button = document.createElement("button");
    button.type = "button";
    Object.assign(button.style, { font: "inherit", padding: "0.25rem 0.75rem", cursor: "pointer" });
    button.addEventListener("click", () => {
      button.disabled = true;
      reloading = true;
      if (worker && worker.state === "installed") worker.postMessage({ type: "skip-waiting" });
      else location.reload(); // the new worker is already active
    });
    // "Later": the page plays on; the new version starts on the next visit
    // after every Baza tab is closed, or when the notice comes back.
    const later = document.createElement("button");
    later.type = "button";
    Object.assign(later.style, { font: "inherit", padding: "0.25rem 0.5rem", cursor: "pointer" });
    later.addEventListener("click", () => box.remove());
    box.append(text, button, later);
    document.body.append(box);
    // Filled after insertion, so that screen readers announce it; in the
    // table's language (ui/dom.py writes the words on <html>), English
    // before the game has drawn itself.
    const words = document.documentElement.dataset;
    box.lang = document.documentElement.lang || "en";
    setTimeout(() => {
      text.textContent = words.updateText || "A new version of Baza is ready.";
      button.textContent = words.updateReload || "Reload";
      later.textContent = words.updateLater || "Later";
    }, 50);
  };

  // The new worker took over after our click: load the page from its cache.
  // (Other tabs of the old build just show the notice.)
  sw.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
    else notify(null);
  });

  const watch = (registration) => {
    const installed = (worker) => {
      // With no controller this is the first install, not an update.
      if (worker.state === "installed" && sw.controller) notify(worker);
    };
    if (registration.waiting) installed(registration.waiting);
    const follow = (worker) => {
      if (!worker) return;
      installed(worker);
      worker.addEventListener("statechange", () => installed(worker));
    };
    follow(registration.installing);
    registration.addEventListener("updatefound", () => follow(registration.installing));
  };

  // Under the recommended CSP (Trusted Types: no script URL from a plain
  // string) this policy, named in the CSP, vouches for this one URL only.
  const url = window.trustedTypes
    ? trustedTypes.createPolicy("baza-sw", {
        createScriptURL: (u) => {
          if (u !== "./sw.js") throw new TypeError(`not Baza's service worker: ${u}`);
          return u;
        },
      }).createScriptURL("./sw.js")
    : "./sw.js";

  let registration = null;
  let attempt = 0;
  const register = () => {
    // updateViaCache "none": the browser asks the server for sw.js itself on
    // every check, whatever the host's cache headers say.
    sw.register(url, { updateViaCache: "none" }).then(
      (found) => {
        registration = found;
        if (!found) return;
        watch(found);
        if (started) postCopy();
        sw.ready.then(fill); // what the page's later downloads brought before the worker was there
      },
      () => {
        // No network, or blocked (a policy, a test harness): the game still plays online.
        const again = () => {
          clearTimeout(timer);
          removeEventListener("online", again);
          register();
        };
        const timer = setTimeout(again, Math.min(60_000, 5000 * 2 ** attempt++));
        addEventListener("online", again);
      },
    );
  };

  // The worker's copy of the later files: asked for each time the loader's
  // own later downloads end (then in the HTTP cache).
  const fill = () => {
    const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
    worker?.postMessage({ type: "fill" }); // the worker takes them from the HTTP cache, never the network
  };
  addEventListener("baza:later", fill);
  addEventListener("baza:cold", (event) => event.detail.state === "loaded" && fill());

  // The worker being installed may copy the build now.
  let started = false;
  const servedByWorker = Boolean(sw.controller);
  function postCopy() {
    registration?.installing?.postMessage({ type: "copy" });
  }
  function allowCopy() {
    if (started) return;
    started = true;
    if (servedByWorker) register();
    postCopy();
  }
  const root = document.documentElement;
  if (root.dataset.ready === "true") allowCopy();
  else {
    const observer = new MutationObserver(() => {
      if (root.dataset.ready === "true") {
        observer.disconnect();
        allowCopy();
      }
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  }
  // A first visit registers at once, so that the worker is there however
  // soon the link drops; a page that a worker already serves has its
  // offline copy, and its check for a new build waits until the table is
  // ready (allowCopy), off the start.
  if (!servedByWorker) register();
})();
