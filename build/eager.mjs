// Which functions of a start-up script V8 compiles before the script runs.
//
// V8 compiles a function when it is first called, on the main thread,
// unless the function is a "possibly invoked function expression": a
// `function` expression right after "(". Those it compiles with the script,
// on a background thread while the file streams in. The file-wide hint
// (`//# allFunctionsCalledOnLoad`) does that for every function of a file:
// for Pyodide's 1.25 MB glue, 2,370 functions, of which a start calls
// about 500, and V8 spent 120-160 ms of a background thread on them at every
// start, on a machine of two cores (docs/PERFORMANCE.md, run 61). This
// script marks only the ones a start calls, listed in
// build/startup-functions.json, so that their compile leaves the main
// thread and the others cost nothing until called.
//
//   node build/eager.mjs mark FILE KEYS_JSON|-      rewrite FILE, print what was marked (JSON)
//   node build/eager.mjs keys FILE COVERAGE_JSON    print the keys of the functions that ran
//
// A function's key is its name (a declaration's, the variable or property
// it is assigned to, or "" when it has none), "#n", its rank among the
// file's functions of that name in source order, and ":length", its length
// in characters (see keyed() below). `keys` reads Chromium's
// precise coverage of FILE as served (bench/startup_functions.py).
//
// Each rewrite keeps what the code does:
// - `(a) => body` becomes `(function(a){...})` (`(function(a){return (x)})`
//   for `(a) => x`, and a semicolon after it when the next line starts
//   with what would call it), unless it reads `this`, `arguments`, `super`,
//   `new.target` or `eval` (an arrow takes them from where it is written;
//   a function would not), or starts a statement;
// - a `function` expression is put in parentheses;
// - a method `name(a) {...}` becomes `name: (function(a) {...})`, unless it
//   uses `super` or `eval` or is named `__proto__`; getters, setters and
//   class methods stay as they are;
// - a `function` declaration in a function's body becomes
//   `var name = (function(...) {...});` at the top of that body (after its
//   directives), where the language would have put it (declarations are
//   set when the body starts), and an empty statement where it was; one at
//   a module's top only in a module without imports, where nothing can
//   call it before the module runs; one in a block (`if`, `try`), or one of
//   two declarations of a name, stays.
// What still differs: a marked arrow or method can be called with `new`,
// and its source text (`String(f)`) is the rewritten one.
// The result is parsed again: a rewrite that broke the syntax fails here.
import { readFileSync, writeFileSync } from "node:fs";
import * as acorn from "acorn";

const FUNCTION = /^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression)$/;

function parse(text) {
  return acorn.parse(text, { ecmaVersion: "latest", sourceType: "module", allowHashBang: true });
}

// Calls visit(node, parent, grand) on every node, depth first; when visit
// returns false the node's children are skipped.
function walk(node, visit, parent = null, grand = null) {
  if (visit(node, parent, grand) === false) return;
  for (const key of Object.keys(node)) {
    const value = node[key];
    for (const child of Array.isArray(value) ? value : [value])
      if (child && typeof child.type === "string") walk(child, visit, node, parent);
  }
}

// Every function node with its parent and grandparent, in source order.
function functions(ast) {
  const found = [];
  walk(ast, (node, parent, grand) => {
    if (FUNCTION.test(node.type)) found.push({ node, parent, grand });
  });
  return found.sort((a, b) => a.node.start - b.node.start);
}

function nameOf(text, { node, parent }) {
  if (node.id) return node.id.name;
  if (parent?.type === "VariableDeclarator" && parent.init === node && parent.id.type === "Identifier") return parent.id.name;
  if (parent?.type === "AssignmentExpression" && parent.right === node) return text.slice(parent.left.start, parent.left.end);
  if ((parent?.type === "Property" || parent?.type === "MethodDefinition") && parent.value === node)
    return parent.computed ? `[${text.slice(parent.key.start, parent.key.end)}]` : text.slice(parent.key.start, parent.key.end);
  return "";
}

// [{key, ...entry}] for every function of the file. The length in the key
// makes a key go missing when the function it named changed, or when a
// function of the same name was added before it (then the build stops).
function keyed(text, ast) {
  const seen = new Map();
  return functions(ast).map((entry) => {
    const name = nameOf(text, entry);
    const rank = seen.get(name) ?? 0;
    seen.set(name, rank + 1);
    return { key: `${name}#${rank}:${entry.node.end - entry.node.start}`, ...entry };
  });
}

