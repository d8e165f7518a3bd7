// What a page asks for before its modules come (Web/common/early.js, a classic script the server writes
// into the page): a later module with all it imports, at once and under their versions; a read started
// early and taken once. Without a browser: the script runs against a stand-in document.

import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { runInThisContext } from "node:vm";

const scripts = {
  'script[type="importmap"]': JSON.stringify({
    imports: { "/site/page.js": "/site/page.js?v=1", "/site/slider.js": "/site/slider.js?v=2", "/site/shared.js": "/site/shared.js?v=3" },
  }),
  "#frontdesk-imports": JSON.stringify({ "/site/page.js": ["/site/slider.js", "/site/shared.js"], "/site/slider.js": ["/site/shared.js"] }),
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

test("a later module and all it imports are preloaded at once, each under its version and once", () => {
  early.preload("/site/page.js");
  assert.deepEqual(links.map((link) => [link.rel, link.href]), [
    ["modulepreload", "/site/page.js?v=1"], ["modulepreload", "/site/slider.js?v=2"], ["modulepreload", "/site/shared.js?v=3"],
  ]);
  early.preload("/site/slider.js");
  assert.equal(links.length, 3, "a module asked for before is not asked for again");
  early.preload("/site/unlisted.js");
  assert.deepEqual([links[3].rel, links[3].href], ["modulepreload", "/site/unlisted.js"], "a module the map lacks is asked for as named");
});

test("a read started early is taken once by the page; a refused one, or one never started, is asked for again", async () => {
  early.read("/api/v1/public/salons/2?lang=ja");
  early.read("/api/v1/public/missing");
  early.read("/api/v1/public/salons/2?lang=ja");
  assert.deepEqual(early.untaken(), ["/api/v1/public/salons/2?lang=ja", "/api/v1/public/missing"], "a read under way is not started again");
  assert.deepEqual(await getEarly("/api/v1/public/salons/2?lang=ja"), { path: "/api/v1/public/salons/2?lang=ja" });
  assert.deepEqual(fetched, ["/api/v1/public/salons/2?lang=ja", "/api/v1/public/missing"], "taken, not asked for again");
  assert.deepEqual(await getEarly("/api/v1/public/salons/2?lang=ja"), { path: "/api/v1/public/salons/2?lang=ja" });
  assert.equal(fetched.length, 3, "a second read of the same path asks the server");
  await assert.rejects(getEarly("/api/v1/public/missing"), (error) => error.status === 404);
  assert.equal(fetched.length, 4, "a refused early read is asked for again, for the refusal's words");
  assert.deepEqual(early.untaken(), []);
});

/** The site's early script run for `hash` in a browser speaking `languages`: what it preloads and reads. */
function siteEarly(hash, languages = ["th-TH", "en"]) {
  links.length = 0;
  fetched.length = 0;
  globalThis.location = { hash, href: `http://127.0.0.1/${hash}` };
  Object.defineProperty(globalThis, "navigator", { value: { languages }, configurable: true });
  globalThis.localStorage = { getItem: () => null };
  runInThisContext(readFileSync(new URL("../../Web/common/early.js", import.meta.url), "utf8"));
  runInThisContext(readFileSync(new URL("../../Web/site/early.js", import.meta.url), "utf8"));
  return { preloads: links.map((link) => link.href), reads: globalThis.frontdeskEarly.untaken() };
}

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
