// How the desk names a folio line (Web/desk/folio/folio-lines.js): the server's own lines in the page's
// language, and the names a manager worded (room types, fees, taxes) as worded, without a browser.

import test from "node:test";
import assert from "node:assert/strict";
import { createI18n } from "../../Web/common/i18n.js";
import { lineLabel, refundReason } from "../../Web/desk/folio/folio-lines.js";
import { allMessages } from "./messages.mjs";

const MESSAGES = await allMessages("desk");

const WORDED = { "Garden Double": "การ์เด้น ดับเบิล", VAT: "ภาษีมูลค่าเพิ่ม" };

function thai() {
  const i18n = createI18n("th", MESSAGES);
  i18n.stored = (text) => WORDED[text] ?? text;
  return i18n;
}

test("a room night, a tax, a changed night and a corrected tax read as the manager worded them", () => {
  const i18n = thai();
  assert.equal(lineLabel({ description: "Garden Double, night of 2026-11-24", night: "2026-11-24" }, i18n), "การ์เด้น ดับเบิล");
  assert.equal(lineLabel({ kind: "charge", description: "VAT" }, i18n), "ภาษีมูลค่าเพิ่ม");
  const history = lineLabel({ kind: "charge", description: "Garden Double, night of 2026-11-24" }, i18n);
  assert.equal(history, `การ์เด้น ดับเบิล (${i18n.date("2026-11-24")})`);
  const changed = lineLabel({ kind: "charge", description: "VAT: the stay's nights changed" }, i18n);
  assert.ok(changed.includes("ภาษีมูลค่าเพิ่ม") && !changed.includes("VAT"), changed);
  const corrected = lineLabel({ kind: "reversal", description: "VAT: the charges it is on changed" }, i18n);
  assert.ok(corrected.includes("ภาษีมูลค่าเพิ่ม") && !/[a-z]/i.test(corrected), corrected);
});

test("what staff typed, and a name without a wording, read as stored", () => {
  const i18n = thai();
  assert.equal(lineLabel({ kind: "charge", description: "Minibar: 2 Singha" }, i18n), "Minibar: 2 Singha");
  assert.equal(lineLabel({ description: "Pool Villa, night of 2026-11-24", night: "2026-11-24" }, i18n), "Pool Villa");
  assert.equal(lineLabel({ description: "Garden Double, night of 2026-11-24", night: "2026-11-24" }), "Garden Double");
});

test("a payment the server named by its method reads in the page's language, a QR payment among them", () => {
  const japanese = createI18n("ja", MESSAGES);
  assert.equal(lineLabel({ kind: "payment", description: "Payment (qr)" }, japanese), japanese.t("folio.line.payment", { method: japanese.t("method.qr") }));
  assert.ok(!/qr/i.test(lineLabel({ kind: "payment", description: "Payment (qr)" }, japanese)));
});

test("a salon's sale's payment, stored as its method's code, reads in the page's language", () => {
  const japanese = createI18n("ja", MESSAGES);
  const cash = lineLabel({ kind: "payment", method: "cash", description: "cash" }, japanese);
  assert.equal(cash, japanese.t("folio.line.payment", { method: japanese.t("method.cash") }));
  // A refund's reversal carries the reason someone typed: it reads as typed.
  assert.equal(lineLabel({ kind: "reversal", method: "cash", description: "Wrong customer" }, japanese), "Wrong customer");
});

test("a salon's deposit lines and the refund of one read in the page's language; a charge typed so does not", () => {
  const japanese = createI18n("ja", MESSAGES);
  for (const [description, key] of [["Deposit", "deposit"], ["Deposit paid", "depositPaid"], ["Deposit kept", "depositKept"]]) {
    assert.equal(lineLabel({ kind: "charge", category: "deposit", description }, japanese), japanese.t(`folio.line.${key}`));
  }
  assert.equal(refundReason("Deposit refunded", japanese), japanese.t("folio.line.depositRefunded"));
  assert.equal(refundReason("Wrong customer", japanese), "Wrong customer");
  assert.equal(lineLabel({ kind: "charge", category: "other", description: "Deposit" }, japanese), "Deposit");
});
