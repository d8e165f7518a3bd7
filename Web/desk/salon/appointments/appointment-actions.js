// What the desk offers to do to an appointment: the server's `actions` for it, as the states they move it to;
// and calling it off, which asks first when the salon's terms charge a fee for it now (the server's `fees`),
// or when a deposit held (`deposit.held`) goes back to the customer with a cancellation in time. Cancelling
// a visit of a repeat series first asks whether the later visits go with it (`applyTo`).

import { errorText, pressing } from "../../api.js";
import { h, fill } from "../../../common/dom.js";
import { textLength } from "../../../common/limits.js";
import { askWhichVisits } from "./appointment-series.js";

/** The state each of the server's `actions` moves an appointment to, the day's steps first. */
const STATE_OF_ACTION = { arrive: "checked_in", complete: "completed", cancel: "cancelled", noShow: "no_show" };

/** The states an appointment may be moved to now, as the server's `actions` say, in the order to offer them. */
export function nextStates(actions = []) {
  return Object.entries(STATE_OF_ACTION).filter(([action]) => actions.includes(action)).map(([, state]) => state);
}

/** Whether a move to `state` is a step of the day (arrived, completed) rather than calling it off. */
export const isStep = (state) => state === "checked_in" || state === "completed";

/** What moving `appointment` to `state` now charges, as the server says (`fees`): null when nothing. */
export function feeFor(appointment, state) {
  const fee = { cancelled: appointment.fees?.cancellation, no_show: appointment.fees?.noShow }[state];
  return fee?.amount > 0 ? fee : null;
}

/** The deposit the salon holds for `appointment` (`deposit.held`, read by who reads money): null when none. */
export function depositHeld(appointment) {
  const held = appointment.deposit?.held;
  return held?.amount > 0 ? held : null;
}

/**
 * The question asked before calling an appointment off with a fee: the fee, charging it, waiving it for a
 * reason (`waiveFeeReason`, which the server requires and keeps in the appointment's notes), or keeping the
 * appointment as it is. A refusal of the reason is said under it, any other under the buttons.
 * @param {object} i18n the page's (`t`, `money`)
 * @param {{state: string, fee: object, held: object | null, send: (body: object) => Promise<void>, keep: () => void}} parts
 *   `held` the deposit held, which the fee keeps (and waiving it refunds)
 */
function feeQuestion(i18n, { state, fee, held, send, keep }) {
  const { t } = i18n;
  const amount = i18n.money(fee);
  const notice = t(`appointment.fee.${state}`, { fee: amount });
  // The fee is at least the deposit held, which it keeps; waived, the deposit goes back.
  const deposit = held ? h("p", { id: "fee-deposit", text: t("appointment.depositKept", { deposit: i18n.money(held) }) }) : null;
  const error = h("p", { class: "desk-form-error", role: "alert" });
  const reason = h("input", { type: "text", id: "fee-reason", ...textLength("posting.description"), autocomplete: "off" });
  const reasonError = h("p", { class: "desk-form-error", role: "alert" });
  const sending = (button, body) => async () => {
    error.textContent = "";
    reasonError.textContent = "";
    button.disabled = true;
    try {
      await send(body());
    } catch (refusal) {
      button.disabled = false;
      (/reason/i.test(refusal.field ?? "") ? reasonError : error).textContent = errorText(refusal, t);
      if (reasonError.textContent) reason.focus();
    }
  };
  const charge = h("button", { type: "button", class: "desk-button is-danger", id: "fee-charge", text: t(`appointment.charge.${state}`, { fee: amount }) });
  charge.onclick = sending(charge, () => ({ state }));
  const waived = h("button", { type: "button", class: "desk-button is-danger", id: "fee-waive-confirm", text: t(`appointment.waive.${state}`) });
  waived.onclick = sending(waived, () => ({ state, waiveFeeReason: reason.value.trim() }));
  const waiving = h(
    "div",
    { class: "appointment-waive", hidden: true },
    h("label", { class: "desk-field" }, h("span", { text: t("appointment.waiveReason") }), reason),
    waived,
    reasonError,
  );
  const waive = h("button", {
    type: "button", class: "desk-button", id: "fee-waive", text: t("appointment.waive"), "aria-expanded": "false",
    onclick: () => {
      waiving.hidden = !waiving.hidden;
      waive.setAttribute("aria-expanded", String(!waiving.hidden));
      if (!waiving.hidden) reason.focus();
    },
  });
  const box = h(
    "div",
    { class: "desk-confirm appointment-fee", role: "alertdialog", "aria-label": notice },
    h("p", { id: "fee-notice", text: notice }),
    deposit,
    charge,
    waive,
    h("button", { type: "button", class: "desk-button", id: "fee-keep", text: t("confirm.keep"), onclick: keep }),
    waiving,
    error,
  );
  return box;
}

