// Start-up feedback, so the page is never blank or silent while Pyodide loads.
// PyScript dispatches "py:progress" on window with a short text for each step
// ("Loading Pyodide", "Loading files", ...); ui/main.py ends the loading state
// by setting <html data-ready="true">, which hides #loading through CSS.
(() => {
  const say = (text) => {
    const el = document.getElementById("loading-text");
    if (el && document.documentElement.dataset.ready !== "true") el.textContent = text;
  };
  addEventListener("py:progress", ({ detail }) => say(detail.startsWith("Loading") ? `${detail}…` : detail));
  // If start-up fails, tell the player instead of spinning forever.
  const failed = (reason) => {
    document.documentElement.dataset.failed = "true";
    say(`Baza could not start: ${reason}. Reloading the page may help.`);
  };
  addEventListener("error", (event) => failed(event.message || "a file did not load"), true);
  addEventListener("unhandledrejection", (event) => failed(String(event.reason)));
})();
