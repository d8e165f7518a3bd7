// What a page asks for before its modules come (Web/common/early.js, a classic script the server writes
// into the page): a later module with all it imports, at once and under their versions; a read started
// early and taken once. Without a browser: the script runs against a stand-in document.

import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { runInThisContext } from "node:vm";

const scripts = {
  'script[type="importmap"]': JSON.stringify({
    imports: {
      "/site/page.js": "/site/page.js?v=1", "/site/slider.js": "/site/slider.js?v=2", "/site/shared.js": "/site/shared.js?v=3",
      "/engine.wasm": "/engine.wasm?v=4",
    },
  }),
  "#frontdesk-imports": JSON.stringify({
    "/site/page.js": ["/site/slider.js", "/site/shared.js"], "/site/slider.js": ["/site/shared.js", "/engine.wasm"],
  }),
};
const links = [];
const fetched = [];
globalThis.document = {
  querySelector: (selector) => (selector in scripts ? { textContent: scripts[selector] } : null),
  createElement: () => ({}),
  head: { append: (link) => links.push(link) },
};
globalThis.fetch = async (path) => {
  fetched.push(path);
  return new Response(JSON.stringify({ path }), { status: path.includes("missing") ? 404 : 200 });
};
runInThisContext(readFileSync(new URL("../../Web/common/early.js", import.meta.url), "utf8"));
const early = globalThis.frontdeskEarly;
const { getEarly } = await import("../../Web/common/api.js");

test("a later module, all it imports and what they fetch are preloaded at once, each under its version and once", () => {
  early.preload("/site/page.js");
  assert.deepEqual(links.map((link) => [link.rel, link.href, link.as]), [
    ["modulepreload", "/site/page.js?v=1", undefined], ["modulepreload", "/site/slider.js?v=2", undefined],
    ["modulepreload", "/site/shared.js?v=3", undefined], ["preload", "/engine.wasm?v=4", "fetch"],
  ]);
  assert.equal(links[3].crossOrigin, "anonymous", "as the module's own fetch asks for it");
  early.preload("/site/slider.js");
  assert.equal(links.length, 4, "a module asked for before is not asked for again");
  early.preload("/site/unlisted.js");
  assert.deepEqual([links[4].rel, links[4].href], ["modulepreload", "/site/unlisted.js"], "a module the map lacks is asked for as named");
});

test("a read started early is taken once by the page, a refusal as one; a read never started is asked for", async () => {
  early.read("/api/v1/public/salons/2?lang=ja");
  early.read("/api/v1/public/missing");
  early.read("/api/v1/public/salons/2?lang=ja");
  assert.deepEqual(early.untaken(), ["/api/v1/public/salons/2?lang=ja", "/api/v1/public/missing"], "a read under way is not started again");
  assert.deepEqual(await getEarly("/api/v1/public/salons/2?lang=ja"), { path: "/api/v1/public/salons/2?lang=ja" });
  assert.deepEqual(fetched, ["/api/v1/public/salons/2?lang=ja", "/api/v1/public/missing"], "taken, not asked for again");
  assert.deepEqual(await getEarly("/api/v1/public/salons/2?lang=ja"), { path: "/api/v1/public/salons/2?lang=ja" });
  assert.equal(fetched.length, 3, "a second read of the same path asks the server");
  await assert.rejects(getEarly("/api/v1/public/missing"), (error) => error.status === 404 && error.name === "APIError");
  assert.equal(fetched.length, 3, "a refused early read is answered as refused, not asked for again");
  assert.deepEqual(early.untaken(), []);
});

/**
 * An app's early script (`site`, `desk`) run for `hash` in a browser speaking `languages`, with `stored` in its
 * local storage: what it preloads and reads.
 */
function runEarly(app, hash, languages, stored = {}) {
  links.length = 0;
  fetched.length = 0;
  globalThis.location = { hash, href: `http://127.0.0.1/${hash}` };
  Object.defineProperty(globalThis, "navigator", { value: { languages }, configurable: true });
  globalThis.localStorage = { getItem: (key) => stored[key] ?? null };
  runInThisContext(readFileSync(new URL("../../Web/common/early.js", import.meta.url), "utf8"));
  runInThisContext(readFileSync(new URL(`../../Web/${app}/early.js`, import.meta.url), "utf8"));
  return { preloads: links.map((link) => link.href), reads: globalThis.frontdeskEarly.untaken() };
}

const siteEarly = (hash, languages = ["th-TH", "en"]) => runEarly("site", hash, languages);

test("the site's early script reads what the results, a place and a salon first ask for, in the guest's language", async () => {
  const { paramsOf, queryOf } = await import("../../Web/site/search-bar.js");
  const hash = "#/search?region=Chiang%20Mai&arrival=2027-01-10&departure=2027-01-12&adults=3&minPrice=500&pages=2";
  // As results-page.js asks for its first page of places (the party within the server's limits).
  const asked = `/api/v1/public/search?${queryOf(paramsOf({
    region: "Chiang Mai", arrival: "2027-01-10", departure: "2027-01-12", adults: 3, children: 0, lang: "th",
  }, { minPrice: 500, maxPrice: null, sort: null, offset: null, limit: 40 }))}`;
  assert.deepEqual(siteEarly(hash).reads, [asked]);
  assert.deepEqual(siteEarly("#/places/12?arrival=2027-01-10&departure=2027-01-12&adults=2", ["ja"]).reads,
    ["/api/v1/public/properties/12?arrival=2027-01-10&departure=2027-01-12&adults=2&lang=ja"]);
  const salon = siteEarly("#/salon/2", ["ko-KR"]);
  assert.deepEqual(salon.reads, ["/api/v1/public/salons/2?lang=ko"]);
  assert.ok(salon.preloads.includes("/site/messages/ko.js") && salon.preloads.includes("/site/salon-page.js"), salon.preloads);
  // A page whose first screen words a rule of the server's has those words with it; a language the site
  // does not speak reads English.
  assert.deepEqual(siteEarly("#/manage", ["fr"]), {
    preloads: ["/site/messages/en.js", "/site/manage-page.js", "/common/refusals/en.js"], reads: [],
  });
  assert.deepEqual(siteEarly("#/nowhere", ["vi"]), { preloads: ["/site/messages/vi.js"], reads: [] });
});

test("the desk's sign-in asks early for its words and the session; a desk used before, for its property and board too", () => {
  assert.deepEqual(runEarly("desk", "#/board", ["ja-JP"]), {
    preloads: ["/desk/messages/ja.js"], reads: ["/api/v1/session"],
  }, "a first visit signs in first: nothing of the desk's own");
  const used = runEarly("desk", "#/board", ["en"], { "frontdesk.property": "7", "frontdesk.language": "th" });
  assert.deepEqual(used.reads, [
    "/api/v1/session", "/api/v1/properties", "/api/v1/properties/7", "/api/v1/public/limits", "/api/v1/properties/7/board",
  ]);
  for (const module of ["/desk/messages/th.js", "/desk/desk.js", "/common/refusals/en.js", "/common/refusals/th.js", "/desk/board/board-screen.js"]) {
    assert.ok(used.preloads.includes(module), `${module} is not asked for early: ${used.preloads}`);
  }
  assert.ok(!runEarly("desk", "#/today", ["en"], { "frontdesk.property": "7" }).reads.some((path) => path.endsWith("/board")));
});
