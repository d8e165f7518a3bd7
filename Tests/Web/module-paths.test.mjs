// Every path the browser side names is a file: a module's relative imports (static and dynamic), the
// files a module reaches by `new URL(…, import.meta.url)`, the pages' stylesheets and scripts, what the
// desk's early.js preloads and what its service worker caches. A file moved without its users fails here,
// not in a browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const web = fileURLToPath(new URL("../../Web/", import.meta.url));

/** Every file under Web/ whose name ends with one of `endings`, as absolute paths. */
function filesEndingWith(...endings) {
  return readdirSync(web, { recursive: true })
    .filter((name) => endings.some((ending) => name.endsWith(ending)) && !name.startsWith("vendor"))
    .map((name) => join(web, name));
}

/**
 * The relative paths `source` names: `from "./x.js"`, `import("./x.js")`, `` import(`./x.js${retry}`) ``
 * (the part before the first `${`, when it names a file) and `new URL("./x.wasm", import.meta.url)`.
 */
function pathsNamed(source) {
  const named = [];
  for (const match of source.matchAll(/\bfrom\s+["'](\.{1,2}\/[^"']+)["']/g)) named.push(match[1]);
  for (const match of source.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`$]+\.(?:js|mjs))(?=["'`$])/g)) named.push(match[1]);
  for (const match of source.matchAll(/new URL\(\s*["'`](\.{1,2}\/[^"'`$]+)["'`],\s*import\.meta\.url/g)) named.push(match[1]);
  return named;
}

test("every relative path a module under Web/ names is a file", () => {
  const missing = [];
  for (const file of filesEndingWith(".js", ".mjs")) {
    for (const path of pathsNamed(readFileSync(file, "utf8"))) {
      if (!existsSync(join(dirname(file), path))) missing.push(`${relative(web, file)}: ${path}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("every stylesheet, script and preload a page under Web/ links is a file", () => {
  const missing = [];
  for (const file of filesEndingWith(".html")) {
    const page = readFileSync(file, "utf8");
    for (const [, path] of page.matchAll(/\b(?:href|src)="([^"#:?]+)"/g)) {
      if (path.startsWith("/")) continue;
      if (!existsSync(join(dirname(file), path))) missing.push(`${relative(web, file)}: ${path}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("every module the early scripts preload is a file", () => {
  const desk = readFileSync(join(web, "desk/early.js"), "utf8");
  const screens = [...desk.matchAll(/preload\("\/([^"]+)"\)/g)].map((m) => m[1]);
  const site = readFileSync(join(web, "site/early.js"), "utf8");
  const pages = [...site.matchAll(/"([\w-]+-page\.js)"/g)].map((m) => join("site", m[1]));
  assert.ok(screens.length > 0 && pages.length > 0);
  for (const file of [...screens, ...pages]) assert.ok(existsSync(join(web, file)), `an early script preloads ${file}, which is no file`);
});

test("every file the desk's service worker caches is a file", () => {
  const worker = readFileSync(join(web, "desk/sw.js"), "utf8");
  const shell = JSON.parse(`[${worker.match(/const FILES = \[([\s\S]*?)\];/)[1].replace(/,\s*$/, "")}]`);
  for (const file of shell) {
    if (file === "./") continue;
    assert.ok(existsSync(join(web, "desk", file)), `sw.js caches ${file}, which is no file`);
  }
});
