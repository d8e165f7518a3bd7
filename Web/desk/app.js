// The front desk's door: the desk's words and who is signed in, read side by side (early.js started the
// session's read with the page), then the sign-in for nobody, or the desk (desk.js: the screens, the bar,
// the live stream and the outbox) for someone signed in. The sign-in draws from this module and the few it
// imports; the desk's modules come once it is drawn, while the member of staff types, or with the page for
// someone who has used a property here (early.js).

import { APIError, getEarly, wordRefusals } from "./api.js";
import { loadRefusals, refusalText } from "../common/refusals.js";
import { loadI18n, preferredLanguage } from "../common/i18n.js";
import { showLogin } from "./login.js";

const root = document.getElementById("desk-app");
let opening = null;
let retries = 0;

/**
 * The desk, speaking as `i18n`: its modules asked for as one list and imported once (under a new address
 * after a failed fetch, which is answered as the network's failure, for the sign-in to say so).
 */
function openDesk(i18n) {
  opening ??= globalThis.frontdeskEarly.load(import.meta.resolve("./desk.js"), retries).then(
    ({ Desk }) => (window.desk = new Desk(root, i18n)),
    (error) => {
      opening = null;
      retries++;
      throw new APIError(0, "network", error?.message ?? "network error");
    },
  );
  return opening;
}

async function start() {
  const code = preferredLanguage();
  const words = loadI18n(code, (language) => import(`./messages/${language}.js`));
  const session = getEarly("/api/v1/session").catch(() => null);
  const i18n = await words;
  document.documentElement.lang = i18n.code;
  const user = await session;
  if (user) {
    await (await openDesk(i18n)).signedIn(user);
    return;
  }
  // What early.js read for someone it took to be signed in was refused: nothing there to take.
  const early = globalThis.frontdeskEarly;
  for (const path of early?.untaken() ?? []) early.take(path);
  // A refusal before the desk opens (a wrong password) waits for the refusals' words.
  wordRefusals((reason, params) => refusalText(i18n, reason, params), () => loadRefusals(i18n.code));
  showLogin(root, { i18n, signedIn: async (member, properties) => (await openDesk(i18n)).signedIn(member, properties) });
  document.documentElement.dataset.screen = "login";
  root.removeAttribute("aria-busy");
  performance.mark("frontdesk-sign-in");
  // The desk's modules come while the member of staff types, once the form has painted.
  requestAnimationFrame(() => setTimeout(() => openDesk(i18n).catch(() => {})));
}

start().catch((error) => {
  console.error(error);
  root.textContent = error.message;
});
