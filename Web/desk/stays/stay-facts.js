// A stay's facts (guest, dates, room type, plan, deposit, rooms, party, source, notes) and its history,
// drawn from what the server said: parts of the stay's page (stay.js).

import { h } from "../../common/dom.js";
import { countryName } from "../../common/i18n.js";
import { lineLabel } from "../folio/folio-lines.js";

/** The stay's facts: guest, dates, room type, plan, deposit (to who reads money), rooms, party, source, notes. */
export function stayFacts(stay, desk, roomName) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const roomTypes = new Map((desk.property.roomTypes ?? []).map((r) => [r.id, r]));
  const facts = h("dl", { class: "desk-facts" });
  const fact = (label, value) => value && facts.append(h("dt", { text: label }), h("dd", { text: value }));
  fact(t("stay.guest"), stay.guest?.name);
  fact(t("stay.email"), stay.guest?.email);
  fact(t("stay.phone"), stay.guest?.phone);
  fact(t("stay.nationality"), stay.guest?.nationality && countryName(stay.guest.nationality, i18n.locale));
  fact(t("stay.document"), stay.guest?.documentNumber);
  fact(t("stay.birthDate"), stay.guest?.birthDate && i18n.date(stay.guest.birthDate));
  fact(t("stay.dates"), `${i18n.dateLong(stay.arrival)} → ${i18n.dateLong(stay.departure)} (${i18n.nights(stay.nights)})`);
  fact(t("stay.roomType"), roomTypes.get(stay.roomTypeId)?.name);
  fact(t("stay.plan"), stay.ratePlanName && desk.property.word(stay.ratePlanName));
  const deposit = desk.readsMoney ? stay.deposit : null;
  if (deposit) {
    const owed = deposit.open.amount > 0;
    fact(t("stay.deposit"), t(owed ? "stay.depositOpen" : "stay.depositPaid", {
      amount: i18n.money(deposit.amount), open: i18n.money(deposit.open), date: i18n.dateLong(deposit.dueBy),
    }));
    facts.lastElementChild.id = "stay-deposit";
    facts.lastElementChild.classList.toggle("is-owed", owed);
  }
  fact(
    t("stay.room"),
    stay.segments.length > 1
      ? stay.segments.map((s) => `${roomName(s.roomId)} (${i18n.dayMonth(s.arrival)} – ${i18n.dayMonth(s.departure)})`).join(", ")
      : roomName(stay.roomId),
  );
  fact(t("stay.guests"), [
    `${t("stay.adults")} ${i18n.number(stay.adults)}`,
    `${t("stay.children")} ${i18n.number(stay.children)}`,
    ...(stay.infants ? [`${t("stay.infants")} ${i18n.number(stay.infants)}`] : []),
  ].join(" · "));
  fact(t("stay.source"), t(`source.${stay.source}`));
  // A booking of several rooms: its page holds them together.
  if (stay.groupId) {
    facts.append(
      h("dt", { text: t("group.title") }),
      h("dd", {}, h("a", { href: `#/groups/${stay.groupId}`, id: "stay-group", text: t("group.open") })),
    );
  }
  fact(t("stay.notes"), stay.notes);
  return facts;
}

/** Every change of the stay and every folio line, who made it and when, in the hotel's time. */
export function historySection(history, desk) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone: desk.property.timeZone });
  return h(
    "section",
    { "aria-labelledby": "history-title", class: "stay-history no-print" },
    h("h2", { id: "history-title", text: t("stay.history") }),
    h(
      "ol",
      { id: "stay-history" },
      history.entries.map((entry) =>
        h(
          "li",
          {},
          h("time", { datetime: entry.at, text: when.format(new Date(entry.at)) }),
          ` · ${entry.by ?? t("history.guestSite")} · ${t(`history.${entry.action}`)}`,
          entry.line ? ` · ${lineLabel(entry.line, i18n)} ${i18n.money(entry.line.amount)}` : "",
        ),
      ),
    ),
  );
}
