// Every language's words of the front desk or the guest site at once, for the tests that speak
// several languages or hold them together (the apps themselves fetch only the language in use).

import { LANGUAGES } from "../../Web/common/i18n.js";

/** The words of `app` ("desk" or "site") by language code: `{ en: {...}, th: {...}, ... }`. */
export async function allMessages(app) {
  const words = async ({ code }) => [code, (await import(`../../Web/${app}/messages/${code}.js`)).default];
  return Object.fromEntries(await Promise.all(LANGUAGES.map(words)));
}

/** The `{name}`s a message fills, each once and sorted, across all the forms of a plural one. */
export function placeholders(message) {
  const text = typeof message === "object" ? Object.values(message).join(" ") : message;
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort();
}
