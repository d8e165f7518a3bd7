// A stay's folio on its page (stay.js): its lines and totals, the code to pay the balance, its documents,
// and (to who may post, as the server says) the charge and payment forms. A bill split between payers
// (stay-split.js) shows as one tab a folio, each with its payer, lines, totals, documents and payments;
// a line moves to another folio from its row. Where each kind of charge lands is the server's (its routes).

import { call, errorText, get, pressing } from "../api.js";
import { payCodeFigure } from "../../common/pay-code.js";
import { h } from "../../common/dom.js";
import { lineLabel, taxLabel } from "../folio/folio-lines.js";
import { documentsPart } from "./stay-documents.js";
import { payerName, splitEditor } from "./stay-split.js";

/**
 * The folio's section. `mountForm(parent, name, values, submit)` renders a declared form (the page's);
 * `reverse(entry)` reverses a line; once a charge or payment is sent, `load()` reads the stay again, or
 * `queued()` says it waits in the outbox. `view.folio` is the folio shown, kept across the page's redraws
 * (`redraw()` draws the page again); `companies` name the companies that pay.
 */
export function folioSection({ stay, stayId: id, folio, documents, companies, view, message, desk, mountForm, reverse, queued, load, redraw }) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  // Whether the server lets this member post to the folio: charges, payments, reversals, documents.
  const mayPost = () => (stay.actions ?? []).includes("post");
  const parts = folio.folios?.length ? folio.folios : [{ number: 1, payer: "guest", balance: folio.balance, totalCharges: folio.totalCharges, totalPayments: folio.totalPayments }];
  const shown = parts.find((part) => part.number === view.folio) ?? parts[0];
  view.folio = shown.number;
  const split = parts.length > 1;
  const who = (part) => payerName(part, { guestName: stay.guest?.name, companies, t });
  const entries = folio.entries.filter((entry) => (entry.folio ?? 1) === shown.number);
  const move = split && mayPost() ? (entry, target, control) => moveLine(entry, target, control) : null;
  const section = h(
    "section",
    { "aria-labelledby": "folio-title", class: "folio" },
    h("h2", { id: "folio-title", text: t("stay.folio") }),
  );
  if (split) {
    section.append(
      h(
        "div",
        { class: "desk-tabs folio-tabs", role: "tablist", "aria-label": t("folio.tabs") },
        parts.map((part) =>
          h(
            "button",
            {
              type: "button", role: "tab", id: `folio-tab-${part.number}`, "aria-controls": "folio-panel",
              "aria-selected": String(part === shown), tabindex: part === shown ? "0" : "-1", dataset: { folio: String(part.number) },
              onclick: () => {
                view.folio = part.number;
                redraw();
                document.getElementById(`folio-tab-${part.number}`)?.focus();
              },
            },
            h("span", { text: `${t("folio.tab", { number: part.number })} · ${who(part)}` }),
            " ",
            h("span", { class: "desk-number", text: i18n.money(part.balance) }),
          ),
        ),
      ),
    );
  }
  const panel = h(
    "div",
    { id: "folio-panel", ...(split ? { role: "tabpanel", "aria-labelledby": `folio-tab-${shown.number}` } : {}) },
    shown.payer === "company"
      ? h(
          "p",
          { class: "desk-hint", id: "folio-company-note" },
          t("folio.billedMonthly", { company: who(shown) }),
          " ",
          desk.readsMoney ? h("a", { href: `#/companies/${shown.companyId}`, id: "folio-company-link", text: t("nav.companies") }) : null,
        )
      : null,
    folioTable({ ...folio, entries, ...shown }, i18n, mayPost() ? reverse : null, move ? { parts, who, move } : null),
  );
  section.append(panel);
  if (entries.length === 0) panel.append(h("p", { id: "folio-balance", hidden: true, text: i18n.money(shown.balance) }));
  if (split && folio.dueAtDesk) {
    panel.append(h("p", { class: "folio-due", id: "folio-due", text: t("folio.dueAtDesk", { amount: i18n.money(folio.dueAtDesk) }) }));
  }
  // The code to pay the balance, drawn by the server where the property is paid by one.
  if (folio.payCode && shown.payer !== "company") {
    const words = { amount: i18n.money(folio.payCode.amount), reference: folio.payCode.reference, holder: folio.payCode.holder };
    panel.append(payCodeFigure(folio.payCode, { caption: t("payCode.caption", words), alt: t(`payCode.alt.${folio.payCode.scheme}`, words) }));
  }
  panel.append(
    documentsPart({
      documents: documents.filter((issued) => (issued.folio ?? 1) === shown.number), folio: shown, folioNumber: shown.number,
      canPost: mayPost(), stayId: id, message, desk,
    }),
  );
  if (mayPost()) {
    // Who pays what: the split, asked in a small form.
    const splitBox = h("div", { id: "stay-split" });
    const opener = h("button", {
      type: "button", class: "desk-button no-print", id: "folio-split", text: t(split ? "folio.split.change" : "folio.split.open"),
      // The companies the hotel bills, read as the form opens (one added there joins them).
      onclick: (event) =>
        pressing(event.currentTarget, message, t, async () => {
          const opener = event.currentTarget;
          const { companies: billed } = await get(`/api/v1/properties/${desk.property.id}/companies`);
          opener.disabled = false;
          splitEditor({
            folio, companies: billed, stayId: id, propertyId: desk.property.id, desk, container: splitBox, opener,
            saved: () => load(),
          });
        }),
    });
    panel.append(h("div", { class: "desk-row no-print" }, opener), splitBox);
    const forms = h("div", { class: "folio-forms no-print" });
    panel.append(forms);
    for (const name of ["charge", "payment"]) {
      // A payment starts at what the folio shown owes: its balance, or a deposit still open before arrival.
      const owed = Math.max(0, shown.balance.amount, shown.number === 1 ? stay.deposit?.open.amount ?? 0 : 0);
      mountForm(forms, name, name === "payment" ? { amount: { amount: owed, currency: folio.currency } } : {}, async (values) => {
        const body = folioBody(name, values, shown.number);
        const label = `${stay.guest?.name ?? ""} · ${t(name === "charge" ? "form.charge.title" : "form.payment.title")} · ${
          name === "charge" ? body.description : t(`method.${body.method}`)} ${i18n.money(body.amount)}`;
        const sent = await desk.outbox.send("POST", `/api/v1/stays/${id}/${name === "charge" ? "charges" : "payments"}`, {
          body, label, stayId: id,
        });
        if (sent.queued) return queued();
        desk.toast(t(name === "charge" ? "done.charged" : "done.paid"));
        await load();
      });
    }
  }
  return section;

  async function moveLine(entry, target, control) {
    control.disabled = true;
    message.textContent = "";
    try {
      await call("POST", `/api/v1/stays/${id}/folio/moves`, { body: { entryIds: [entry.id], folio: target } });
      desk.toast(t("done.moved", { folio: target }));
      await load();
    } catch (error) {
      control.disabled = false;
      message.textContent = errorText(error, t);
    }
  }
}

