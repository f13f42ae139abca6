// Start-up feedback, so the page is never blank or silent while Pyodide loads.
//
// A bar and a percentage of the bytes the start downloads, from the first
// paint: build/build.py lists those files with their sizes in
// <meta name="baza-start">. Bytes are counted as they arrive for what the
// start fetches with fetch() (the wasm, the start zip: a clone of the
// response is read, the response itself goes on untouched, so the wasm
// still streams into V8 and its code cache), and per finished file for the
// module scripts (Resource Timing). ui/app.py ends the loading state by
// setting <html data-ready="true">, which hides #loading through CSS.
//
// The big files (the wasm, the start zip) are asked for by the head's first
// script on a first visit, assets/packed.js, which all the wasm and zip
// files go through, so that a host that does not compress them sends their
// build-made gzip copies instead (docs/HOSTING.md).
//
// A download that fails names its file and offers to try again.
//
// In a frame sandboxed without allow-same-origin the page's origin is
// "null", so every file of the game is another origin's: the game plays
// there (unsaved) when the host sends CORS headers (docs/HOSTING.md), and
// where it does not, the first file refused says so at once, with a link
// that opens the game in a tab of its own.
//
// Python is not running yet, so these few words cannot come from the
// catalogues of ui/lang/: they are here in the same four languages, picked
// as ui/i18n.py picks them (a ?lang= in the link, else the browser's).
(() => {
  const WORDS = {
    en: {
      loading: "Loading the card table…",
      failure: "Baza could not start: {reason}. Reloading the page may help.",
      download: "Baza could not download {file} ({reason}). Check the connection and try again.",
      retry: "Try again",
      bar: "Downloading the game",
      sandbox: "Baza cannot load its files in this frame: the page that embeds it leaves out allow-same-origin.",
      open: "Open the game in a new tab",
      later: "The rest of the game has not downloaded yet: Baza tries again when the connection is back. Your game is saved.",
      finishing: "Finishing the download ({percent}): the game goes on by itself once it is here. Your game is saved.",
    },
    es: {
      loading: "Preparando la mesa…",
      failure: "Baza no pudo arrancar: {reason}. Recargar la página puede ayudar.",
      download: "Baza no pudo descargar {file} ({reason}). Revisa la conexión y vuelve a intentarlo.",
      retry: "Reintentar",
      bar: "Descargando el juego",
      sandbox: "Baza no puede cargar sus archivos en este marco: la página que lo incrusta omite allow-same-origin.",
      open: "Abrir el juego en una pestaña nueva",
      later: "El resto del juego aún no se ha descargado: Baza lo reintenta cuando vuelva la conexión. Tu partida está guardada.",
      finishing: "Terminando la descarga ({percent}): la partida sigue sola en cuanto llegue. Tu partida está guardada.",
    },
    pt: {
      loading: "Preparando a mesa…",
      failure: "O Baza não conseguiu iniciar: {reason}. Recarregar a página pode ajudar.",
      download: "O Baza não conseguiu baixar {file} ({reason}). Verifique a conexão e tente de novo.",
      retry: "Tentar de novo",
      bar: "Baixando o jogo",
      sandbox: "O Baza não consegue carregar os seus arquivos neste quadro: a página que o incorpora omite allow-same-origin.",
      open: "Abrir o jogo em uma nova aba",
      later: "O resto do jogo ainda não foi baixado: o Baza tenta de novo quando a conexão voltar. Sua partida está salva.",
      finishing: "Terminando o download ({percent}): a partida continua sozinha assim que ele chegar. Sua partida está salva.",
    },
    sv: {
      loading: "Dukar fram spelbordet…",
      failure: "Baza kunde inte starta: {reason}. Det kan hjälpa att ladda om sidan.",
      download: "Baza kunde inte ladda ner {file} ({reason}). Kontrollera anslutningen och försök igen.",
      retry: "Försök igen",
      bar: "Laddar ner spelet",
      sandbox: "Baza kan inte ladda sina filer i den här ramen: sidan som bäddar in den utelämnar allow-same-origin.",
      open: "Öppna spelet i en ny flik",
      later: "Resten av spelet har inte laddats ner än: Baza försöker igen när anslutningen är tillbaka. Ditt parti är sparat.",
      finishing: "Laddar ner det sista ({percent}): spelet fortsätter av sig självt när det är här. Ditt parti är sparat.",
    },
  };
  const wanted = [new URLSearchParams(location.search).get("lang") || "", ...(navigator.languages || [])];
  const lang = wanted.map((tag) => String(tag).toLowerCase().split(/[-_]/)[0]).find((code) => code in WORDS) || "en";
  const words = WORDS[lang];
  const root = document.documentElement;
  root.lang = lang;
  const ready = () => root.dataset.ready === "true";
  const byId = (id) => document.getElementById(id);
  const say = (text) => {
    const el = byId("loading-text");
    if (el && !ready()) el.textContent = text;
  };

  // --- What the start downloads: {absolute URL: [name, bytes]} -------------
  let start = { files: [], languages: {} };
  try {
    start = { ...start, ...JSON.parse(document.querySelector('meta[name="baza-start"]')?.content || "{}") };
  } catch {
    // a build without the list: the loading text alone, as before
  }
  const absolute = (path) => new URL(path, document.baseURI).href;
  const files = new Map();
  for (const [path, bytes] of [...start.files, ...(lang in start.languages ? [start.languages[lang]] : [])])
    files.set(absolute(path), [path.split("?")[0].split("/").pop(), bytes]);
  const total = [...files.values()].reduce((sum, [, bytes]) => sum + bytes, 0);
  const received = new Map(); // URL -> bytes so far
  const done = new Set();
  globalThis.bazaFetched = done; // the listed files in whole, for the loader

  let failed = false;
  let drawn = -1;
  let frame = 0;
  const draw = () => {
    frame = 0;
    if (failed || ready() || !total) return;
    let sum = 0;
    for (const [url, bytes] of received) sum += Math.min(bytes, files.get(url)[1]);
    const percent = done.size === files.size ? 100 : Math.min(99, Math.floor((100 * sum) / total));
    if (percent === drawn) return;
    drawn = percent;
    const bar = byId("loading-bar");
    if (!bar) return;
    bar.setAttribute("aria-valuenow", String(percent));
    bar.setAttribute("aria-valuetext", new Intl.NumberFormat(lang, { style: "percent" }).format(percent / 100));
    const fill = bar.firstElementChild;
    if (fill) fill.style.transform = `scaleX(${percent / 100})`;
    const figure = byId("loading-percent");
    if (figure) figure.textContent = bar.getAttribute("aria-valuetext");
  };
  const update = () => {
    if (!frame) frame = requestAnimationFrame(draw);
  };
  const finish = (url) => {
    received.set(url, files.get(url)[1]);
    done.add(url);
    // For the loader, which asks for the game's modules once the wasm is in.
    dispatchEvent(new CustomEvent("baza:fetched", { detail: url }));
    if (done.size === files.size) draw(); // now: the table may be ready before the next frame
    else update();
  };

  // Files the loader can do without (the start zip: it then starts from
  // the stock one): their failure only moves the bar on.
  const spare = new Set((start.spare || []).map(absolute));
  // A frame sandboxed without allow-same-origin (not a file:// page, whose
  // origin is "null" too): to it every file here is another origin's.
  const sandboxed = self.origin === "null" && location.protocol !== "file:";
  // The game in a tab of its own: this address without what only a frame uses.
  const ownTab = () => {
    const url = new URL(location.href);
    for (const name of ["embed", "id", "host"]) url.searchParams.delete(name);
    return url.href;
  };
  // A failure's sentence and the button that loads the page again; shown
  // again once the body is there, if it came before (a preload can fail
  // while the page is still parsed). In a sandboxed frame, the link to the
  // game's own tab too (a sandbox without allow-popups blocks its click,
  // one without allow-popups-to-escape-sandbox sandboxes the new tab too;
  // its address can always be copied from its context menu).
  let failureText = null;
  const showFailure = () => {
    say(failureText);
    const retry = byId("loading-retry");
    if (retry && retry.hidden) {
      retry.textContent = words.retry;
      retry.hidden = false;
      retry.addEventListener("click", () => location.reload(), { once: true });
    }
    const text = byId("loading-text");
    if (root.dataset.sandboxed === "true" && text && !byId("loading-open")) {
      const link = document.createElement("a");
      link.id = "loading-open";
      link.className = "loading-open";
      link.href = link.title = ownTab();
      link.target = "_blank";
      link.rel = "noopener";
      link.textContent = words.open;
      text.after(link);
    }
  };
  const fail = (text) => {
    if (failed || ready()) return;
    failed = true;
    root.dataset.failed = "true";
    failureText = text;
    if (sandboxed) {
      // Most likely the host refused the frame its files (no CORS headers):
      // said at once. The page's own address, asked for with CORS, then
      // tells; if it comes, the failure was another one, and says so.
      root.dataset.sandboxed = "true";
      failureText = words.sandbox;
      performance.mark("baza:sandbox-refused"); // when: tests/browser/test_sandbox_and_saves.py
      plainFetch(location.href, { method: "HEAD", cache: "no-store" }).then(
        () => {
          delete root.dataset.sandboxed;
          byId("loading-open")?.remove();
          failureText = text;
          showFailure();
        },
        () => {},
      );
    }
    showFailure();
  };
  // A download that failed: its name and why.
  const failDownload = (url, reason) => {
    if (spare.has(url)) return finish(url);
    const [name] = files.get(url) ?? [url.split("?")[0].split("/").pop()];
    fail(words.download.replace("{file}", name).replace("{reason}", reason));
  };

  // --- The same bytes from any host (assets/packed.js) --------------------
  const plainFetch = window.fetch.bind(window);
  const packing = self.bazaPacked; // absent (an older page): plain fetches
  const controlled = packing ? packing.underWorker() : false;
  // A return visit's wasm is not the service worker's to answer but the
  // HTTP cache's, for V8's code cache (build/sw.js, TO_HTTP_CACHE). Where
  // the host sent the wasm as it is or gzipped, the HTTP cache holds its FILE.xz:
  // remembered from the first visit, so that no return visit downloads the
  // plain wasm again.
  const PLAIN_WASM = "baza:host-sends-wasm-plain";
  const isWasm = (url) => new URL(url).pathname.endsWith(".wasm");
  const remember = (url) => {
    try {
      if (isWasm(url) && packing.sentPlain.has(url)) localStorage.setItem(PLAIN_WASM, "1");
    } catch {
      // no storage: a return visit asks for the wasm itself
    }
  };
  const remembered = () => {
    try {
      return localStorage.getItem(PLAIN_WASM) === "1";
    } catch {
      return false;
    }
  };
  const get = (url, init) => {
    if (!packing?.isPacked(url)) return plainFetch(url, init);
    if (!controlled)
      return packing.fetchPacked(plainFetch, url, init).then((response) => (remember(url), response));
    if (!isWasm(url) || !remembered()) return plainFetch(url, init); // the worker's copy, or the host's encoding
    return plainFetch(packing.copyOf(url), init)
      .then((copy) => (copy.ok ? packing.unpacked(copy, "application/wasm", plainFetch) : null))
      .catch(() => null)
      .then((response) => response ?? plainFetch(url, init));
  };
  // The wasm's last bytes: "baza:nearly" (and url in bazaNearly) once what
  // is left of it would cross the link in the time a new request waits for
  // its first byte, so that the loader's next file (the game's zip) is
  // asked for then and its first bytes follow the wasm's last. Asked for
  // at the wasm's last byte, the link stood idle for that wait (0.3 s at
  // 1.6 Mbit/s and 150 ms). The wait: twice the shortest of the page's
  // requests so far (a round trip, a new connection's handshake another),
  // the shortest since a busy page or host only ever makes one longer. The
  // pace is that of the last half second or so: the wasm shares the link
  // with the start zip until that has arrived.
  const nearly = new Set();
  globalThis.bazaNearly = nearly;
  const requestWait = () => {
    const waits = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
      .filter((entry) => entry.responseStart > entry.requestStart && entry.requestStart > 0)
      .map((entry) => entry.responseStart - entry.requestStart);
    return waits.length ? 2 * Math.min(...waits) : 0;
  };
  const lastBytes = (url) => {
    const size = files.get(url)?.[1] ?? 0;
    const seen = []; // [ms, bytes] as they came, from the last one half a second old on
    return (bytes) => {
      if (nearly.has(url) || !size) return;
      const now = performance.now();
      seen.push([now, bytes]);
      while (seen.length > 2 && now - seen[1][0] >= 500) seen.shift();
      const [since, before] = seen[0];
      // Half a second at least: bytes that waited for a busy main thread come
      // in a burst, which alone would read as a far faster link.
      if (now - since < 500) return;
      const pace = (bytes - before) / (now - since); // bytes a millisecond
      if (pace > 0 && (size - bytes) / pace <= requestWait()) {
        nearly.add(url);
        dispatchEvent(new CustomEvent("baza:nearly", { detail: url }));
      }
    };
  };
  // The big files that assets/packed.js asked for at once on a first
  // visit: the first fetch() of each takes its answer.
  const early = packing?.early ?? new Map();

  // fetch(): count the bytes of a listed file as they arrive, on a clone.
  window.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    const mine = !(input instanceof Request);
    const answer = early.get(url)?.then((response) => (remember(url), response));
    early.delete(url);
    if (!files.has(url) || ready()) return answer ?? (mine ? get(url, init) : plainFetch(input, init));
    let response;
    try {
      response = await (answer ?? (mine ? get(url, init) : plainFetch(input, init)));
    } catch (error) {
      failDownload(url, String(error?.message || error));
      throw error;
    }
    if (!response.ok) {
      failDownload(url, `HTTP ${response.status}`);
      return response;
    }
    const reader = response.clone().body?.getReader();
    if (reader) {
      let bytes = 0;
      const tail = isWasm(url) ? lastBytes(url) : null;
      (async () => {
        try {
          for (;;) {
            const { done: end, value } = await reader.read();
            if (end) break;
            bytes += value.length;
            received.set(url, bytes);
            tail?.(bytes);
            update();
          }
          finish(url);
        } catch (error) {
          failDownload(url, String(error?.message || error));
        }
      })();
    }
    return response;
  };

  // Module scripts and the rest: counted once finished.
  if (typeof PerformanceObserver === "function") {
    const seen = (list) => {
      for (const entry of list.getEntries()) {
        if (!files.has(entry.name) || done.has(entry.name)) continue;
        if (entry.responseStatus >= 400) failDownload(entry.name, `HTTP ${entry.responseStatus}`);
        else if (entry.initiatorType !== "fetch") finish(entry.name);
      }
    };
    try {
      new PerformanceObserver(seen).observe({ type: "resource", buffered: true });
    } catch {
      // no Resource Timing: the fetched files alone move the bar
    }
  }

  addEventListener("DOMContentLoaded", () => {
    if (failed) showFailure();
    else say(words.loading);
    const bar = byId("loading-bar");
    if (bar) bar.setAttribute("aria-label", words.bar);
    if (bar && !total) bar.hidden = true; // a build without the list: the text alone
    update();
  });
  // If start-up fails, tell the player instead of spinning forever.
  const failure = (reason) => fail(words.failure.replace("{reason}", reason));
  addEventListener(
    "error",
    (event) => {
      const target = event.target;
      const url = target?.src || target?.href;
      if (url && files.has(url)) failDownload(url, "error");
      else failure(event.message || "a file did not load");
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => failure(String(event.reason?.message ?? event.reason)));

  // After ready: the rest of Pyodide's wasm, which the loader fetches in the
  // background ("baza:cold" events, build/pyodide-loader.mjs). A download
  // that failed gets one quiet line until it has arrived (the loader tries
  // again); a game action that needed it before it arrived covers the table
  // with how far the download is, until the loader starts the page again
  // on the saved game. In the table's language at that moment.
  addEventListener("baza:cold", (event) => {
    const { state, received: got, size } = event.detail;
    let box = byId("later-notice");
    if (state === "loaded" || (state === "downloading" && !box)) {
      if (box?.dataset.state === "failed") box.remove(); // a cover stays until the page starts again
      return;
    }
    if (!box) {
      box = document.createElement("div");
      box.id = "later-notice";
      box.setAttribute("role", "status"); // polite: announced, focus stays put
      box.append(document.createElement("p"));
      document.body.append(box);
    }
    if (state === "missed") box.dataset.state = "missed";
    else if (box.dataset.state !== "missed") box.dataset.state = "failed";
    const cover = box.dataset.state === "missed";
    // A line at the bottom; a cover over the whole table (Python has stopped, its buttons would do nothing).
    Object.assign(box.style, cover
      ? { position: "fixed", inset: "0", zIndex: "1001", display: "grid", placeItems: "center", background: "rgb(0 0 0 / 0.55)" }
      : { position: "fixed", zIndex: "1001", left: "50%", bottom: "1rem", transform: "translateX(-50%)" });
    Object.assign(box.firstElementChild.style, {
      margin: "0", maxWidth: "min(32rem, calc(100vw - 2rem))", padding: "0.75rem 1rem", borderRadius: "0.5rem",
      background: "#1d1d1f", color: "#fff", font: "inherit", boxShadow: "0 2px 8px rgb(0 0 0 / 0.4)",
    });
    const shown = WORDS[root.lang] ? root.lang : lang;
    const percent = size ? new Intl.NumberFormat(shown, { style: "percent" }).format(Math.min(got / size, 0.99)) : "…";
    box.lang = shown;
    box.firstElementChild.textContent = cover ? WORDS[shown].finishing.replace("{percent}", percent) : WORDS[shown].later;
  });
})();
