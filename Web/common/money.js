// Money as the server keeps it: an integer count of minor units with its ISO 4217 currency (THB and
// USD have two decimals; JPY, KRW and VND none). What a person types or reads is converted on its
// digits, never through floating point: "19.99" baht is 1999 satang, exactly.

const digitsByCurrency = new Map();

/** Digits after the decimal point of a currency (2 for THB, 0 for JPY): its minor unit, as `Intl` knows it. */
export function currencyDigits(currency) {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/**
 * Minor units of an amount typed in major units (`"12.5"` with 2 digits is 1250, and so is `"12,5"`),
 * or null when it is not a number, has more decimals than the currency, or is too large to count.
 */
export function toMinorUnits(major, digits) {
  const match = /^(-)?(\d*)(?:[.,](\d*))?$/.exec(String(major ?? "").trim());
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) return null;
  const decimals = match[3] ?? "";
  if (decimals.length > digits) return null;
  const minor = Number((match[2] || "0") + decimals.padEnd(digits, "0"));
  if (!Number.isSafeInteger(minor)) return null;
  return match[1] && minor !== 0 ? -minor : minor;
}

/**
 * Major units of minor units, as an input shows them and `Intl` formats them exactly: 1250 with 2
 * digits is `"12.50"`, 1 is `"0.01"` (the step of an amount's input); "" for no amount.
 */
export function toMajorUnits(minor, digits) {
  if (!Number.isInteger(minor)) return "";
  const sign = minor < 0 ? "-" : "";
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  if (digits === 0) return sign + text;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * A currency's own sign as a price shows it in `locale` ("¥", "฿", "₩", "₫"), for a label beside an
 * amount typed in major units; its code when `Intl` has no sign for it.
 */
export function currencySign(currency, locale) {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol" });
  return format.formatToParts(0).find((part) => part.type === "currency")?.value ?? currency;
}
