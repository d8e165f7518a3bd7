// The property's settings a manager keeps: who issues its invoices and receipts (legal name, postal
// address, tax id), through the `issuer` form the server declares, its taxes (`settings-taxes.js`),
// where it is paid by a code (`settings-payments.js`), its rate plans (`settings-plans.js`), its own texts in the other languages (`settings-texts.js`), the
// messages it sends its guests (`settings-messages.js`) and the webhooks its events are sent to
// (`settings-webhooks.js`, a manager's alone). Others read the rest.

import { h, fill } from "../../common/dom.js";
import { issuerSection } from "./settings-issuer.js";
import { messagesSection } from "./settings-messages.js";
import { paymentsSection } from "./settings-payments.js";
import { plansSection } from "./settings-plans.js";
import { taxesSection } from "./settings-taxes.js";
import { textsSection } from "./settings-texts.js";
import { webhooksSection } from "./settings-webhooks.js";

export async function mount(main, desk) {
  const { t } = desk.i18n;
  const [issuer, taxes, payments, plans, texts, messages, webhooks] = await Promise.all([
    issuerSection(desk),
    // Taxes, where the property is paid and rate plans are money: served only to a role that reads it.
    desk.readsMoney ? taxesSection(desk) : null, desk.readsMoney ? paymentsSection(desk) : null,
    desk.readsMoney ? plansSection(desk) : null,
    // Webhooks: null for one who is not a manager.
    textsSection(desk), messagesSection(desk), webhooksSection(desk),
  ]);
  fill(
    main,
    h("div", { class: "settings-page" }, h("h1", { text: t("settings.title") }), issuer, taxes, payments, plans, texts, messages, webhooks),
  );
  return { unmount() {} };
}
