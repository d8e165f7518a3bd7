// The desk's reports as files (Web/desk/reports/reports.js), without a browser.

import test from "node:test";
import assert from "node:assert/strict";
import { plainAmount, toCSV } from "../../Web/desk/reports/reports.js";

test("a report's CSV quotes what needs quoting and ends each line in CRLF", () => {
  const text = toCSV([
    ["Guest", "Amount"],
    ['Lee, "Ann"', "1234.50"],
    ["Line\nbreak", ""],
    ["ผู้เข้าพัก", null],
  ]);
  assert.equal(text, 'Guest,Amount\r\n"Lee, ""Ann""",1234.50\r\n"Line\nbreak",\r\nผู้เข้าพัก,\r\n');
});

test("amounts are plain decimals in their currency's digits, refunds negative", () => {
  assert.equal(plainAmount({ amount: 123450, currency: "THB" }), "1234.50");
  assert.equal(plainAmount({ amount: 12000, currency: "JPY" }), "12000");
  assert.equal(plainAmount({ amount: -30000, currency: "THB" }), "-300.00");
  assert.equal(plainAmount({ amount: 5, currency: "USD" }), "0.05");
});

test("a field a spreadsheet would run as a formula is written as text, numbers and phone numbers as they are", () => {
  const text = toCSV([["=HYPERLINK(\"http://x\")", "@SUM(A1)", "+cmd|' /C calc'!A0", "-300.00", "+66 81 234 5678", "-"]]);
  assert.equal(text, `"'=HYPERLINK(""http://x"")",'@SUM(A1),'+cmd|' /C calc'!A0,-300.00,+66 81 234 5678,-\r\n`);
});
