// Money in minor units (Web/common/money.js): typed and shown amounts converted on their digits,
// never through floating point.

import test from "node:test";
import assert from "node:assert/strict";
import { currencyDigits, currencySign, toMajorUnits, toMinorUnits } from "../../Web/common/money.js";

test("currencies without a minor unit keep whole amounts", () => {
  assert.equal(currencyDigits("JPY"), 0);
  assert.equal(currencyDigits("KRW"), 0);
  assert.equal(currencyDigits("VND"), 0);
  assert.equal(currencyDigits("THB"), 2);
  assert.equal(currencyDigits("USD"), 2);
});

test("major units become minor units by the currency's digits", () => {
  assert.equal(toMinorUnits("12.5", 2), 1250);
  assert.equal(toMinorUnits("0.1", 2), 10);
  assert.equal(toMinorUnits("1234", 0), 1234);
  assert.equal(toMinorUnits("123.45", 2), 12345);
  assert.equal(toMinorUnits("12,50", 2), 1250);
  assert.equal(toMinorUnits(" -3.5 ", 2), -350);
});

test("amounts floating point would get wrong are exact", () => {
  // 1.005 * 100 is 100.49999999999999 and 4.35 * 100 is 434.99999999999994 in floating point.
  assert.equal(toMinorUnits("1.005", 3), 1005);
  assert.equal(toMinorUnits("4.35", 2), 435);
  assert.equal(toMinorUnits("19.99", 2), 1999);
  assert.equal(toMinorUnits("90071992547409.91", 2), 9007199254740991);
});

test("what is not an amount in the currency is none", () => {
  assert.equal(toMinorUnits("1.5", 0), null);
  assert.equal(toMinorUnits("12.345", 2), null);
  assert.equal(toMinorUnits("twelve", 2), null);
  assert.equal(toMinorUnits("1e3", 2), null);
  assert.equal(toMinorUnits("", 2), null);
  assert.equal(toMinorUnits("-", 2), null);
  assert.equal(toMinorUnits("90071992547409.92", 2), null);
});

test("minor units show as major units, as an input takes them", () => {
  assert.equal(toMajorUnits(1250, 2), "12.50");
  assert.equal(toMajorUnits(5, 2), "0.05");
  assert.equal(toMajorUnits(-5, 2), "-0.05");
  assert.equal(toMajorUnits(1500, 0), "1500");
  assert.equal(toMajorUnits(1, 2), "0.01");
  assert.equal(toMajorUnits(undefined, 2), "");
});

test("a price's label shows the currency's own sign in every language, not its code or a country's letters", () => {
  assert.equal(currencySign("JPY", "ko-KR"), "¥");
  assert.equal(currencySign("THB", "en-GB"), "฿");
  assert.equal(currencySign("KRW", "vi-VN"), "₩");
  assert.equal(currencySign("VND", "ja-JP"), "₫");
});