/**
 * The question asked before cancelling in time an appointment whose deposit is held: cancelling is free, and
 * the deposit is refunded (the server refunds its sale); or the appointment is kept as it is.
 */
function refundQuestion(i18n, { state, held, send, keep }) {
  const { t } = i18n;
  const notice = t("appointment.depositRefund", { deposit: i18n.money(held) });
  const error = h("p", { class: "desk-form-error", role: "alert" });
  const confirm = h("button", { type: "button", class: "desk-button is-danger", id: "deposit-refund-confirm", text: t("appointment.refundAndCancel") });
  confirm.onclick = async () => {
    error.textContent = "";
    confirm.disabled = true;
    try {
      await send({ state });
    } catch (refusal) {
      confirm.disabled = false;
      error.textContent = errorText(refusal, t);
    }
  };
  return h(
    "div",
    { class: "desk-confirm appointment-fee", role: "alertdialog", "aria-label": notice },
    h("p", { id: "fee-notice", text: notice }),
    confirm,
    h("button", { type: "button", class: "desk-button", id: "fee-keep", text: t("confirm.keep"), onclick: keep }),
    error,
  );
}

/**
 * What a press of a state's button does: a step of the day, or calling off that is free, is sent at once
 * (`send({state})`, a refusal said in `message`); calling off with a fee asks first in `place`, and so does
 * cancelling for free what holds a deposit, which is then refunded. Cancelling a visit of a repeat series
 * asks first whether it is this visit only or this and all later ones (`applyTo: "following"` then).
 * @param {object} i18n the page's
 * @param {{appointment: object, state: string, button: HTMLButtonElement, place: HTMLElement,
 *   message: HTMLElement, send: (body: object) => Promise<void>}} parts `send` PATCHes the appointment
 */
export function moveAppointment(i18n, { appointment, state, button, place, message, send }) {
  fill(place);
  if (appointment.seriesId && state === "cancelled") {
    message.textContent = "";
    askWhichVisits(i18n, place, "series.cancelWhich").then((applyTo) => {
      if (!applyTo) return button.focus();
      const sendTo = applyTo === "following" ? (body) => send({ ...body, applyTo }) : send;
      moveOne(i18n, { appointment, state, button, place, message, send: sendTo });
    });
    return;
  }
  moveOne(i18n, { appointment, state, button, place, message, send });
}

/** `moveAppointment` once it is known which visits it is for. */
function moveOne(i18n, { appointment, state, button, place, message, send }) {
  const fee = feeFor(appointment, state);
  const held = isStep(state) ? null : depositHeld(appointment);
  if (!fee && !(state === "cancelled" && held)) return pressing(button, message, i18n.t, () => send({ state }));
  message.textContent = "";
  const keep = () => {
    fill(place);
    button.focus();
  };
  fill(place, fee ? feeQuestion(i18n, { state, fee, held, send, keep }) : refundQuestion(i18n, { state, held, send, keep }));
  place.querySelector("#fee-keep").focus();
}
