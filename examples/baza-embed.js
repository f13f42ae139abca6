/* Baza in a blog post: copy this file next to your pages and include it once.
 *
 *   <a class="baza-embed" href="https://games.example/baza/?game=hearts&preset=standard">Play Hearts</a>
 *   <script src="baza-embed.js" defer></script>
 *
 * Each link of class "baza-embed" becomes an <iframe> of the game in embed
 * mode (where scripts do not run, in a feed reader or an e-mail, the link
 * stays a link). Each <iframe class="baza-embed">, written by this script or
 * by hand, then takes the height that the game reports, so that it never
 * scrolls inside the post. See docs/HOSTING.md, "Embedding in a blog".
 *
 * The game and this page share nothing but two kinds of message, each from
 * the frame's own window and origin: {type: "baza:height", height} and
 * {type: "baza:ready"}. Anything else is ignored.
 */
(() => {
  "use strict";
  const FIRST_HEIGHT = 600; // px, until the game says how tall it is
  const MIN_HEIGHT = 240;
  const MAX_HEIGHT = 4000;
  const frames = []; // { iframe, origin }

  const gameUrl = (href) => {
    try {
      const url = new URL(href, document.baseURI);
      return url.protocol === "https:" || url.protocol === "http:" ? url : null;
    } catch {
      return null;
    }
  };

  // <a class="baza-embed" href="..."> -> <iframe class="baza-embed" src="...&embed=1">
  const upgrade = (link) => {
    const url = gameUrl(link.getAttribute("href"));
    if (!url) return;
    url.searchParams.set("embed", "1");
    const iframe = document.createElement("iframe");
    iframe.className = "baza-embed";
    iframe.title = link.dataset.title || link.textContent.trim() || "Baza: a card game";
    iframe.loading = "lazy";
    // The game learns this page's origin (to answer it), not its address.
    iframe.referrerPolicy = "strict-origin";
    // No pop-ups, no navigation of this page, no downloads; the game needs
    // scripts, its own origin (storage, offline play) and its dialog form.
    iframe.setAttribute("sandbox", "allow-scripts allow-same-origin allow-forms");
    Object.assign(iframe.style, {
      display: "block", width: "100%", maxWidth: "800px", height: `${FIRST_HEIGHT}px`, border: "0",
    });
    iframe.src = url.href;
    link.replaceWith(iframe);
  };

  const track = (iframe) => {
    const url = gameUrl(iframe.getAttribute("src"));
    if (url) frames.push({ iframe, origin: url.origin });
  };

  window.addEventListener("message", (event) => {
    const entry = frames.find((f) => f.iframe.contentWindow === event.source);
    if (!entry || event.origin !== entry.origin) return; // another frame, or the frame navigated away
    const data = event.data;
    if (!data || typeof data !== "object") return;
    if (data.type === "baza:height" && Number.isFinite(data.height)) {
      const height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(data.height)));
      entry.iframe.style.height = `${height}px`;
    } else if (data.type === "baza:ready") {
      entry.iframe.dataset.ready = "true";
    }
  });

  const start = () => {
    document.querySelectorAll("a.baza-embed[href]").forEach(upgrade);
    document.querySelectorAll("iframe.baza-embed[src]").forEach(track);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
