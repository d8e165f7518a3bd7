// The buyer a Thai full tax invoice is issued to (name, address, tax ID, head office or branch), asked in a
// small form: a stay's documents (stay-documents.js) and a salon's receipt (receipt.js) ask it the same way.
// How each field is checked is the server's: a refusal is said under the field it names (`buyer.taxId`).

import { errorText } from "../api.js";
import { h } from "../../common/dom.js";
import { textLength } from "../../common/limits.js";

const BUYER = ["name", "address", "taxId", "branch"];

/**
 * Fills `container` with the form; `issue(buyer)` sends it (and moves on when it resolves); Cancel empties
 * the container and gives the focus back to `opener`.
 * @param {{t: Function, container: HTMLElement, opener: HTMLElement, issue: (buyer: object) => Promise<void>}} options
 */
export function askBuyer({ t, container, opener, issue }) {
  const fields = Object.fromEntries(
    BUYER.map((key) => [
      key,
      h(key === "address" ? "textarea" : "input", {
        id: `buyer-${key}`, ...textLength(`buyer.${key}`), ...(key === "address" ? { rows: 3 } : { type: "text" }),
        ...(key === "branch" ? { value: "00000", inputmode: "numeric" } : key === "taxId" ? { inputmode: "numeric" } : {}),
      }),
    ]),
  );
  const errors = Object.fromEntries(BUYER.map((key) => [key, h("p", { class: "desk-form-error", role: "alert", id: `buyer-${key}-error` })]));
  const general = h("p", { class: "desk-form-error", role: "alert", id: "buyer-error" });
  const submit = h("button", { type: "submit", class: "desk-button is-primary", id: "buyer-issue", text: t("stay.buyer.issue") });
  const form = h(
    "form",
    { class: "free-form stay-buyer-form", novalidate: true, "aria-labelledby": "buyer-title" },
    h("h3", { id: "buyer-title", text: t("stay.buyer.title") }),
    BUYER.map((key) => h("div", { class: "free-form-row" }, h("label", { for: `buyer-${key}`, text: t(`stay.buyer.${key}`) }), fields[key], errors[key])),
    general,
    h(
      "div",
      { class: "desk-row" },
      submit,
      h("button", { type: "button", class: "desk-button", text: t("stay.buyer.cancel"), onclick: () => (container.replaceChildren(), opener.focus()) }),
    ),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    for (const spot of [general, ...Object.values(errors)]) spot.textContent = "";
    submit.disabled = true;
    const buyer = Object.fromEntries(BUYER.map((key) => [key, fields[key].value]));
    try {
      await issue(buyer);
    } catch (refusal) {
      submit.disabled = false;
      const key = refusal.field?.startsWith("buyer.") ? refusal.field.slice("buyer.".length) : null;
      (errors[key] ?? general).textContent = errorText(refusal, t);
      fields[key]?.focus();
    }
  });
  container.replaceChildren(form);
  fields.name.focus();
}
