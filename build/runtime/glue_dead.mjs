// Pyodide's glue without Emscripten's OpenGL, EGL, SDL and OpenAL libraries.
//
//   node build/runtime/glue_dead.mjs [NAMES] < GLUE > CUT    what went: JSON on standard error
//
// NAMES: a JSON list of the names the wasm imports, which stay whatever
// they are (npm's wasm imports some of OpenGL's through GOT.func; the
// build's, past its dead-code pass, none).
//
// Pyodide's glue carries those libraries for the side modules of packages
// (pygame's, for one), which find them by name in `wasmImports` when they
// are linked. The build's wasm imports none of them, and Baza's page
// loads no package: the loader hands Pyodide a lock file without any. So
// they are dead weight on every first visit: about a fifth of the glue's
// text (docs/PERFORMANCE.md).
//
// What goes:
// 1. the entries of `wasmImports` whose names are those libraries' (LIBRARY);
// 2. then every declaration of the module's top function that nothing
//    left can reach, when its value is made without side effects
//    (functions, literals, object and array literals of those, typed arrays
//    of a literal size): a name is reached from any statement that is not
//    such a declaration, and from the value of a reached declaration. Any
//    identifier of the same name counts as a use, wherever it stands, so
//    the pass keeps more than it must, never less.
// A side module that imports one of those names would now fail to link
// with Emscripten's own "undefined symbol" error.
//
// The result is parsed again: a rewrite that broke the syntax fails here.
import { readFileSync } from "node:fs";
import * as acorn from "acorn";

// The C names of the libraries' functions (OpenGL and its extensions, EGL,
// SDL with SDL_gfx and SDL_mixer's, OpenAL, GLUT, GLFW).
const LIBRARY =
  /^(?:gl[A-Z]|emscripten_gl[A-Z]|emscripten_webgl_|egl[A-Z]|SDL_|Mix_|TTF_|IMG_|al[A-Z]|alc[A-Z]|alut|glut[A-Z]|glfw[A-Z]|zoomSurface$|rotozoomSurface$|(?:line|pixel|rectangle|box|ellipse|filledEllipse)(?:Color|RGBA)$)/;

// Their state, exported on Module for side modules as their functions are.
const LIBRARY_OBJECTS = new Set(["GL", "GLctx", "EGL", "SDL", "AL", "GLUT", "GLFW", "GLImmediate", "GLEmulation"]);

function parse(text) {
  return acorn.parse(text, { ecmaVersion: "latest", sourceType: "module", allowHashBang: true });
}

// The names an expression or function uses: every identifier but property
// names written as such (`a.b`'s b, `{b: 1}`'s b).
function uses(node, into = new Set()) {
  const visit = (n, parent, key) => {
    if (!n || typeof n.type !== "string") return;
    if (n.type === "Identifier") {
      const named = (type) => parent?.type === type && key === (type === "MemberExpression" ? "property" : "key");
      const isName = !parent?.computed && (named("MemberExpression") || named("MethodDefinition") || named("PropertyDefinition"));
      const isKey = named("Property") && !parent.computed && !parent.shorthand;
      if (!isName && !isKey) into.add(n.name);
      return;
    }
    for (const k of Object.keys(n)) {
      const value = n[k];
      for (const child of Array.isArray(value) ? value : [value]) if (child && typeof child.type === "string") visit(child, n, k);
    }
  };
  visit(node, null, null);
  return into;
}

const TYPED = /^(?:Int8|Uint8|Uint8Clamped|Int16|Uint16|Int32|Uint32|Float32|Float64|BigInt64|BigUint64)Array$/;

// Whether making the value has no effect but the value itself.
function pure(node) {
  if (!node) return true;
  switch (node.type) {
    case "FunctionExpression":
    case "ArrowFunctionExpression":
    case "FunctionDeclaration":
    case "Literal":
    case "Identifier":
      return true;
    case "TemplateLiteral":
      return node.expressions.every(pure);
    case "UnaryExpression":
      return node.operator !== "delete" && pure(node.argument);
    case "BinaryExpression":
    case "LogicalExpression":
      return pure(node.left) && pure(node.right);
    case "ArrayExpression":
      return node.elements.every((element) => element === null || (element.type !== "SpreadElement" && pure(element)));
    case "ObjectExpression":
      return node.properties.every(
        (p) => p.type === "Property" && !p.computed && (p.kind !== "init" || pure(p.value)),
      );
    case "NewExpression":
      return (
        node.callee.type === "Identifier" &&
        TYPED.test(node.callee.name) &&
        node.arguments.every((a) => a.type === "Literal" && typeof a.value === "number")
      );
    default:
      return false;
  }
}

// The body of the module's one top function (Emscripten's factory).
function factoryBody(ast) {
  for (const statement of ast.body) {
    if (statement.type === "FunctionDeclaration") return statement.body;
    if (statement.type === "VariableDeclaration") {
      const init = statement.declarations[0]?.init;
      if (init?.type === "FunctionExpression" || init?.type === "ArrowFunctionExpression") return init.body;
    }
  }
  throw new Error("no factory function at the top of the glue");
}

