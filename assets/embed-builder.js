/* embed.html: writes the snippet that puts a game of Baza in a blog post.
 *
 * The author's choices become the game's link parameters (game, preset,
 * players, level, lang: the README's list, read by ui/settings.py) and the
 * box's size (baza-embed.js's data-ratio / data-height); the preview is the
 * snippet itself, drawn by the very baza-embed.js a blog includes. The
 * choices' values are the game's own names (tests/ui/test_embed_params.py
 * checks them against ui/settings.py and game/rules.py).
 *
 * No HTML is parsed from strings anywhere (the site's CSP requires Trusted
 * Types): the snippet is built as elements and read back as text.
 */
(() => {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const GAME_URL = new URL("./", location.href); // this site: the game is its index.html
  const SCRIPT_URL = new URL("baza-embed.js", GAME_URL);
  const DEFAULT_PRESET = { hearts: "standard", spades: "partnership" };
  // "Play Hearts" in the language the author chose for the game.
  const PLAY = {
    en: { hearts: "Play Hearts", spades: "Play Spades" },
    es: { hearts: "Jugar a Corazones", spades: "Jugar a Picas" },
    pt: { hearts: "Jogar Copas", spades: "Jogar Espadas" },
    sv: { hearts: "Spela Hjärter", spades: "Spela Spader" },
  };
  const SANDBOX = "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox";
  const MIN_HEIGHT = "min(34rem,100svh)"; // as baza-embed.js

  let labelEdited = false; // the author wrote their own button text: keep it

  // The page's look, a plain page in the game's colours. Adopted as a
  // constructed style sheet from this file: the build ships one style sheet,
  // the game's (assets/page.css), and the CSP takes no <style> element.
  const STYLE = `
    :root {
      font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
      color: #14241a; background: #f4f1e8; line-height: 1.45;
    }
    body { margin: 0; }
    header, main { max-width: 52rem; margin: 0 auto; padding: 0 1rem; }
    header { padding-top: 1.5rem; }
    h1 { font-size: 1.6rem; margin: 0 0 0.4rem; }
    h2 { font-size: 1.15rem; margin: 1.4rem 0 0.5rem; }
    .builder { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1rem; margin-top: 1rem; }
    fieldset {
      display: grid; grid-template-columns: minmax(7rem, auto) minmax(0, 1fr); gap: 0.4rem 0.7rem; align-items: center;
      border: 1px solid #0002; border-radius: 0.6rem; padding: 0.6rem 0.8rem 0.8rem; margin: 0; background: #fffdf7;
    }
    legend { font-weight: 700; padding: 0 0.3rem; }
    select, input, button, textarea { font: inherit; }
    select, input { min-height: 2.75rem; min-width: 0; border: 1px solid #0004; border-radius: 0.4rem; padding: 0 0.4rem; background: #fff; }
    :disabled { opacity: 0.5; }
    button {
      min-height: 2.75rem; padding: 0.35rem 0.9rem; border: 1px solid #b38a1f; border-radius: 0.5rem;
      background: #f2c14e; color: #14241a; font-weight: 600; cursor: pointer;
    }
    :focus-visible { outline: 3px solid #14241a; outline-offset: 2px; }
    textarea {
      box-sizing: border-box; width: 100%; padding: 0.5rem; border: 1px solid #0004; border-radius: 0.4rem;
      font: 0.85rem/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; background: #fff; resize: vertical;
    }
    /* The preview column: as wide as the width chosen, never wider than the screen. */
    .preview { max-width: 100%; margin: 0 auto 1rem; }
    .copied { color: #0e3f25; font-size: 0.9rem; }
  `;

  // Only the options of the chosen game; a hidden choice falls back to the first shown.
  const filter = (select, game) => {
    for (const option of select.options) {
      option.hidden = option.disabled = Boolean(option.dataset.game) && option.dataset.game !== game;
    }
    // By index: two games may name a preset alike ("classic").
    if (select.selectedOptions[0]?.disabled) select.selectedIndex = [...select.options].findIndex((o) => !o.disabled);
  };
  const pick = (select, value, game) => {
    select.selectedIndex = [...select.options].findIndex((o) => o.value === value && o.dataset.game === game);
  };

  const choices = () => {
    const game = $("game").value;
    return {
      game,
      preset: $("preset").value,
      players: $("preset").value === "partnership" ? "" : $("players").value,
      level: $("level").value,
      lang: $("lang").value,
      size: $("size").value,
      height: Math.min(1200, Math.max(300, Number.parseInt($("height").value, 10) || 640)),
      start: $("start").value,
      label: $("label").value.trim() || PLAY[$("lang").value || "en"][game],
    };
  };

  const gameHref = (c) => {
    const url = new URL(GAME_URL);
    for (const name of ["game", "preset", "players", "level", "lang"]) if (c[name]) url.searchParams.set(name, c[name]);
    return url;
  };

  // The box's size as CSS, the same rules as baza-embed.js's boxStyle.
  const sizeCss = (c) => {
    const base = "display:block;box-sizing:border-box;width:100%;max-width:800px";
    if (c.size === "height") return `${base};height:${c.height}px`;
    return `${base};aspect-ratio:${c.size};min-height:${MIN_HEIGHT};max-height:100svh`;
  };

  const link = (c) => {
    const a = document.createElement("a");
    a.className = "baza-embed";
    a.href = gameHref(c).href;
    if (c.size === "height") a.dataset.height = String(c.height);
    else if (c.size !== "4/3") a.dataset.ratio = c.size;
    if (c.start === "near") a.dataset.start = "near";
    a.style.cssText = sizeCss(c); // through the CSSOM: the site's CSP allows no style attribute in markup
    a.textContent = c.label;
    return a;
  };

  const snippet = (c) => {
    // The link's style, set through the CSSOM, is serialised as its style attribute.
    const a = link(c).outerHTML;
    // Written as text: a <script> element's src is a Trusted Types sink
    // here, and this one is never run. A URL's href has no quote nor "<".
    return `${a}\n<script src="${SCRIPT_URL.href.replaceAll("&", "&amp;")}" defer></script>`;
  };

  const frame = (c) => {
    const url = gameHref(c);
    url.searchParams.set("embed", "1");
    const iframe = document.createElement("iframe");
    iframe.className = "baza-embed";
    iframe.src = url.href;
    iframe.title = c.label;
    iframe.setAttribute("loading", "lazy");
    iframe.setAttribute("referrerpolicy", "strict-origin");
    iframe.setAttribute("sandbox", SANDBOX);
    iframe.style.cssText = `${sizeCss(c)};height:${c.size === "height" ? `${c.height}px` : "auto"};border:0`;
    return iframe.outerHTML;
  };

  const update = () => {
    const game = $("game").value;
    filter($("preset"), game);
    filter($("players"), game);
    $("players").disabled = $("preset").value === "partnership"; // four players, two teams
    $("height").disabled = $("size").value !== "height";
    if (!labelEdited) $("label").value = PLAY[$("lang").value || "en"][game];
    const c = choices();
    $("snippet").value = snippet(c);
    $("iframe").value = frame(c);
    $("preview").style.width = `${$("column").value}px`;
    $("preview").replaceChildren(link(c)); // baza-embed.js turns it into the picture (or the game)
  };

  const copy = async (button) => {
    const area = $(button.dataset.copy);
    const said = button.parentElement.querySelector(".copied");
    try {
      await navigator.clipboard.writeText(area.value);
      said.textContent = "Copied.";
    } catch {
      area.select(); // no clipboard here (an insecure origin, a refusal): the author copies it
      said.textContent = "Selected: copy it with Ctrl+C or ⌘C.";
    }
  };

  const start = () => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
    document.adoptedStyleSheets = [sheet];
    $("game").addEventListener("change", () => {
      pick($("preset"), DEFAULT_PRESET[$("game").value], $("game").value);
      update();
    });
    $("label").addEventListener("input", () => {
      labelEdited = $("label").value.trim() !== "";
      update();
    });
    for (const id of ["preset", "players", "level", "lang", "size", "height", "start", "column"]) {
      $(id).addEventListener("change", update);
    }
    $("builder").addEventListener("submit", (event) => event.preventDefault());
    for (const button of document.querySelectorAll("[data-copy]")) button.addEventListener("click", () => copy(button));
    pick($("preset"), DEFAULT_PRESET[$("game").value], $("game").value);
    update();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