// Whether a function's own code (nested arrows included, nested `function`s
// not) has a node that passes the test.
function reads(root, test) {
  let found = false;
  walk(root, (node) => {
    if (found || (node !== root && (node.type === "FunctionExpression" || node.type === "FunctionDeclaration"))) return false;
    if (test(node)) found = true;
  });
  return found;
}

// What an arrow takes from where it is written, and a function would not:
// also a direct eval, which may read any of them (`new.target` and
// `import.meta` are both MetaProperty: both keep the arrow).
const arrowContext = (node) =>
  ["ThisExpression", "Super", "MetaProperty"].includes(node.type) ||
  (node.type === "Identifier" && (node.name === "arguments" || node.name === "eval"));
const usesSuperOrEval = (node) => node.type === "Super" || (node.type === "Identifier" && node.name === "eval");

// Just past an arrow's own "=>" (its parameters may hold other arrows, and
// comments "=>").
function arrowEnd(text, node) {
  let end = -1;
  for (const token of acorn.tokenizer(text.slice(node.start, node.body.start), { ecmaVersion: "latest" }))
    if (token.type.label === "=>") end = node.start + token.end;
  return end;
}

// Whether the code after `at`, past spaces and comments, is on a new line
// that starts with what would continue an expression.
function continues(text, at) {
  const rest = /^(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*)*/.exec(text.slice(at, at + 2000))[0];
  return /[\n\r\u2028\u2029]/.test(rest) && "([+-/`".includes(text[at + rest.length] ?? "");
}

