// The desk's offline parts without a browser: the service worker caches every file the desk loads,
// and the outbox keeps a change the server cannot be reached for, sends it with its key when it
// can, and keeps a refused one with its reason.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const web = new URL("../../Web/", import.meta.url);

test("the service worker caches every module, style and asset the desk loads", () => {
  const worker = readFileSync(new URL("desk/sw.js", web), "utf8");
  const shell = JSON.parse(`[${worker.match(/const FILES = \[([\s\S]*?)\];/)[1].replace(/,\s*$/, "")}]`);
  // The desk's folder and those in it (each language's words in `messages/`).
  const desk = readdirSync(fileURLToPath(new URL("desk/", web)), { recursive: true })
    .filter((name) => /\.(js|css|json|svg)$/.test(name) && name !== "sw.js");
  const common = readdirSync(fileURLToPath(new URL("common/", web)), { recursive: true })
    .filter((name) => name.endsWith(".js"))
    .map((name) => `../common/${name}`);
  for (const file of [...desk, ...common, "../board.js", "../board.css", "../timeline.js", "../timeline.wasm"]) {
    assert.ok(shell.includes(file), `sw.js does not cache ${file}`);
  }
});

test("the service worker keeps English's words at install, the language every other falls back on", async () => {
  const source = readFileSync(new URL("desk/sw.js", web), "utf8");
  const handlers = {};
  const added = [];
  const self = {
    location: { href: "http://127.0.0.1/desk/sw.js" },
    addEventListener: (type, handler) => (handlers[type] = handler),
    skipWaiting: () => Promise.resolve(),
  };
  const caches = { open: async () => ({ addAll: async (files) => added.push(...files) }) };
  new Function("self", "caches", source)(self, caches);
  let installed;
  handlers.install({ waitUntil: (promise) => (installed = promise) });
  await installed;
  assert.deepEqual(added.filter((file) => /(messages|refusals)\//.test(file)).sort(), ["../common/refusals/en.js", "messages/en.js"]);
  assert.ok(added.includes("desk.js") && added.includes("../timeline.wasm"), "and every other file");
});

/** A fake `fetch` for the outbox: `down` makes every request fail as a dropped network does. */
function network() {
  const state = { down: false, sent: [], refuse: null };
  globalThis.fetch = async (path, init = {}) => {
    if (state.down) throw new TypeError("Failed to fetch");
    if (path === "/healthz") return new Response("{}", { status: 200 });
    state.sent.push({ path, method: init.method, key: init.headers?.["Idempotency-Key"], body: init.body });
    if (state.refuse) return new Response(JSON.stringify({ error: { code: "invalid", message: state.refuse, field: "amount" } }), { status: 400 });
    return new Response(JSON.stringify({ ok: true }), { status: 201 });
  };
  return state;
}

function memoryStorage() {
  const items = new Map();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => items.set(key, String(value)) };
}

test("a change made while the server cannot be reached waits, survives a reload, and is sent once with its key", async () => {
  const state = network();
  const { Outbox } = await import(new URL("desk/outbox.js", web));
  const storage = memoryStorage();
  const outbox = new Outbox(storage);
  state.down = true;
  const answer = await outbox.send("POST", "/api/v1/stays/7/charges", { body: { description: "Minibar" }, label: "Minibar", stayId: 7 });
  assert.ok(answer.queued);
  assert.equal(outbox.online, false);
  assert.equal(outbox.waiting().length, 1);
  clearInterval(outbox._timer);

  // The page reloads: the queue is read back from storage.
  const again = new Outbox(storage);
  clearInterval(again._timer);
  assert.equal(again.waiting().length, 1);
  state.down = false;
  await again.probe();
  await again.flush();
  assert.equal(state.sent.length, 1);
  assert.equal(state.sent[0].key, answer.queued.key);
  assert.equal(again.items.length, 0);
  assert.equal(JSON.parse(storage.getItem("frontdesk.outbox")).length, 0);
});

test("a change the server refuses when it comes back stays with the server's reason until dismissed", async () => {
  const state = network();
  const { Outbox } = await import(new URL("desk/outbox.js", web));
  const outbox = new Outbox(memoryStorage());
  clearInterval(outbox._timer);
  state.down = true;
  await outbox.send("POST", "/api/v1/stays/7/charges", { body: {}, label: "Yen" });
  state.down = false;
  state.refuse = "this folio is in THB, not JPY";
  await outbox.probe();
  assert.equal(outbox.refused().length, 1);
  assert.equal(outbox.refused()[0].error.message, "this folio is in THB, not JPY");
  outbox.dismiss(outbox.refused()[0]);
  assert.equal(outbox.items.length, 0);
});
