/* Baza in a blog post, as a video sits in one: a picture of the table with
 * a Play button, and the game only when the reader taps it.
 *
 *   <a class="baza-embed" href="https://games.example/baza/?game=hearts&preset=standard"
 *      style="display:block;width:100%;max-width:800px;aspect-ratio:4/3;min-height:min(34rem,100svh);max-height:100svh">Play Hearts</a>
 *   <script src="https://games.example/baza/baza-embed.js" defer></script>
 *
 * (embed.html on the game's site writes this for you.) Each link of class
 * "baza-embed" becomes a box of a fixed size showing a still picture of a
 * table (one small file of the game's site, the same for every game of the
 * post) and a button with the link's text. A tap on it puts the game there,
 * in an <iframe> of the link's address plus embed=1, of the same size: the
 * game's files are fetched only then, once for all the games of a post
 * (they have the same addresses, so the browser's cache serves the second).
 * Where no script runs (a feed reader, an e-mail) the link stays a link,
 * and its style attribute keeps the box's size.
 *
 * Options, as attributes of the link:
 *   data-ratio="4/3"    the box's width/height (default 4/3); on a narrow
 *                       column it is never less than 34rem or the screen's
 *                       height tall, so a phone gets the whole table
 *   data-height="640"   a fixed height in px instead of a ratio
 *   data-start="near"   no picture: the game starts by itself when the post
 *                       is scrolled near it (the frame's loading="lazy")
 *   data-title="..."    the frame's title for screen readers (default: the link's text)
 *
 * The size never changes after the first paint: the game lays itself out
 * inside the frame, and its dialogs scroll there. Nothing of the post is
 * read or changed beyond the link's own element. The one message the game
 * sends, {type: "baza:ready"}, is taken only from a frame of this script
 * and that frame's origin. See docs/HOSTING.md, "Embedding in a blog".
 */