export function mark(text, keys) {
  const ast = parse(text);
  const wanted = new Set(keys);
  const all = keyed(text, ast);
  const found = new Set();
  const edits = []; // {pos, del, text, order}; text may be a function: rendered last, with the edits inside it
  const hoisted = new Map(); // a function body (or the module) -> its declarations, in order
  const report = { marked: 0, kept: {} };
  const keep = (why) => (report.kept[why] = (report.kept[why] ?? 0) + 1);
  const hasImports = ast.body.some((node) => node.type === "ImportDeclaration");
  const prefix = (node) => `${node.async ? "async " : ""}function${node.generator ? "*" : ""}`;
  // Where an expression statement starts: a "(" put there would call what
  // the line before ends with, when that line has no semicolon. Only an
  // arrow can start one, and there it is never called (`x => 0, f()`).
  const statements = new Set();
  walk(ast, (node) => {
    if (node.type === "ExpressionStatement") statements.add(node.start);
  });
  const twice = (body, name) =>
    body.body.filter((statement) => statement.type === "FunctionDeclaration" && statement.id.name === name).length > 1;
  for (const { key, node, parent, grand } of all) {
    if (!wanted.has(key)) continue;
    found.add(key);
    if (node.type === "ArrowFunctionExpression") {
      if (reads(node, arrowContext)) {
        keep("arrow reading this, arguments or eval");
        continue;
      }
      if (statements.has(node.start)) {
        keep("arrow starting a statement");
        continue;
      }
      const arrow = arrowEnd(text, node);
      // The parameters with the edits inside them (`x => ...` starts where its parameter does).
      const params = () => node.params.map((param) => render(param.start, param.end, head)).join(",");
      // An expression body in parentheses: `return` then a line break would return nothing.
      const head = { pos: node.start, del: arrow - node.start, order: 3 };
      head.text = () => `(${prefix(node)}(${params()})${node.expression ? "{return (" : ""}`;
      edits.push(head);
      // After a block body the statement ended, even if the next line starts
      // with "(" or "[" (an arrow cannot be called there): in parentheses it
      // could be, so a semicolon ends it.
      const close = node.expression ? ")})" : continues(text, node.end) ? ");" : ")";
      edits.push({ pos: node.end, del: 0, text: close, order: 2, depth: node.start });
    } else if (node.type === "FunctionExpression") {
      if (parent?.type === "MethodDefinition") {
        keep("class method");
        continue;
      }
      if (parent?.type === "Property" && parent.value === node && (parent.method || parent.kind !== "init")) {
        const key = parent.key;
        if (parent.kind !== "init") keep("getter or setter");
        else if (reads(node, usesSuperOrEval)) keep("method using super or eval");
        else if (!parent.computed && (key.name ?? key.value) === "__proto__") keep("method named __proto__");
        else {
          const name = () => (parent.computed ? `[${render(key.start, key.end)}]` : text.slice(key.start, key.end));
          edits.push({ pos: parent.start, del: node.start - parent.start, text: () => `${name()}:(${prefix(node)}`, order: 3 });
          edits.push({ pos: node.end, del: 0, text: ")", order: 2, depth: node.start });
          report.marked++;
        }
        continue;
      }
      // A "(" just before: a grouping one, unless it opens a call's arguments.
      const argument = /^(Call|New)Expression$/.test(parent?.type) && parent.arguments[0] === node;
      if (text[node.start - 1] === "(" && !argument) {
        keep("already in parentheses");
        continue;
      }
      edits.push({ pos: node.start, del: 0, text: "(", order: 3 });
      edits.push({ pos: node.end, del: 0, text: ")", order: 2, depth: node.start });
    } else {
      const inBody = parent?.type === "BlockStatement" && grand && FUNCTION.test(grand.type) && grand.body === parent;
      const atTop = parent?.type === "Program" && !hasImports;
      if (!inBody && !atTop) {
        keep("declaration in a block, exported, or at the top of a module that imports");
        continue;
      }
      if (twice(parent, node.id.name)) {
        keep("declared twice in one body");
        continue;
      }
      if (!hoisted.has(parent)) hoisted.set(parent, []);
      hoisted.get(parent).push(node);
      // An empty statement where it was, so that the lines around it stay apart.
      edits.push({ pos: node.start, del: node.end - node.start, text: ";", order: 1 });
    }
    report.marked++;
  }
  for (const [body, declarations] of hoisted) {
    // After a "use strict" and other directives, which must stay first.
    const prologue = body.body.findIndex((statement) => statement.directive === undefined);
    const directives = prologue === -1 ? body.body.length : prologue;
    const top = text.startsWith("#!") ? text.indexOf("\n") + 1 : 0; // after a hashbang line
    const at = directives > 0 ? body.body[directives - 1].end : body.type === "Program" ? top : body.start + 1;
    const moved = () =>
      (directives > 0 ? ";" : "") +
      declarations.map((node) => `var ${node.id.name}=(${prefix(node)}${render(node.id.end, node.end)});`).join("");
    edits.push({ pos: at, del: 0, text: moved, order: 0 });
  }
  // At one position: moved declarations first, then the removal of a
  // declaration, then closing parentheses (the innermost function first),
  // then openings.
  edits.sort((a, b) => a.pos - b.pos || a.order - b.order || (a.order === 2 ? b.depth - a.depth : 0));
  function render(from, to, skip = null) {
    let out = "";
    let at = from;
    for (const edit of edits) {
      // Outside, or inside text an edit replaced; a closing parenthesis at
      // `to` is inside when its function starts inside (`e = x => x` ends with one).
      const closesInside = edit.pos === to && edit.order === 2 && edit.depth >= from;
      if (edit.pos < at || (edit.pos >= to && !closesInside) || edit === skip) continue;
      out += text.slice(at, edit.pos) + (typeof edit.text === "function" ? edit.text() : edit.text);
      at = edit.pos + edit.del;
    }
    return out + text.slice(at, to);
  }
  const output = render(0, text.length + 1);
  parse(output); // a rewrite that breaks the syntax fails the build here, not in a browser
  report.missing = keys.filter((key) => !found.has(key));
  return { text: output, report };
}

// Every function's key, in source order.
export function keysOf(text) {
  return keyed(text, parse(text)).map(({ key }) => key);
}

// The keys of the functions Chromium's precise coverage saw run at least
// once. Its offsets are UTF-16 units, as a JavaScript string's; a function
// is known by where it ends (where V8 says a function starts can differ
// from the parser's: a method's name, say).
export function calledKeys(text, coverage) {
  const ends = new Set(coverage.filter((fn) => fn.ranges[0].count > 0).map((fn) => fn.ranges[0].endOffset));
  return keyed(text, parse(text))
    .filter(({ node }) => ends.has(node.end))
    .map(({ key }) => key);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [mode, file, listFile] = process.argv.slice(2);
  const text = readFileSync(file, "utf8");
  const list = JSON.parse(readFileSync(listFile === "-" ? 0 : listFile, "utf8")); // "-": standard input
  if (mode === "mark") {
    const { text: output, report } = mark(text, list);
    writeFileSync(file, output);
    console.log(JSON.stringify(report));
  } else if (mode === "keys") {
    console.log(JSON.stringify(calledKeys(text, list)));
  } else {
    console.error("usage: node build/eager.mjs mark FILE KEYS_JSON | keys FILE COVERAGE_JSON");
    process.exit(2);
  }
}