/**
 * The folio's lines (each tax inside a price under its line) and its totals, or that it has none;
 * `reverse(entry)`, to who may post, is the Reverse button of a line the server says may be reversed;
 * `moving`, on a split bill, offers each standing line the other folios to move to.
 */
function folioTable(folio, i18n, reverse, moving) {
  const { t } = i18n;
  const rows = folio.entries.map((entry) => {
    const reversal = entry.kind === "reversal";
    const sign = entry.kind === "payment" ? -1 : 1;
    const detail = entry.category ? t(`category.${entry.category}`) : entry.method ? t(`method.${entry.method}`) : reversal ? t("stay.reversal") : "";
    return h(
      "tr",
      { class: `folio-entry is-${entry.kind}${entry.reversed ? " is-reversed" : ""}`, dataset: { entryId: String(entry.id) } },
      h("td", { text: entry.night ? i18n.dayMonth(entry.night) : "" }),
      h(
        "th",
        { scope: "row" },
        lineLabel(entry, i18n),
        // Each tax inside the price (a VAT-inclusive rate), under the line.
        (entry.includedTaxes ?? []).map((tax) =>
          h("small", { class: "folio-included", text: t("folio.included", { tax: taxLabel(tax, i18n), amount: i18n.money(tax.amount) }) }),
        ),
      ),
      h("td", { text: detail }),
      h("td", { class: "desk-number", text: reversal ? "" : i18n.money({ ...entry.amount, amount: sign * entry.amount.amount }) }),
      h(
        "td",
        { class: "desk-actions-cell no-print" },
        reverse && entry.reversible
          ? h("button", {
              type: "button", class: "desk-button is-quiet", text: t("stay.reverse"),
              "aria-label": `${t("stay.reverse")}: ${entry.description}`, onclick: () => reverse(entry),
            })
          : entry.reversed
            ? t("stay.reversed")
            : "",
        // A charge or payment standing may move, not a tax line: as the server says (`movable`).
        moving && (entry.movable ?? entry.reversible) ? moveChoice(entry, moving, t) : null,
      ),
    );
  });
  const total = (key, money, id) =>
    h("tr", { class: "folio-total" }, h("td"), h("th", { scope: "row", text: t(key) }), h("td"), h("td", { class: "desk-number", id, text: i18n.money(money) }), h("td"));
  if (!folio.entries.length) return h("p", { class: "desk-empty", text: t("stay.noEntries") });
  return h(
    "table",
    { class: "desk-table" },
    h("tbody", {}, rows),
    h(
      "tfoot",
      {},
      total("stay.charges", folio.totalCharges, "folio-charges"),
      total("stay.payments", folio.totalPayments, "folio-payments"),
      total("stay.balance", folio.balance, "folio-balance"),
    ),
  );
}

/** A line's "Move to" choice: the stay's other folios, each by its payer. */
function moveChoice(entry, { parts, who, move }, t) {
  const select = h(
    "select",
    {
      class: "folio-move", "aria-label": `${t("folio.moveTo")}: ${entry.description}`, dataset: { entryId: String(entry.id) },
      onchange: (event) => {
        const target = Number(event.currentTarget.value);
        if (target) move(entry, target, event.currentTarget);
      },
    },
    h("option", { value: "", text: t("folio.moveTo") }),
    parts
      .filter((part) => part.number !== (entry.folio ?? 1))
      .map((part) => h("option", { value: String(part.number), text: `${t("folio.tab", { number: part.number })} · ${who(part)}` })),
  );
  return select;
}

/** What a charge or payment form sends; a payment pays the folio shown. */
function folioBody(name, values, folioNumber) {
  if (name === "charge") {
    return { description: values.description, amount: values.amount, category: values.category, taxClass: values.taxClass };
  }
  return {
    amount: values.amount, method: values.method, description: values.description || undefined,
    ...(folioNumber > 1 ? { folio: folioNumber } : {}),
  };
}
