// The night audit: the hotel's next day to close, what closing it will do (arrivals who never came
// become no-shows and pay the policy's fee; guests due out still in house; room nights not yet
// charged), closing it (asked first: a closed day never changes), and a closed day's frozen report,
// on screen, printed and as a CSV file. A salon closes its day the same way (日締め): its report is
// the salon's takings by stylist and by service, its products, fees, receipts and appointments, and the
// day's ledger, each sale's lines linked to its receipt.

import { call, errorText, get, pressing } from "../api.js";
import { h, fill } from "../../common/dom.js";
import { cashReceiptsSection } from "./cash-receipts.js";
import { figures, ledgerView, plainAmount, reportTable, toCSV } from "../reports/reports.js";

export async function mount(main, desk, route) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const property = desk.property;
  const salon = desk.salon;
  const rooms = new Map((property.rooms ?? []).map((r) => [r.id, r.number]));
  const base = `/api/v1/properties/${property.id}`;

  const message = h("p", { class: "desk-form-error", role: "alert" });
  // Korea's cash receipts still to issue, where the server says they are owed; drawn in place once read.
  const receipts = h("div", { id: "audit-cash-receipts" });
  cashReceiptsSection(desk).then((section) => section && receipts.replaceChildren(section), () => {});
  const next = h("section", { class: "audit-next no-print", "aria-labelledby": "audit-next-title" });
  const day = h("input", { type: "date", id: "audit-day", required: true });
  const download = h("a", { class: "desk-button", id: "audit-csv", text: t("reports.csv") });
  const heading = h("h2", { id: "audit-report-title" });
  const report = h("div", { class: "reports-body" });
  const controls = h(
    "form",
    { class: "desk-toolbar no-print", onsubmit: (event) => { event.preventDefault(); showReport(day.value); } },
    h("label", { for: "audit-day", text: t("audit.closedDay") }),
    day,
    h("button", { type: "submit", class: "desk-button is-primary", text: t("reports.show") }),
    h("button", { type: "button", class: "desk-button", text: t("reports.print"), onclick: () => window.print() }),
    download,
  );
  fill(
    main,
    h(
      "div",
      { class: "reports audit" },
      h("div", { class: "desk-toolbar no-print" }, h("h1", { text: t(salon ? "dayClose.title" : "audit.title") }), h("a", { href: "#/reports", class: "desk-button", text: t("nav.reports") }),
        salon ? h("a", { href: "#/bank", class: "desk-button", id: "day-close-bank", text: t("nav.bank") }) : null),
      message,
      next,
      receipts,
      h("section", { class: "reports-sheet", "aria-labelledby": heading.id }, controls, heading, report),
    ),
  );

  /** A stay the audit lists, as a row: guest, confirmation, room, and its fee or balance. */
  const stayRow = (line, amount) => [line.guestName, line.confirmationCode, rooms.get(line.roomId) ?? "", amount(line.amount)];
  const stayHeader = (last) => ["reports.guest", "reports.code", "reports.room", last].map((key) => t(key));
  const listing = (title, id, lines, last) =>
    h(
      "section",
      { class: "audit-list", "aria-labelledby": id },
      h("h3", { id, text: `${title} (${lines.length})` }),
      reportTable(stayHeader(last), lines.map((line) => stayRow(line, i18n.money)), t),
    );

  /** Where the days stand, and the next day's close: what it will do, and the button that does it. */
  async function showNext() {
    const status = await get(`${base}/night-audit`);
    const title = h("h2", { id: "audit-next-title", text: t("audit.next", { day: i18n.date(status.nextDay) }) });
    const standing = h("p", {
      text: status.closedThrough ? t("audit.closedThrough", { day: i18n.date(status.closedThrough) }) : t("audit.noneClosed"),
    });
    const effects = salon
      ? h("p", { id: "audit-effects", text: t("dayClose.explain") })
      : [
          listing(t("audit.noShows"), "audit-no-shows", status.noShows, "audit.fee"),
          listing(t("audit.notCheckedOut"), "audit-not-out", status.notCheckedOut, "reports.balance"),
          h("p", { id: "audit-nights", text: t("audit.nightsToPost", { count: status.nightsToPost }) }),
        ];
    const error = h("p", { class: "desk-form-error", role: "alert" });
    const place = h("div", { class: "desk-row" });
    const close = h("button", {
      type: "button", class: "desk-button is-primary", id: "audit-close",
      text: t("audit.close", { day: i18n.date(status.nextDay) }),
      disabled: !status.canClose,
      onclick: () => ask(close, status.nextDay, error, place),
    });
    fill(place, close);
    const wait = status.nextDay <= status.today ? null : h("p", { class: "desk-empty", text: t("audit.notYet", { day: i18n.date(status.nextDay) }) });
    const early = status.canClose && status.nextDay === status.today ? h("p", { text: t(salon ? "dayClose.early" : "audit.early") }) : null;
    fill(next, title, standing, effects, wait, early, place, error);
    return status;
  }

  /** Asks before closing, in place: a closed day's lines never change again. */
  function ask(button, closing, error, place) {
    const question = h("p", { role: "alert", text: t(salon ? "dayClose.confirm" : "audit.confirm", { day: i18n.date(closing) }) });
    const yes = h("button", {
      type: "button", class: "desk-button is-danger", text: t("confirm.yes"),
      onclick: () =>
        pressing(yes, error, t, async () => {
          await call("POST", `${base}/night-audit`, { body: { day: closing } });
          desk.toast(t("audit.closed", { day: i18n.date(closing) }));
          await showNext();
          await showReport(closing);
        }),
    });
    const keep = h("button", { type: "button", class: "desk-button", text: t("confirm.keep"), onclick: () => { fill(place, button); button.focus(); } });
    fill(place, question, yes, keep);
    keep.focus();
  }

  /** A closed day's report as it was frozen, with its ledger; the CSV has its figures and its lines. */
  async function showReport(closed) {
    if (!closed) {
      fill(report, h("p", { class: "desk-empty", text: t("audit.noneClosed") }));
      return;
    }
    day.value = closed;
    history.replaceState(null, "", `#/audit?day=${closed}`);
    message.textContent = "";
    report.setAttribute("aria-busy", "true");
    try {
      const close = await get(`${base}/day-closes/${closed}`);
      heading.textContent = t("audit.report", { day: i18n.date(close.day) });
      const ledger = ledgerView(close.ledger, i18n, { sales: salon });
      const { shown, plain } = close.salon ? salonReport(close) : hotelReport(close);
      fill(
        report,
        h("p", { class: "audit-closed-at", text: t("audit.closedAt", { time: new Date(close.closedAt).toLocaleString(i18n.locale, { timeZone: property.timeZone }) }) }),
        shown,
        h("h3", { id: "audit-ledger", text: `${t("reports.ledger")} (${close.ledger.lines.length})` }),
        reportTable(ledger.rows[0], ledger.shown, t),
        ledger.sections,
      );
      URL.revokeObjectURL(download.href);
      download.href = URL.createObjectURL(new Blob([toCSV([...plain, ...ledger.rows])], { type: "text/csv;charset=utf-8" }));
      download.download = `day-close-${close.day}.csv`;
      report.dataset.shown = String(Number(report.dataset.shown ?? 0) + 1);
    } catch (error) {
      fill(report);
      heading.textContent = "";
      message.textContent = errorText(error, t);
    } finally {
      report.removeAttribute("aria-busy");
    }
  }

  /** A hotel's closed day: its rooms' figures, its no-shows and its guests in house, on screen and as CSV rows. */
  function hotelReport(close) {
    const adr = close.roomNightsSold > 0 ? { ...close.roomRevenue, amount: Math.round(close.roomRevenue.amount / close.roomNightsSold) } : null;
    const numbers = [
      ["audit.roomsSold", t("audit.ofRooms", { sold: close.roomNightsSold, rooms: close.rooms - close.roomsOutOfService })],
      ["audit.occupancy", i18n.percent(close.occupancyBasisPoints / 10_000)],
      ["audit.outOfService", String(close.roomsOutOfService)],
      ["audit.roomRevenue", i18n.money(close.roomRevenue)],
      ["audit.adr", adr ? i18n.money(adr) : "–"],
      ["reports.arrivals", String(close.arrivals)],
      ["reports.departures", String(close.departures)],
      ["audit.noShows", String(close.noShows.length)],
      ["audit.nightsPosted", String(close.nightsPosted)],
      ["audit.guestLedger", i18n.money(close.guestLedger)],
    ];
    const shown = [
      h("div", { class: "audit-figures" }, figures(t("audit.figures"), "audit-figures", numbers.map(([key, value]) => [t(key), value]))),
      listing(t("audit.noShows"), "audit-report-no-shows", close.noShows, "audit.fee"),
      listing(t("audit.inHouse"), "audit-report-in-house", close.inHouse, "reports.balance"),
      close.notCheckedOut.length > 0 ? listing(t("audit.notCheckedOut"), "audit-report-not-out", close.notCheckedOut, "reports.balance") : null,
    ];
    const plain = [
      [t("audit.report", { day: close.day })],
      ...numbers.map(([key]) => key).map((key, i) => [t(key), csvValue(key, close, adr) ?? numbers[i][1]]),
      [],
      stayHeader("audit.fee"),
      ...close.noShows.map((line) => stayRow(line, plainAmount)),
      [],
      stayHeader("reports.balance"),
      ...close.inHouse.map((line) => stayRow(line, plainAmount)),
      [],
    ];
    return { shown, plain };
  }

  /**
   * A salon's closed day (レジ締め): its takings, products, fees, deposits and ticket books held and receipts, its appointments by how they
   * ended, and its takings by stylist and by service, on screen and as CSV rows. The takings no one
   * in particular took are the products sold without a seller.
   */
  function salonReport(close) {
    const salonDay = close.salon;
    const takings = [
      ["dayClose.total", salonDay.takings, "close-takings"],
      ["dayClose.products", salonDay.products, "close-products"],
      // Fees for appointments not kept, in the takings whether paid yet or not.
      ["dayClose.fees", salonDay.fees, "close-fees"],
      // Not takings: what the salon holds for visits to come moved by so much (taken, less taken off,
      // kept towards a fee or refunded); shown on a day that moved it.
      ["dayClose.deposits", salonDay.deposits?.amount ? salonDay.deposits : null, "close-deposits"],
      // Not takings either: the ticket books sold less those drawn (the visits they paid are takings).
      ["dayClose.prepaid", salonDay.prepaid?.amount ? salonDay.prepaid : null, "close-prepaid"],
    ].filter(([, amount]) => amount);
    const counts = [
      ["dayClose.receipts", salonDay.receipts, "close-receipts"],
      ["dayClose.appointmentsKept", salonDay.appointments, "close-appointments"],
      ["dayClose.completed", salonDay.completed, "close-completed"],
      ["dayClose.noShows", salonDay.noShows, "close-no-shows"],
      ["dayClose.cancelled", salonDay.cancelled, "close-cancelled"],
      ["dayClose.open", salonDay.open, "close-open"],
    ];
    const byStylist = salonDay.byStylist.map((entry) => [entry.id == null && !entry.name ? t("dayClose.noOne") : entry.name, entry.amount]);
    const byService = salonDay.byService.map((entry) => [i18n.stored?.(entry.name) ?? entry.name, entry.amount]);
    const takingsTable = (title, id, column, entries) => {
      const table = reportTable([t(column), t("reports.amount")], entries.map(([name, amount]) => [name, i18n.money(amount)]), t);
      table.id = id;
      return h("section", { class: "audit-list audit-takings", "aria-labelledby": `${id}-title` }, h("h3", { id: `${id}-title`, text: t(title) }), table);
    };
    const shown = [
      h(
        "div",
        { class: "audit-figures audit-salon" },
        figures(t("dayClose.takings"), "close-takings-title", [
          ...takings.map(([key, amount, id]) => [t(key), i18n.money(amount), id]),
          [t(counts[0][0]), i18n.number(counts[0][1]), counts[0][2]],
        ]),
        figures(t("dayClose.appointments"), "close-appointments-title", counts.slice(1).map(([key, count, id]) => [t(key), i18n.number(count), id])),
      ),
      h(
        "div",
        { class: "audit-salon" },
        takingsTable("dayClose.byStylist", "close-by-stylist", "dayClose.stylist", byStylist),
        takingsTable("dayClose.byService", "close-by-service", "dayClose.service", byService),
      ),
    ];
    const plainTable = (column, entries) => [[t(column), t("reports.amount")], ...entries.map(([name, amount]) => [name, plainAmount(amount)]), []];
    const plain = [
      [t("audit.report", { day: close.day })],
      ...takings.map(([key, amount]) => [t(key), plainAmount(amount)]),
      ...counts.map(([key, count]) => [t(key), count]),
      [],
      ...plainTable("dayClose.stylist", byStylist),
      ...plainTable("dayClose.service", byService),
    ];
    return { shown, plain };
  }

  /** A figure as a spreadsheet reads it: amounts plain, counts and the share as numbers. */
  function csvValue(key, close, adr) {
    switch (key) {
      case "audit.roomsSold": return close.roomNightsSold;
      case "audit.occupancy": return (close.occupancyBasisPoints / 100).toFixed(2);
      case "audit.roomRevenue": return plainAmount(close.roomRevenue);
      case "audit.adr": return adr ? plainAmount(adr) : "";
      case "audit.guestLedger": return plainAmount(close.guestLedger);
      default: return null;
    }
  }

  try {
    const status = await showNext();
    await showReport(route.params.get("day") ?? status.closedThrough);
  } catch (error) {
    message.textContent = errorText(error, t);
  }
  return {
    unmount() {
      URL.revokeObjectURL(download.href);
    },
  };
}
