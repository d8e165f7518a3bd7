// The server's refusals in the page's language: a refusal names its rule (`reason`) and what its words
// need (`params`), and is worded here; one whose words are not here keeps the server's English message.
// Shared by the desk and the guest site, as the server's rules are. The words are one module a language
// (`refusals/th.js`), read with the page's words (`loadRefusals`), English besides for a rule another
// language lacks.

/** The words read so far, by language. */
const loaded = {};

/**
 * Reads the words of `code` and English's, once each; `retry` asks again for a module whose first fetch
 * failed (a failed import is remembered by its address until the page reloads).
 */
export async function loadRefusals(code, retry = "") {
  const read = async (language) => {
    loaded[language] ??= (await import(`./refusals/${language}.js${retry}`)).default;
  };
  await Promise.all([read("en"), code === "en" ? null : read(code)]);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * The params that are amounts in minor units of the refusal's `currency`: what a prepaid balance has left
 * (`remaining`) among them, which a book of visits' refusal, naming no currency, leaves a count.
 */
const MONEY = new Set(["balance", "due", "held", "total", "remaining", "limit"]);

/**
 * A refusal in the page's language, or null when its rule has no words here (the server's message
 * stands then). Dates read as the page writes them, amounts as money, a stay's state, a room's status
 * and the change refused in words.
 * @param {{code: string, t: Function, date: (day: string) => string, money: (value: object) => string,
 *   number: (n: number) => string}} i18n
 * @param {string} reason
 * @param {Record<string, string>} [params]
 */
export function refusalText(i18n, reason, params = {}) {
  const words = loaded[i18n.code] ?? loaded.en ?? {};
  const word = (key) => words[key] ?? loaded.en?.[key];
  const key = reason === "room.taken" && params.guest ? "room.takenBy" : reason;
  const template = word(key);
  if (!template) return null;
  const shown = {};
  for (const [name, value] of Object.entries(params)) {
    if (MONEY.has(name) && params.currency) shown[name] = i18n.money({ amount: Number(value), currency: params.currency });
    else if (name === "state") shown[name] = word(`state.${value}`) ?? value;
    else if (name === "status") shown[name] = word(`status.${value}`) ?? value;
    else if (name === "action") shown[name] = word(`action.${value}`) ?? value;
    else if (DAY.test(value)) shown[name] = i18n.date(value);
    else if (/^-?\d+$/.test(value)) shown[name] = i18n.number(Number(value));
    else shown[name] = value;
  }
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in shown ? shown[name] : whole));
}