// ``imported``: the names the wasm imports (GOT.func and env): kept whatever they are.
function cut(text, imported) {
  const ast = parse(text);
  const body = factoryBody(ast).body;
  const edits = []; // [start, end] spans to delete
  const report = { imports: [], exports: 0, declarations: 0, bytes: 0 };

  // 1. The libraries' entries of wasmImports.
  const imports = body.find(
    (s) => s.type === "VariableDeclaration" && s.declarations.length === 1 && s.declarations[0].id.name === "wasmImports",
  );
  const object = imports?.declarations[0].init;
  if (object?.type !== "ObjectExpression") throw new Error("no `var wasmImports = {...}` in the glue");
  const dropped = new Set();
  object.properties.forEach((p, i) => {
    const name = p.key?.type === "Identifier" ? p.key.name : p.key?.value;
    if (p.type !== "Property" || p.computed || typeof name !== "string" || !LIBRARY.test(name) || imported.has(name)) return;
    const next = object.properties[i + 1];
    edits.push([p.start, next ? next.start : p.end]);
    dropped.add(p);
    report.imports.push(name);
  });
  if (!report.imports.length) return { text, report };
  // (A dropped last entry leaves the one before with its comma: `{a: 1,}` is fine.)

  // 2. Declarations nothing reaches any more.
  const declared = new Map(); // name -> {statement, value}
  const roots = new Set();
  const seen = new Set();
  const attached = new Map(); // name -> its `name.sig = "vi"` and the like, gone with it
  for (const statement of body) {
    const set = statement.type === "ExpressionStatement" && statement.expression.type === "AssignmentExpression"
      && statement.expression.operator === "=" && statement.expression.left.type === "MemberExpression"
      ? statement.expression : null;
    const target = set?.left.object.type === "Identifier" ? set.left.object.name : null;
    const field = set && (set.left.computed ? set.left.property.value : set.left.property.name);
    const bare = typeof field === "string" ? field.replace(/^_/, "") : "";
    if (target === "Module" && ((LIBRARY.test(bare) && !imported.has(bare)) || LIBRARY_OBJECTS.has(field))) {
      edits.push([statement.start, statement.end]); // Module["_glClear"] = _glClear: for side modules, as wasmImports
      report.exports++;
      continue;
    }
    if (target && target !== "Module" && !set.left.computed && pure(set.right)) {
      attached.set(target, [...(attached.get(target) ?? []), statement]);
      continue;
    }
    if (statement.type === "FunctionDeclaration") {
      if (seen.has(statement.id.name)) roots.add(statement);
      seen.add(statement.id.name);
      declared.set(statement.id.name, { statement, value: statement });
    } else if (
      statement.type === "VariableDeclaration" &&
      statement.declarations.length === 1 &&
      statement.declarations[0].id.type === "Identifier" &&
      pure(statement.declarations[0].init) &&
      statement !== imports
    ) {
      const name = statement.declarations[0].id.name;
      if (seen.has(name)) roots.add(statement);
      seen.add(name);
      declared.set(name, { statement, value: statement.declarations[0].init });
    } else {
      roots.add(statement);
    }
  }
  const live = new Set();
  const queue = [];
  const reach = (names) => {
    for (const name of names) {
      if (declared.has(name) && !live.has(name)) {
        live.add(name);
        queue.push(name);
      }
    }
  };
  for (const statement of roots) {
    if (statement === imports) {
      const kept = { ...object, properties: object.properties.filter((p) => !dropped.has(p)) };
      reach(uses(kept));
    } else reach(uses(statement));
  }
  // Two declarations of one name are roots both: whichever runs last wins.
  for (const [name, { statement }] of declared) if (roots.has(statement)) reach([name]);
  // What is set on a name that was never declared here is a root too.
  for (const [name, statements] of attached) if (!declared.has(name)) statements.forEach((s) => reach(uses(s)));
  while (queue.length) {
    const name = queue.pop();
    reach(uses(declared.get(name).value));
    for (const statement of attached.get(name) ?? []) reach(uses(statement));
  }
  for (const [name, { statement }] of declared) {
    if (live.has(name) || roots.has(statement)) continue;
    for (const span of [statement, ...(attached.get(name) ?? [])]) edits.push([span.start, span.end]);
    report.declarations++;
  }

  // The kept text between the cut spans (none overlap: each is a statement or an entry of its own).
  edits.sort((a, b) => a[0] - b[0]);
  const pieces = [];
  let at = 0;
  for (const [start, end] of edits) {
    pieces.push(text.slice(at, start));
    report.bytes += end - start;
    at = end;
  }
  pieces.push(text.slice(at));
  const out = pieces.join("");
  parse(out); // throws if the cut broke the syntax
  return { text: out, report };
}

// The glue on standard input, the cut glue on standard output, the report on standard error.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  const imported = new Set(JSON.parse(process.argv[2] ?? "[]"));
  const { text, report } = cut(readFileSync(0, "utf-8"), imported);
  process.stdout.write(text);
  console.error(JSON.stringify(report));
}
