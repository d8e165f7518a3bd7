// The front desk's words and formats (Web/common/i18n.js with Web/desk/messages/), without a browser.

import test from "node:test";
import assert from "node:assert/strict";
import { createI18n, loadI18n, preferredLanguage } from "../../Web/common/i18n.js";
import { allMessages, placeholders } from "./messages.mjs";

const MESSAGES = await allMessages("desk");

test("the language is the one chosen, else the browser's first we speak, else English", () => {
  assert.equal(preferredLanguage("ko", ["th-TH"]), "ko");
  assert.equal(preferredLanguage(null, ["fr-FR", "vi-VN", "en"]), "vi");
  assert.equal(preferredLanguage("xx", ["fr"]), "en");
});

test("messages fill placeholders and choose plural forms", () => {
  const en = createI18n("en", MESSAGES);
  assert.equal(en.t("action.checkInGuest", { name: "Ann" }), "Check in Ann");
  assert.equal(en.nights(1), "1 night");
  assert.equal(en.nights(3), "3 nights");
  assert.equal(createI18n("ja", MESSAGES).nights(3), "3泊");
});

test("a key missing in a language falls back to English, and an unknown key shows itself", () => {
  const ja = createI18n("ja", MESSAGES);
  assert.equal(ja.t("app.name"), MESSAGES.en["app.name"]);
  assert.equal(ja.t("no.such.key"), "no.such.key");
});

test("every language has every screen's words that English has, with the same placeholders", () => {
  const english = Object.keys(MESSAGES.en).filter((key) => key !== "app.name");
  for (const code of ["th", "ja", "ko", "vi"]) {
    const missing = english.filter((key) => !(key in MESSAGES[code]));
    assert.deepEqual(missing, [], `${code} lacks ${missing.join(", ")}`);
    for (const key of english) {
      assert.deepEqual(placeholders(MESSAGES[code][key]), placeholders(MESSAGES.en[key]), `${code} ${key}`);
    }
  }
});

/** A loader of the desk's words that notes which languages were fetched. */
function deskWords(fetched) {
  return (code) => {
    fetched.push(code);
    return import(`../../Web/desk/messages/${code}.js`);
  };
}

test("only the language in use is fetched, with English for a key it lacks", async () => {
  const fetched = [];
  const ja = await loadI18n("ja", deskWords(fetched));
  assert.deepEqual(fetched.sort(), ["en", "ja"]);
  assert.equal(ja.nights(3), "3泊");
  assert.equal(ja.t("app.name"), MESSAGES.en["app.name"]);
});

test("English is fetched alone, and stands in for a language we do not speak", async () => {
  const fetched = [];
  assert.equal((await loadI18n("en", deskWords(fetched))).code, "en");
  assert.equal((await loadI18n("fr", deskWords(fetched))).t("nav.today"), "Today");
  assert.deepEqual(fetched, ["en", "en"]);
});

test("dates and money follow the language: Thai in the Buddhist era, yen without decimals", () => {
  const th = createI18n("th", MESSAGES);
  assert.match(th.month(2026, 11), /2569/);
  assert.match(th.money({ amount: 150000, currency: "THB" }), /1,500\.00/);
  const ja = createI18n("ja", MESSAGES);
  assert.equal(ja.money({ amount: 6600, currency: "JPY" }).replace(/\s/g, ""), "￥6,600");
  const ko = createI18n("ko", MESSAGES);
  assert.doesNotMatch(ko.money({ amount: 55000, currency: "KRW" }), /\./);
  assert.equal(createI18n("en", MESSAGES).date("2026-11-23"), "23 Nov 2026");
});
