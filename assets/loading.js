// Start-up feedback, so the page is never blank or silent while Pyodide loads.
// PyScript dispatches "py:progress" on window with a short text for each step
// ("Loading Pyodide", "Loading files", ...); ui/app.py ends the loading state
// by setting <html data-ready="true">, which hides #loading through CSS.
//
// Python is not running yet, so these few words cannot come from the
// catalogues of ui/lang/: they are here in the same four languages, picked
// as ui/i18n.py picks them (a ?lang= in the link, else the browser's).
(() => {
  const WORDS = {
    en: ["Loading the card table…", "Baza could not start: {reason}. Reloading the page may help."],
    es: ["Preparando la mesa…", "Baza no pudo arrancar: {reason}. Recargar la página puede ayudar."],
    pt: ["Preparando a mesa…", "O Baza não conseguiu iniciar: {reason}. Recarregar a página pode ajudar."],
    sv: ["Dukar fram spelbordet…", "Baza kunde inte starta: {reason}. Det kan hjälpa att ladda om sidan."],
  };
  const wanted = [new URLSearchParams(location.search).get("lang") || "", ...(navigator.languages || [])];
  const lang = wanted.map((tag) => String(tag).toLowerCase().split(/[-_]/)[0]).find((code) => code in WORDS) || "en";
  const [loading, failure] = WORDS[lang];
  document.documentElement.lang = lang;
  let steps = 0;
  const say = (text) => {
    const el = document.getElementById("loading-text");
    if (el && document.documentElement.dataset.ready !== "true") el.textContent = text;
  };
  addEventListener("DOMContentLoaded", () => say(loading));
  // PyScript's own step names are English: shown as they are in English, as a step count otherwise.
  addEventListener("py:progress", ({ detail }) => {
    steps += 1;
    say(lang === "en" ? (detail.startsWith("Loading") ? `${detail}…` : detail) : `${loading} (${steps})`);
  });
  // If start-up fails, tell the player instead of spinning forever.
  const failed = (reason) => {
    document.documentElement.dataset.failed = "true";
    say(failure.replace("{reason}", reason));
  };
  addEventListener("error", (event) => failed(event.message || "a file did not load"), true);
  addEventListener("unhandledrejection", (event) => failed(String(event.reason)));
})();
