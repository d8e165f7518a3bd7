// The server's refusals worded in the page's language (Web/common/refusals.js, Web/common/api.js),
// without a browser.

import test from "node:test";
import assert from "node:assert/strict";
import { createI18n, LANGUAGES } from "../../Web/common/i18n.js";
import { APIError, call, wordRefusals } from "../../Web/common/api.js";
import { loadRefusals, refusalText } from "../../Web/common/refusals.js";
import { allMessages } from "./messages.mjs";

// Each language's words, as its module holds them; and every language read, as a page reads its own.
const REFUSALS = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async ({ code }) => [code, (await import(`../../Web/common/refusals/${code}.js`)).default])),
);
for (const { code } of LANGUAGES) await loadRefusals(code);

const MESSAGES = await allMessages("desk");

test("every language words every rule English words, with the same placeholders", () => {
  const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const [code, words] of Object.entries(REFUSALS)) {
    for (const [key, english] of Object.entries(REFUSALS.en)) {
      assert.ok(words[key], `${code} lacks ${key}`);
      assert.deepEqual(placeholders(words[key]), placeholders(english), `${code} ${key}`);
    }
  }
});

test("dates, money, states and numbers in a refusal read as the page writes them", () => {
  const thai = createI18n("th", MESSAGES);
  assert.equal(
    refusalText(thai, "folio.openBalance", { balance: "123450", currency: "THB" }),
    `บัญชีค่าใช้จ่ายยังมียอดค้าง ${thai.money({ amount: 123450, currency: "THB" })} ชำระให้เรียบร้อย หรือให้ผู้จัดการบังคับเช็คเอาท์`,
  );
  const japanese = createI18n("ja", MESSAGES);
  const text = refusalText(japanese, "stay.notYetArrival", { arrival: "2026-12-05" });
  assert.equal(text, `到着日は${japanese.date("2026-12-05")}です。それより前にはできません。`);
  assert.ok(!/2026-12-05/.test(text));
  assert.equal(
    refusalText(japanese, "stay.state", { action: "checkIn", state: "cancelled" }),
    "この宿泊は「キャンセル済み」のため、チェックインはできません。",
  );
  const english = createI18n("en", MESSAGES);
  assert.equal(refusalText(english, "number.range", { min: "1", max: "16", value: "0" }), "Enter a number from 1 to 16.");
  // A stay in the way is named when the server names it.
  assert.match(refusalText(english, "room.taken", { room: "101", guest: "Ann", code: "ABC123", arrival: "2026-12-01", departure: "2026-12-03" }), /Room 101 is taken by Ann \(ABC123\)/);
  assert.equal(refusalText(english, "room.taken", {}), "The room is taken on one of these nights.");
});

test("a deposit held more than a checkout's total reads both amounts as money", () => {
  const japanese = createI18n("ja", MESSAGES);
  const yen = (amount) => japanese.money({ amount, currency: "JPY" });
  const text = refusalText(japanese, "sale.depositExceeds", { held: "5000", total: "3300", currency: "JPY" });
  assert.ok(text.includes(yen(5000)) && text.includes(yen(3300)), text);
});

test("what a ticket book has left reads as money for a balance, naming its currency, and as a count for visits", () => {
  const japanese = createI18n("ja", MESSAGES);
  const balance = refusalText(japanese, "ticket.remaining", { remaining: "8000", currency: "JPY" });
  assert.ok(balance.includes(japanese.money({ amount: 8000, currency: "JPY" })), balance);
  assert.equal(refusalText(japanese, "ticket.remaining", { remaining: "7" }), "この回数券の残りは7です。");
});

test("a rule without words here keeps the server's message", () => {
  assert.equal(refusalText(createI18n("ko", MESSAGES), "some.newRule", {}), null);
});

test("a refusal from the server arrives worded in the page's language, its English kept aside", async () => {
  const korean = createI18n("ko", MESSAGES);
  wordRefusals((reason, params) => refusalText(korean, reason, params));
  const body = {
    error: { code: "invalid", message: "'0' is not a number from 1 to 16", field: "adults", reason: "number.range", params: { min: "1", max: "16", value: "0" } },
  };
  globalThis.fetch = async () => new Response(JSON.stringify(body), { status: 400, headers: { "Content-Type": "application/json" } });
  try {
    await assert.rejects(call("GET", "/api/v1/public/search"), (error) => {
      assert.ok(error instanceof APIError);
      assert.equal(error.message, "1부터 16까지의 숫자를 입력하세요.");
      assert.equal(error.serverMessage, "'0' is not a number from 1 to 16");
      assert.equal(error.field, "adults");
      return true;
    });
    const unknown = new APIError(400, "invalid", "give a city or region", "region");
    assert.equal(unknown.message, "give a city or region");
  } finally {
    wordRefusals(null);
    delete globalThis.fetch;
  }
});

test("a refusal that comes before the page has read its words waits for them; a failed read keeps the server's", async () => {
  const korean = createI18n("ko", MESSAGES);
  let read = false;
  let reads = 0;
  const words = (reason, params) => (read ? refusalText(korean, reason, params) : null);
  const body = {
    error: { code: "invalid", message: "'0' is not a number from 1 to 16", field: "adults", reason: "number.range", params: { min: "1", max: "16", value: "0" } },
  };
  globalThis.fetch = async () => new Response(JSON.stringify(body), { status: 400, headers: { "Content-Type": "application/json" } });
  try {
    wordRefusals(words, async () => {
      reads += 1;
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    await assert.rejects(call("GET", "/api/v1/public/search"), (error) => error.message === "'0' is not a number from 1 to 16");
    wordRefusals(words, async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      read = true;
    });
    await assert.rejects(call("GET", "/api/v1/public/search"), (error) => error.message === "1부터 16까지의 숫자를 입력하세요.");
    assert.equal(reads, 2);
  } finally {
    wordRefusals(null);
    delete globalThis.fetch;
  }
});
