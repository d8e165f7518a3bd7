// Words in five languages, and dates, numbers and money through `Intl`: shared by the front desk
// (`Web/desk/`) and the guest site (`Web/site/`), each with its own words, one module a language
// (`messages/en.js`, `messages/th.js`, ...).
//
// Dates of stays are calendar days (`YYYY-MM-DD`, or days since 1970-01-01, as dates.js counts them):
// they are formatted at UTC so that no time zone shifts them. Thai dates use the Buddhist calendar.
// Money arrives in minor units; the currency's own number of decimals (none for JPY, KRW and VND)
// says how to show it (money.js).

import { DAY_MS, dayNumber } from "./dates.js";
import { currencyDigits, toMajorUnits } from "./money.js";

export const LANGUAGES = Object.freeze([
  { code: "en", name: "English", locale: "en-GB" },
  { code: "th", name: "ไทย", locale: "th-TH-u-ca-buddhist" },
  { code: "ja", name: "日本語", locale: "ja-JP" },
  { code: "ko", name: "한국어", locale: "ko-KR" },
  { code: "vi", name: "Tiếng Việt", locale: "vi-VN" },
]);

const STORAGE_KEY = "frontdesk.language";

/**
 * The five languages named as the page's language names them ("英語", "タイ語" on a Japanese page): what a
 * member of staff chooses a guest's language among. The desk's own switch names each in itself instead.
 * @param {string} locale the page's locale
 */
export function languageChoices(locale) {
  const names = new Intl.DisplayNames([locale], { type: "language" });
  return LANGUAGES.map(({ code }) => ({ code, name: names.of(code) ?? code }));
}

/** The language to start in: the one chosen before, else the browser's first we speak, else English. */
export function preferredLanguage(stored = safeStorage()?.getItem(STORAGE_KEY), browser = navigatorLanguages()) {
  if (stored && LANGUAGES.some((l) => l.code === stored)) return stored;
  for (const tag of browser) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.some((l) => l.code === code)) return code;
  }
  return "en";
}

export function rememberLanguage(code) {
  safeStorage()?.setItem(STORAGE_KEY, code);
}

function safeStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function navigatorLanguages() {
  return globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? "en"];
}

/**
 * Everything a screen needs to speak `code`, once its words have come: each app keeps one module of
 * words a language (`messages/th.js`, its default export), and only the language in use is fetched,
 * with English for a key it lacks.
 * @param {string} code one of LANGUAGES' codes
 * @param {(code: string) => Promise<{default: Record<string, string | object>}>} words imports a language's module
 */
export async function loadI18n(code, words) {
  const language = LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
  const [english, own] = await Promise.all([words("en"), language.code === "en" ? null : words(language.code)]);
  return createI18n(language.code, { en: english.default, [language.code]: (own ?? english).default });
}

/**
 * Everything a screen needs to speak one language.
 * @param {string} code one of LANGUAGES' codes
 * @param {Record<string, Record<string, string | object>>} catalogue messages by language code, at least
 *   `code`'s and `en`'s; `en` is complete
 */
export function createI18n(code, catalogue) {
  const language = LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
  const locale = language.locale;
  const messages = catalogue[language.code] ?? catalogue.en;
  const plural = new Intl.PluralRules(locale);
  const utc = (options) => new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options });
  const formats = {
    date: utc({ day: "numeric", month: "short", year: "numeric" }),
    dateLong: utc({ dateStyle: "full" }),
    weekday: utc({ weekday: "short" }),
    dayOfMonth: utc({ day: "numeric" }),
    month: utc({ month: "long", year: "numeric" }),
    dayMonth: utc({ day: "numeric", month: "short" }),
    time: utc({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
  };
  const moneyFormats = new Map();
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });

  /**
   * A message by key, with `{name}` placeholders filled; a key with `one`/`other` forms is chosen by
   * the plural rules for `params.count`.
   */
  function t(key, params = {}) {
    let message = messages[key] ?? catalogue.en[key] ?? key;
    if (typeof message === "object") {
      const form = plural.select(params.count ?? 0);
      message = message[form] ?? message.other;
    }
    return message.replace(/\{(\w+)\}/g, (whole, name) =>
      name in params ? (typeof params[name] === "number" ? number.format(params[name]) : String(params[name])) : whole,
    );
  }

  function money(value) {
    if (!value) return "";
    let format = moneyFormats.get(value.currency);
    if (!format) {
      // The currency's own sign in every language (¥, ฿, ₩, ₫), never a code or a country's letters ("JP¥"
      // on a Korean page): a price reads the same to a guest whatever the page's language.
      format = new Intl.NumberFormat(locale, { style: "currency", currency: value.currency, currencyDisplay: "narrowSymbol" });
      moneyFormats.set(value.currency, format);
    }
    // The digits as a decimal string: `Intl` formats them exactly, however large the amount.
    return format.format(toMajorUnits(value.amount, currencyDigits(value.currency)));
  }

  // A text that is no date is an invalid Date, which `Intl` refuses to format.
  const asDate = (day) => new Date(((typeof day === "string" ? dayNumber(day) : day) ?? NaN) * DAY_MS);

  return {
    code: language.code,
    locale,
    t,
    money,
    number: (n) => number.format(n),
    percent: (fraction) => percent.format(fraction),
    /** A calendar day (`YYYY-MM-DD` or a day number), short: "23 Nov 2026". */
    date: (day) => formats.date.format(asDate(day)),
    dateLong: (day) => formats.dateLong.format(asDate(day)),
    dayMonth: (day) => formats.dayMonth.format(asDate(day)),
    weekday: (day) => formats.weekday.format(asDate(day)),
    dayOfMonth: (day) => formats.dayOfMonth.format(asDate(day)),
    month: (year, month) => formats.month.format(new Date(Date.UTC(year, month - 1, 1))),
    /** A minute of a day (0...1440) as a clock time, "09:30". */
    clock: (minute) => formats.time.format(new Date(minute * 60_000)),
    nights: (count) => t("nights", { count }),
    state: (state) => t(`state.${state}`),
  };
}

/** A country by its ISO code in the page's language ("Japan", "ญี่ปุ่น"), with the code. */
export function countryName(code, locale) {
  try {
    return `${new Intl.DisplayNames([locale], { type: "region" }).of(code)} (${code})`;
  } catch {
    return code;
  }
}

/** Every country's ISO 3166-1 alpha-2 code: a nationality is one of them. */
const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS " +
  "BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE " +
  "EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM " +
  "HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC " +
  "LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA " +
  "NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO " +
  "TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW "
).trim().split(" ");

/**
 * The countries named in the page's language (`locale`), in its alphabetical order, for choosing a
 * nationality: `[{ code: "JP", name: "ญี่ปุ่น" }, ...]`; a code `Intl` cannot name is named by itself.
 */
export function countries(locale) {
  const names = new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
  const order = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => order.compare(a.name, b.name));
}
