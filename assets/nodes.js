// Builds the page's nodes from the descriptions that ui/nodes.py sends, one
// call per redraw. Made one by one from Python, every element, attribute and
// text was a call through Pyodide's FFI: a resumed game's table took 1,316
// calls of the DOM's methods, 167 now (docs/PERFORMANCE.md, "Runs 81 to 85").
//
// A description is JSON: a node is ["tag", {attributes}, ...children] and a
// child is a node or a string, which becomes a text node (never markup:
// nothing here parses HTML). "svg:tag" is an SVG element. An attribute
// whose name starts with "--" is a CSS custom property, set through the
// element's style (the page's Content-Security-Policy allows no style
// attribute).
(() => {
  const SVG = "http://www.w3.org/2000/svg";

  const make = (spec) => {
    if (typeof spec === "string") return document.createTextNode(spec);
    const [tag, attributes, ...children] = spec;
    const node = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name.startsWith("--")) node.style.setProperty(name, value);
      else node.setAttribute(name, value);
    }
    for (const child of children) node.append(make(child));
    return node;
  };

  globalThis.bazaNodes = Object.freeze({
    // The nodes of a JSON list of descriptions, as an array.
    list: (json) => JSON.parse(json).map(make),
    // The same in a DocumentFragment, to insert them all at once.
    fragment: (json) => {
      const fragment = document.createDocumentFragment();
      fragment.append(...JSON.parse(json).map(make));
      return fragment;
    },
  });
})();
