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

  // Whether `node` can become what `spec` describes in place: a text for a
  // text, an element of the same tag, namespace and data-key for an element.
  const fits = (node, spec) => {
    if (typeof spec === "string") return node.nodeType === Node.TEXT_NODE;
    if (node.nodeType !== Node.ELEMENT_NODE) return false;
    const [tag, attributes] = spec;
    const svg = tag.startsWith("svg:");
    if (node.localName !== (svg ? tag.slice(4) : tag) || (node.namespaceURI === SVG) !== svg) return false;
    return node.getAttribute("data-key") === (attributes["data-key"] ?? null);
  };

  // `node` made to match `spec`: its text, attributes, custom properties
  // and children, changing only what differs.
  const update = (node, spec) => {
    if (typeof spec === "string") {
      if (node.data !== spec) node.data = spec;
      return node;
    }
    const [, attributes, ...children] = spec;
    for (const { name } of Array.from(node.attributes)) { // a copy: removing changes the live list
      if (name !== "style" && !Object.hasOwn(attributes, name)) node.removeAttribute(name);
    }
    for (const [name, value] of Object.entries(attributes)) {
      if (!name.startsWith("--")) {
        if (node.getAttribute(name) !== value) node.setAttribute(name, value);
      } else if (node.style.getPropertyValue(name) !== value) node.style.setProperty(name, value);
    }
    for (let i = node.style.length - 1; i >= 0; i--) {
      const name = node.style[i];
      if (name.startsWith("--") && !Object.hasOwn(attributes, name)) node.style.removeProperty(name);
    }
    morph(node, children);
    return node;
  };

  // Attributes and custom properties of `node` set as `attributes` says
  // (null: none), those that already hold the value left alone.
  const set = (node, attributes) => {
    for (const [name, value] of Object.entries(attributes)) {
      if (name.startsWith("--")) {
        if (value === null) node.style.removeProperty(name);
        else if (node.style.getPropertyValue(name) !== value) node.style.setProperty(name, value);
      } else if (value === null) node.removeAttribute(name);
      else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
    }
  };

  // `parent`'s children made to match `specs`: an element with a data-key
  // is kept wherever its key is, any other node where it stands; what no
  // longer fits is made anew, what is left over goes first, so that the
  // nodes kept, in the same order, are never moved (a node moved loses
  // its focus and starts its animation again).
  const morph = (parent, specs) => {
    const old = [...parent.childNodes];
    const keyed = new Map();
    const loose = [];
    for (const node of old) {
      const key = node.nodeType === Node.ELEMENT_NODE ? node.getAttribute("data-key") : null;
      if (key === null) loose.push(node);
      else keyed.set(key, node);
    }
    let next = 0;
    const made = specs.map((spec) => {
      const key = typeof spec === "string" ? null : (spec[1]["data-key"] ?? null);
      const node = key === null ? loose[next++] : keyed.get(key);
      if (node !== undefined && fits(node, spec)) {
        if (key !== null) keyed.delete(key);
        return update(node, spec);
      }
      return make(spec);
    });
    const kept = new Set(made);
    for (const node of old) if (!kept.has(node)) node.remove();
    made.forEach((node, i) => {
      const at = parent.childNodes[i];
      if (at !== node) parent.insertBefore(node, at ?? null);
    });
  };

  globalThis.bazaNodes = Object.freeze({
    // `parent`'s children made to match a JSON list of descriptions, keeping
    // the nodes that stay: no element is styled, laid out and its text shaped
    // again for a redraw that changed one number of it.
    morph: (parent, json) => morph(parent, JSON.parse(json)),
    // Attributes and custom properties of `node` from a JSON object, only
    // those that differ: one call for what was one or two for each.
    set: (node, json) => set(node, JSON.parse(json)),
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
