// What a hotel guest sent by checking in online before arrival (`onlineCheckIn` of a Today entry or of
// a stay, as the server gives it): the badge an arrival wears on Today and beside the board, the stay's
// read-only section (when, arrival time, requests, the other adults for the police registration), and
// the link the desk copies to send the guest (`GET /api/v1/stays/{id}/check-in-link`), say over LINE.

import { get, pressing } from "../api.js";
import { h, fill } from "../../common/dom.js";
import { countryName } from "../../common/i18n.js";

/** "Checked in online · arriving 15:30"; null when the guest has not checked in online. */
export function onlineCheckInBadge(onlineCheckIn, t) {
  if (!onlineCheckIn) return null;
  const words = [t("state.checked_in_online"), onlineCheckIn.arrivalTime && t("today.arrivingAt", { time: onlineCheckIn.arrivalTime })];
  return h("span", { class: "desk-state is-checked_in_online online-check-in-badge", text: words.filter(Boolean).join(" · ") });
}

/**
 * The stay's section of what the guest sent: when (on the hotel's clock), the arrival time, the
 * requests, and each other adult's name, nationality (named in the desk's language), passport or ID
 * and date of birth. The booking's guest's own details are the stay's.
 */
export function onlineCheckInSection(onlineCheckIn, i18n, timeZone) {
  const { t } = i18n;
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone });
  const facts = h("dl", { class: "desk-facts" });
  const fact = (label, value) => value && facts.append(h("dt", { text: label }), h("dd", { text: value }));
  fact(t("stay.onlineSent"), when.format(new Date(onlineCheckIn.submittedAt)));
  fact(t("stay.arrivalTime"), onlineCheckIn.arrivalTime);
  fact(t("stay.requests"), onlineCheckIn.requests);
  const companions = onlineCheckIn.companions ?? [];
  return h(
    "section",
    { class: "stay-online-check-in", id: "stay-online-check-in", "aria-labelledby": "stay-online-check-in-title" },
    h("h2", { id: "stay-online-check-in-title", text: t("stay.onlineCheckIn") }),
    facts,
    companions.length
      ? h(
          "table",
          { class: "desk-table", id: "stay-companions" },
          h("caption", { text: t("stay.companions") }),
          h("thead", {}, h("tr", {}, ["stay.guest", "stay.nationality", "stay.document", "stay.birthDate"].map((key) => h("th", { scope: "col", text: t(key) })))),
          h(
            "tbody",
            {},
            companions.map((companion) =>
              h(
                "tr",
                {},
                h("th", { scope: "row", text: companion.name }),
                h("td", { text: companion.nationality ? countryName(companion.nationality, i18n.locale) : "" }),
                h("td", { text: companion.documentNumber ?? "" }),
                h("td", { text: companion.birthDate ? i18n.date(companion.birthDate) : "" }),
              ),
            ),
          ),
        )
      : null,
  );
}

/**
 * "Copy check-in link" for a booked stay: asks the server for the link, shows it in a read-only field,
 * selected, and copies it when the browser lets the page. `button()` is drawn with the stay's steps on
 * each draw; `box` keeps the link shown across the page's redraws; a refusal is said in `message`.
 */
export function checkInLinkPart(stayId, desk, message) {
  const { t } = desk.i18n;
  const box = h("div", { class: "stay-check-in-link no-print", hidden: true });

  async function show() {
    const link = await get(`/api/v1/stays/${stayId}/check-in-link`);
    const field = h("input", { type: "text", id: "stay-check-in-link-url", readOnly: true, spellcheck: "false", autocomplete: "off" });
    field.value = link.url;
    fill(box,
      h("label", { for: field.id, text: t("stay.checkInLink") }),
      field,
      link.expiresOn ? h("small", { class: "desk-hint", id: "stay-check-in-link-until", text: t("stay.checkInLinkUntil", { date: desk.i18n.date(link.expiresOn) }) }) : null,
    );
    box.hidden = false;
    field.focus();
    field.select();
    // The clipboard API needs a secure page and the browser's consent; else the older command. Failing
    // both, the link stays selected for the keyboard's copy.
    let copied = false;
    try {
      await navigator.clipboard.writeText(link.url);
      copied = true;
    } catch {
      copied = document.execCommand("copy");
    }
    if (copied) desk.toast(t("stay.checkInLinkCopied"));
  }

  return {
    box,
    button: () =>
      h("button", {
        type: "button", class: "desk-button", id: "stay-check-in-link", text: t("stay.copyCheckInLink"),
        onclick: (event) => {
          const button = event.currentTarget;
          pressing(button, message, t, show).finally(() => (button.disabled = false));
        },
      }),
  };
}