(() => {
  "use strict";
  const DEFAULT_RATIO = "4/3";
  // No less than this tall, unless the screen is smaller: the table and a
  // hand of 13 cards need about this much on a phone's column.
  const MIN_HEIGHT = "min(34rem, 100svh)";
  const PICTURE = "assets/embed-table.svg"; // beside the game's index.html
  // No pop-ups but the game's own tab (its "Open in its own tab" link), no
  // navigation of this page, no downloads; the game needs scripts, its own
  // origin (storage, offline play) and its dialog form.
  const SANDBOX = "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox";
  const frames = []; // { iframe, origin }: the frames whose message is taken

  const gameUrl = (href) => {
    try {
      const url = new URL(href, document.baseURI);
      return url.protocol === "https:" || url.protocol === "http:" ? url : null;
    } catch {
      return null;
    }
  };

  // The box's size, from the link's data- attributes: as the snippet's own
  // style attribute says it, so that the box does not move when this runs.
  const boxStyle = (link) => {
    const style = { display: "block", boxSizing: "border-box", width: "100%", maxWidth: "800px" };
    const height = Number.parseInt(link.dataset.height || "", 10);
    if (height >= 200 && height <= 4000) {
      style.height = `${height}px`;
    } else {
      const ratio = /^\s*\d+(\.\d+)?\s*\/\s*\d+(\.\d+)?\s*$/.test(link.dataset.ratio || "") ? link.dataset.ratio : DEFAULT_RATIO;
      Object.assign(style, { aspectRatio: ratio, minHeight: MIN_HEIGHT, maxHeight: "100svh" });
    }
    return style;
  };

  const makeFrame = (url, title) => {
    url.searchParams.set("embed", "1");
    const iframe = document.createElement("iframe");
    iframe.className = "baza-embed";
    iframe.title = title;
    // The game learns this page's origin (to answer it), not its address.
    iframe.referrerPolicy = "strict-origin";
    iframe.setAttribute("sandbox", SANDBOX);
    Object.assign(iframe.style, { display: "block", width: "100%", height: "100%", border: "0" });
    iframe.src = url.href;
    frames.push({ iframe, origin: url.origin });
    return iframe;
  };

  // The picture and its button, inside the box's shadow root: the post's
  // style sheets cannot reach them, and they add no rule to the post.
  const poster = (url, label, play) => {
    const picture = document.createElement("img");
    picture.src = new URL(PICTURE, url).href;
    picture.alt = "";
    picture.decoding = "async";
    Object.assign(picture.style, {
      position: "absolute", inset: "0", width: "100%", height: "100%", objectFit: "cover", display: "block",
    });
    const button = document.createElement("button");
    button.type = "button";
    const triangle = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    triangle.setAttribute("viewBox", "0 0 10 10");
    triangle.setAttribute("aria-hidden", "true");
    Object.assign(triangle.style, { width: "0.8em", height: "0.8em", flex: "none" });
    const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    path.setAttribute("d", "M1 0 10 5 1 10z");
    path.setAttribute("fill", "currentColor");
    triangle.append(path);
    button.append(triangle, document.createTextNode(label));
    Object.assign(button.style, {
      position: "absolute", left: "50%", top: "42%", transform: "translate(-50%, -50%)",
      display: "flex", alignItems: "center", gap: "0.5em", maxWidth: "calc(100% - 2rem)",
      minHeight: "44px", padding: "0.6em 1.3em", margin: "0", border: "1px solid #b38a1f", borderRadius: "999px",
      background: "#f2c14e", color: "#14241a", boxShadow: "0 0.3rem 1.2rem #000a", cursor: "pointer",
      font: "600 1.15rem/1.2 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", textAlign: "left",
    });
    button.addEventListener("click", play, { once: true });
    return [picture, button];
  };

  // <a class="baza-embed" href="..."> -> a box of the same size, with the
  // picture (or, with data-start="near", the game itself).
  const upgrade = (link) => {
    const url = gameUrl(link.getAttribute("href"));
    if (!url) return;
    const label = link.textContent.trim() || "Play";
    const title = link.dataset.title || label;
    const box = document.createElement("div");
    box.className = "baza-embed";
    if (link.id) box.id = link.id; // a link to #that-game still finds it
    Object.assign(box.style, boxStyle(link), {
      position: "relative", overflow: "hidden", borderRadius: "0.5rem", background: "#0e3f25",
    });
    // The link's own style attribute wins where it says something else.
    for (const name of link.style) box.style.setProperty(name, link.style.getPropertyValue(name));
    box.style.position = "relative";
    const root = box.attachShadow({ mode: "open" });
    if (link.dataset.start === "near") {
      const iframe = makeFrame(url, title);
      iframe.loading = "lazy";
      root.append(iframe);
    } else {
      const play = () => {
        const iframe = makeFrame(url, title);
        root.replaceChildren(iframe);
        iframe.focus(); // the keyboard goes on into the game
      };
      root.append(...poster(url, label, play));
    }
    link.replaceWith(box);
  };

  // A frame written by hand, <iframe class="baza-embed" src="...">: only its
  // ready message is taken (its size is the one its author gave it).
  const track = (iframe) => {
    const url = gameUrl(iframe.getAttribute("src"));
    if (url) frames.push({ iframe, origin: url.origin });
  };

  window.addEventListener("message", (event) => {
    const entry = frames.find((f) => f.iframe.contentWindow === event.source);
    if (!entry || event.origin !== entry.origin) return; // another frame, or the frame navigated away
    const data = event.data;
    if (data && typeof data === "object" && data.type === "baza:ready") entry.iframe.dataset.ready = "true";
  });

  const start = () => {
    document.querySelectorAll("a.baza-embed[href]").forEach(upgrade);
    document.querySelectorAll("iframe.baza-embed[src]").forEach(track);
    // A snippet that arrives later (a theme that loads posts by script,
    // embed.html's preview) is upgraded as it appears.
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node.nodeType !== Node.ELEMENT_NODE) continue;
          if (node.matches("a.baza-embed[href]")) upgrade(node);
          else node.querySelectorAll("a.baza-embed[href]").forEach(upgrade);
        }
      }
    }).observe(document.documentElement, { childList: true, subtree: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
