// The stay's page asks before a step that frees the room (stay.js): in place, beside the button; a
// cancellation with a fee due asks whether to charge or waive it.

import { h } from "../../common/dom.js";
import { textLength } from "../../common/limits.js";

/** Asks `question` beside `button`, in place: Yes does `yes(button)`, No puts focus back. */
export function ask(button, question, t, yes) {
  button.parentElement.querySelector(".desk-confirm")?.remove();
  const box = h("div", { class: "desk-confirm", role: "alertdialog", "aria-label": question });
  const yesButton = h("button", {
    type: "button", class: "desk-button is-danger", text: t("confirm.yes"),
    onclick: () => { box.remove(); yes(button); },
  });
  const keep = h("button", {
    type: "button", class: "desk-button", text: t("confirm.keep"),
    onclick: () => { box.remove(); button.focus(); },
  });
  box.append(h("p", { text: question }), yesButton, keep);
  button.parentElement.after(box);
  keep.focus();
}

/**
 * Cancelling asks first. When the terms charge a fee now (the server says how much), the desk chooses:
 * charge it, or waive it for a reason the stay keeps. `cancel(button, body)` sends the cancellation.
 */
export function askCancel(button, stay, i18n, cancel) {
  const { t } = i18n;
  const question = t("confirm.cancel", { name: stay.guest?.name ?? "" });
  const fee = stay.cancellationFee;
  if (!(fee?.amount > 0)) return ask(button, question, t, (yes) => cancel(yes, {}));
  button.parentElement.querySelector(".desk-confirm")?.remove();
  const box = h("div", { class: "desk-confirm", role: "alertdialog", "aria-label": question });
  const reason = h("input", { type: "text", id: "cancel-reason", ...textLength("stay.cancelReason"), "aria-label": t("cancel.reason") });
  const charge = h("button", {
    type: "button", class: "desk-button is-danger", id: "cancel-charge", text: t("cancel.charge", { fee: i18n.money(fee) }),
    onclick: () => { box.remove(); cancel(button, { fee: "apply" }); },
  });
  const waive = h("button", {
    type: "button", class: "desk-button", id: "cancel-waive", text: t("cancel.waive"),
    onclick: () => {
      if (!reason.value.trim()) {
        reason.setAttribute("aria-invalid", "true");
        reason.focus();
        return;
      }
      box.remove();
      cancel(button, { fee: "waive", reason: reason.value.trim() });
    },
  });
  const keep = h("button", {
    type: "button", class: "desk-button", text: t("confirm.keep"),
    onclick: () => { box.remove(); button.focus(); },
  });
  box.append(
    h("p", { text: question }),
    h("p", { id: "cancel-fee", text: t("cancel.feeNow", { fee: i18n.money(fee) }) }),
    charge,
    h("label", { class: "desk-field" }, h("span", { text: t("cancel.reason") }), reason),
    waive,
    keep,
  );
  button.parentElement.after(box);
  keep.focus();
}
