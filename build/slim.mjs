// Our own text files in dist/ without their comments and indentation: what
// a host that compresses nothing sends as it is, before ready (the page,
// its style sheet, the loading and loader scripts: 67 kB of 199), and 20 kB
// fewer with brotli. The sources keep every comment.
//
//   node build/slim.mjs FILE...     (.js .mjs .css .html; rewritten in place)
//
// Only the space between tokens changes, never a token: JavaScript is read
// by acorn (a full parse, so that a regular expression is told from a
// division), and each run of spaces and comments between two tokens becomes
// one line break if it held one (so that no automatic semicolon comes or
// goes), else one space, else nothing; strings and template literals stay
// as written. CSS and HTML: comments out (outside strings), and each run of
// blanks that holds a line break becomes one line break. A file that
// cannot be parsed stops the build. Prints one JSON line: {file: [before, after]}.
import { readFileSync, writeFileSync } from "node:fs";
import * as acorn from "acorn";

// JavaScript: the tokens as written, the gaps between them as small as they can be.
function slimScript(text, module) {
  const tokens = [];
  acorn.parse(text, {
    ecmaVersion: "latest",
    sourceType: module ? "module" : "script",
    allowHashBang: true,
    onToken: tokens,
  });
  let out = "";
  let at = 0;
  let previous = null;
  for (const token of tokens) {
    if (token.type === acorn.tokTypes.eof) break;
    const gap = text.slice(at, token.start);
    const written = text.slice(token.start, token.end);
    if (/[\n\r\u2028\u2029]/.test(gap)) out += "\n";
    else if (gap && out && needsSpace(out, written, previous)) out += " ";
    out += written;
    previous = token;
    at = token.end;
  }
  return out.replace(/^\n/, "") + "\n";
}

// Whether two tokens written side by side would read as other tokens: two
// words (`return x`), `a - -b`, `a / /b/`, a number and a dot (`1 .toString()`).
const WORD = /[\p{L}\p{N}_$\\\u200c\u200d]/u;
function needsSpace(out, next, previous) {
  const last = out[out.length - 1];
  if (WORD.test(last) && WORD.test(next[0])) return true;
  if ("+-/".includes(last) && "+-/".includes(next[0])) return true;
  return previous?.type === acorn.tokTypes.num && next[0] === ".";
}

// CSS: comments out, blanks that hold a line break one line break; strings kept.
function slimStyle(text) {
  let out = "";
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      if (end < 0) throw new Error("a comment that never ends");
      out += " "; // a comment separates what is on each side of it
      i = end + 2;
    } else {
      out += c;
      i += 1;
    }
  }
  return blanks(out);
}

// HTML: comments out, blanks that hold a line break one line break.
function slimPage(text) {
  if (/<(pre|textarea|script|style)\b[^>]*>[^<]/i.test(text)) throw new Error("an element whose text keeps its blanks");
  return blanks(text.replace(/<!--(?!\[)[\s\S]*?-->/g, ""));
}

const blanks = (text) => text.replace(/[ \t]*\n\s*/g, "\n").replace(/^\n/, "");

const SLIM = {
  js: (text) => slimScript(text, false),
  mjs: (text) => slimScript(text, true),
  css: slimStyle,
  html: slimPage,
};

const sizes = {};
for (const file of process.argv.slice(2)) {
  const slim = SLIM[file.split(".").pop()];
  if (!slim) throw new Error(`${file}: not a file this slims`);
  const text = readFileSync(file, "utf8");
  let out;
  try {
    out = slim(text);
  } catch (error) {
    throw new Error(`${file}: ${error.message}`);
  }
  writeFileSync(file, out);
  sizes[file] = [Buffer.byteLength(text), Buffer.byteLength(out)];
}
console.log(JSON.stringify(sizes));
