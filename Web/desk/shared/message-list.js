// The messages sent, or to be sent, to a stay's guest or a visit's customer (a booking's confirmation,
// its cancellation): to whom, when, and how each went out, in the page's words; a mail server's refusal
// shows as it said it. A manager may send one that was sent or failed again; one still waiting
// (queued, or unsent for want of a mail server) is not offered, and the server refuses it anyway. Above them,
// whether the guest agrees to email (the server's `MessageConsent`), and the desk's button to record that they
// asked for none, or agree again.

import { call, errorText, get, pressing } from "../api.js";
import { h } from "../../common/dom.js";

/**
 * The "Messages" section of a stay's or an appointment's page.
 * @param {{ messages: object[] } | Error} read the server's `MessageList`, or why it could not be read
 * @param {object} desk the app (its words, its property's time zone, its toasts)
 * @param {{ id: string, mayResend: boolean, reload: () => Promise<void>, consent?: object | Error | null }} options
 *   the section's id; whether the member may send again (a manager); `reload()` draws the page again after a
 *   message is sent again or the guest's word is recorded; `consent`, what `readConsent` read
 */
export function messageSection(read, desk, { id, mayResend, reload, consent = null }) {
  const { t } = desk.i18n;
  const locale = desk.i18n.locale;
  const timeZone = desk.property.timeZone;
  // Instants in the property's time, as its history shows them.
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
  const clock = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
  const titleId = `${id}-title`;
  const refusal = h("p", { class: "desk-form-error", role: "alert" });
  const section = h("section", { "aria-labelledby": titleId, class: "message-list no-print", id }, h("h2", { id: titleId, text: t("messages.title") }));
  section.append(consentLine(consent, desk, refusal, reload) ?? []);
  if (read instanceof Error) {
    section.append(h("p", { class: "desk-error", text: errorText(read, t) }));
    return section;
  }
  const messages = read.messages ?? [];
  if (!messages.length) {
    section.append(h("p", { class: "desk-hint", text: t("messages.empty") }));
    return section;
  }

  const row = (message) => {
    const kind = t(`messages.kind.${message.kind}`);
    const resend =
      mayResend && (message.state === "sent" || message.state === "failed")
        ? h("button", {
            type: "button", class: "desk-button is-quiet", text: t("messages.sendAgain"),
            "aria-label": `${t("messages.sendAgain")}: ${kind} · ${message.recipient}`,
            onclick: (event) =>
              pressing(event.currentTarget, refusal, t, async () => {
                await call("POST", `/api/v1/messages/${message.id}/send-again`);
                desk.toast(t("messages.sentAgain"));
                await reload();
              }),
          })
        : null;
    return h(
      "li",
      { class: `is-${message.state}`, dataset: { messageId: String(message.id), state: message.state } },
      h("time", { datetime: message.createdAt, text: when.format(new Date(message.createdAt)) }),
      ` · ${kind} · ${message.recipient} · `,
      h("span", { class: "message-state", text: stateWords(message, t, clock) }),
      message.state === "failed" && message.lastError ? [" · ", h("q", { class: "message-error", text: message.lastError })] : null,
      resend ? [" ", resend] : null,
      history(message),
    );
  };
  // Every attempt and every sending again, as the server keeps them, once there is more than one sending.
  const history = (message) => {
    const attempts = message.history ?? [];
    if (attempts.length < 2 && !attempts.some((a) => a.error)) return null;
    return h(
      "details",
      { class: "message-history" },
      h("summary", { text: t("messages.history") }),
      h(
        "ol",
        {},
        attempts.map((attempt) =>
          h(
            "li",
            { dataset: { outcome: attempt.outcome } },
            h("time", { datetime: attempt.at, text: when.format(new Date(attempt.at)) }),
            ` · ${t(`messages.outcome.${attempt.outcome}`)}`,
            attempt.error ? [" · ", h("q", { class: "message-error", text: attempt.error })] : null,
          ),
        ),
      ),
    );
  };
  section.append(h("ul", {}, messages.map(row)), refusal);
  return section;
}

/**
 * What the guest or customer at `address` said of the property's emails, as the server keeps it: null without
 * an address; the error when it cannot be read (the page still shows).
 */
export function readConsent(propertyId, address) {
  if (!address) return Promise.resolve(null);
  const query = `channel=email&address=${encodeURIComponent(address)}`;
  return get(`/api/v1/properties/${propertyId}/message-consents?${query}`).catch((error) => error);
}

/** Whether email goes to them, and (to who does desk work) the button that records the other answer. */
function consentLine(consent, desk, refusal, reload) {
  if (!consent || consent instanceof Error) return null;
  const { t } = desk.i18n;
  const { channel, address, granted } = consent;
  const change = desk.may("deskWork")
    ? h("button", {
        type: "button", class: "desk-button is-quiet", text: t(granted ? "messages.consent.stop" : "messages.consent.resume"),
        onclick: (event) =>
          pressing(event.currentTarget, refusal, t, async () => {
            await call("PUT", `/api/v1/properties/${desk.property.id}/message-consents`, {
              body: { channel, address, granted: !granted },
            });
            desk.toast(t(granted ? "messages.consent.stopped" : "messages.consent.resumed"));
            await reload();
          }),
      })
    : null;
  return h(
    "p",
    { class: "message-consent", dataset: { granted: String(granted) } },
    t(granted ? "messages.consent.granted" : "messages.consent.withdrawn", { address }),
    change ? [" ", change] : null,
  );
}

/**
 * How a message went out, in words: on its way (when it is tried next, and how often it was tried
 * and why it did not go yet), sent, failed, or not sent for want of a mail server.
 */
export function stateWords(message, t, clock) {
  if (message.state !== "queued") return t(`messages.state.${message.state}`);
  const words = [t("messages.state.queued")];
  if (message.nextAttemptAt) words.push(t("messages.nextTry", { time: clock.format(new Date(message.nextAttemptAt)) }));
  if (message.attempts > 0 && message.lastError) words.push(`${t("messages.attempts", { count: message.attempts })}: ${message.lastError}`);
  return words.join(" · ");
}
