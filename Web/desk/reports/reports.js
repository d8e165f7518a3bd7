// Reports a hotel reads and files: the day's arrivals, departures and guests in house with their
// balances (from the front desk's day), and the ledger of some days: every charge, payment and
// reversal posted, with charges by kind, taxes by rate and payments by method. Each on screen,
// printed from the browser (the bar and the controls stay off the paper), and as a CSV file. A salon
// has the ledger alone: its sales' lines over some days, each receipt's number a link to it; and beneath,
// what it owes its customers in ticket books and prepaid balances not used yet, now and, where the law
// counts them (Japan's yen salons), on each reference date (基準日) against its threshold.

import { errorText, get } from "../api.js";
import { h, fill } from "../../common/dom.js";
import { nightsBetween, todayIn } from "../../common/dates.js";
import { countryName } from "../../common/i18n.js";
import { currencyDigits, toMajorUnits } from "../../common/money.js";
import { lineLabel, taxLabel } from "../folio/folio-lines.js";

const KINDS = ["arrivals", "departures", "inHouse", "registration", "ledger"];

/**
 * A CSV file's text: fields quoted when they hold a comma, a quote or a line break; lines end in CRLF. A
 * field a spreadsheet would run as a formula (starting with =, @, a tab or a carriage return, or with + or -
 * before anything but a number or a phone number) gets an apostrophe first, as the server's files do.
 */
export function toCSV(rows) {
  const field = (value) => {
    let text = String(value ?? "");
    if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[0-9 .,()+\-/]*$/.test(text))) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return rows.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}

/** An amount as a plain decimal for a spreadsheet, in its currency's digits: 1234.50, 12000. */
export function plainAmount(money) {
  return toMajorUnits(money.amount, currencyDigits(money.currency));
}

/**
 * A ledger (`GET .../ledger`, or a closed day's) as a report shows it: `rows` for the CSV file (header
 * first, plain amounts), `shown` in the page's words, and `sections`, its totals by kind, tax, method.
 * A salon's (`sales`) names its receipts and customers where a hotel's names confirmations and guests,
 * and its fees as those for appointments not kept; on screen, a sale's line links to its receipt.
 */
export function ledgerView(report, i18n, { sales = false } = {}) {
  const { t } = i18n;
  const who = sales ? ["reports.receipt", "reports.customer"] : ["reports.code", "reports.guest"];
  const header = ["reports.day", ...who, "reports.entry", "reports.description", "reports.detail", "reports.amount"].map((key) => t(key));
  const signed = (line) => ({ ...line.amount, amount: line.kind === "reversal" ? -line.amount.amount : line.amount.amount });
  // A salon's only fees are those for appointments not kept.
  const category = (name) => t(sales && name === "fee" ? "category.visitFee" : `category.${name}`);
  const row = (line, date, amount, code) => [
    date(line.date), code(line), line.guestName, t(`reports.entry.${line.kind}`), lineLabel(line, i18n),
    line.category ? category(line.category) : line.method ? t(`method.${line.method}`) : "", amount(signed(line)),
  ];
  const plainCode = (line) => line.confirmationCode;
  const receipt = (line) => (line.saleId ? h("a", { href: `#/sales/${line.saleId}`, text: line.confirmationCode }) : line.confirmationCode);
  const rows = [header, ...report.lines.map((line) => row(line, (d) => d, plainAmount, plainCode))];
  const shown = report.lines.map((line) => row(line, i18n.date, i18n.money, receipt));
  const sections = h(
    "div",
    { class: "reports-summary" },
    figures(t("reports.charges"), "reports-charges", report.charges.map((c) => [category(c.category), i18n.money(c.amount)])),
    figures(t("reports.taxes"), "reports-taxes", [
      ...report.taxes.map((tax) => [taxLabel(tax, i18n), i18n.money(tax.amount)]),
      // Taxes inside the prices: owed, not added to the charges.
      ...(report.includedTaxes ?? []).map((tax) => [t("document.included", { tax: taxLabel(tax, i18n) }), i18n.money(tax.amount)]),
    ]),
    figures(t("reports.payments"), "reports-payments", report.payments.map((p) => [p.method ? t(`method.${p.method}`) : t("reports.noMethod"), i18n.money(p.amount)])),
    figures(t("reports.totals"), "reports-total", [[t("reports.totalCharges"), i18n.money(report.totalCharges)], [t("reports.totalPayments"), i18n.money(report.totalPayments)]]),
  );
  return { rows, shown, sections };
}


/**
 * A titled list of figures (name, value already worded, and the value's own `id` when it has one),
 * labelled by its heading `id`.
 */
export function figures(title, id, lines) {
  return h(
    "section",
    { class: "reports-totals", "aria-labelledby": id },
    h("h3", { id, text: title }),
    h("dl", {}, lines.map(([name, value, valueId]) => [h("dt", { text: name }), h("dd", { id: valueId, text: value })])),
  );
}

/**
 * A salon's prepaid balances (`GET .../ticket-balances`): the unused value of its books now and how many, and
 * the reference dates the server lists (none outside Japan's yen salons), the next one first as the books stand
 * today, each with its unused value, its books and whether it is over the threshold, with the deposit then
 * owed. The server counts; this words it.
 */
export function prepaidSection(balances, i18n) {
  const { t } = i18n;
  const header = ["reports.referenceDate", "reports.unusedValue", "reports.books", "reports.prepaidStatus"].map((key) => t(key));
  const status = (date) =>
    date.overThreshold
      ? t("reports.prepaidOver", { threshold: i18n.money(balances.threshold), deposit: i18n.money(date.deposit) })
      : t("reports.prepaidUnder");
  const next = balances.nextReferenceDate;
  const dates = [...(next ? [next] : []), ...(balances.referenceDates ?? [])];
  const when = (date) => (date === next ? t("reports.referenceDateNext", { date: i18n.date(date.date) }) : i18n.date(date.date));
  return h(
    "section",
    { class: "reports-sheet reports-prepaid", id: "reports-prepaid", "aria-labelledby": "reports-prepaid-title" },
    h("h2", { id: "reports-prepaid-title", text: t("reports.prepaid") }),
    h(
      "div",
      { class: "reports-summary" },
      figures(t("reports.prepaidNow"), "reports-prepaid-now", [
        [t("reports.unusedValue"), i18n.money(balances.unused), "reports-prepaid-unused"],
        [t("reports.books"), i18n.number(balances.books), "reports-prepaid-books"],
      ]),
    ),
    dates.length
      ? [
          h("p", { class: "desk-hint", text: t("reports.referenceDatesHint") }),
          reportTable(header, dates.map((date) => [when(date), i18n.money(date.unused), i18n.number(date.books), status(date)]), t),
        ]
      : null,
  );
}

/** The rows on screen, in the page's words (dates, money, a link); an empty report says so. */
export function reportTable(header, rows, t) {
  if (rows.length === 0) return h("p", { class: "desk-empty", text: t("reports.none") });
  const cell = (value) => (value instanceof Node ? h("td", {}, value) : h("td", { text: String(value) }));
  return h(
    "table",
    { class: "desk-table reports-table" },
    h("thead", {}, h("tr", {}, header.map((name) => h("th", { scope: "col", text: name })))),
    h("tbody", {}, rows.map((row) => h("tr", {}, row.map(cell)))),
  );
}

export async function mount(main, desk, route) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const property = desk.property;
  const today = todayIn(property.timeZone);
  // A salon has no rooms nor stays: its report is the ledger of its sales.
  const salon = desk.salon;
  const kinds = salon ? ["ledger"] : KINDS;
  let kind = kinds.includes(route.params.get("report")) ? route.params.get("report") : kinds[0];

  const kindSelect = h(
    "select",
    { id: "reports-kind" },
    kinds.map((k) => h("option", { value: k, selected: k === kind, text: t(`reports.${k}`) })),
  );
  const from = h("input", { type: "date", id: "reports-from", required: true, value: route.params.get("from") ?? today });
  const to = h("input", { type: "date", id: "reports-to", required: true, value: route.params.get("to") ?? route.params.get("from") ?? today });
  const toLabel = h("label", { for: "reports-to", text: t("reports.to") });
  const fromLabel = h("label", { for: "reports-from" });
  const message = h("p", { class: "desk-form-error", role: "alert" });
  const heading = h("h2", { id: "reports-heading" });
  const body = h("div", { class: "reports-body" });
  const download = h("a", { class: "desk-button", id: "reports-csv", text: t("reports.csv") });
  const controls = h(
    "form",
    { class: "desk-toolbar reports-controls no-print", onsubmit: (event) => { event.preventDefault(); show(); } },
    h("h1", { text: t("reports.title") }),
    h("a", { href: "#/audit", class: "desk-button", id: "reports-audit", text: t(salon ? "nav.dayClose" : "nav.audit") }),
    salon ? null : [h("label", { for: "reports-kind", text: t("reports.kind") }), kindSelect],
    fromLabel,
    from,
    toLabel,
    to,
    h("button", { type: "submit", class: "desk-button is-primary", text: t("reports.show") }),
    h("button", { type: "button", class: "desk-button", text: t("reports.print"), onclick: () => window.print() }),
    download,
  );
  // Everything the hotel holds, to take elsewhere: every stay (as `frontdesk import` reads it) and the guest list.
  const exports = salon
    ? null
    : h(
        "p",
        { class: "desk-toolbar reports-exports no-print" },
        h("a", { class: "desk-button", id: "reports-export-stays", href: `/api/v1/properties/${property.id}/exports/stays`, download: `stays-${property.id}.csv`, text: t("reports.exportStays") }),
        h("a", { class: "desk-button", id: "reports-export-guests", href: `/api/v1/properties/${property.id}/exports/guests`, download: `guests-${property.id}.csv`, text: t("reports.exportGuests") }),
      );
  // A salon's prepaid balances stand beside whatever days are shown: read once, as they are now.
  const prepaid = salon ? h("div", { class: "reports-prepaid-place" }) : null;
  fill(main, h("div", { class: "reports" }, controls, exports, message, h("section", { class: "reports-sheet", "aria-labelledby": heading.id }, heading, body), prepaid));
  kindSelect.addEventListener("change", () => {
    kind = kindSelect.value;
    show();
  });

  function shape() {
    const ledger = kind === "ledger";
    fromLabel.textContent = t(ledger ? "reports.from" : "reports.date");
    toLabel.hidden = to.hidden = !ledger;
  }

  async function show() {
    shape();
    message.textContent = "";
    const params = new URLSearchParams({ report: kind, from: from.value });
    if (kind === "ledger") params.set("to", to.value);
    history.replaceState(null, "", `#/reports?${params}`);
    body.setAttribute("aria-busy", "true");
    try {
      const { title, rows, shown, sections } = kind === "ledger" ? await ledger() : await day();
      heading.textContent = title;
      fill(body, reportTable(rows[0], shown, t), sections ?? null);
      URL.revokeObjectURL(download.href);
      download.href = URL.createObjectURL(new Blob([toCSV(rows)], { type: "text/csv;charset=utf-8" }));
      download.download = `${kind}-${from.value}${kind === "ledger" ? `-${to.value}` : ""}.csv`;
      body.dataset.shown = String(Number(body.dataset.shown ?? 0) + 1);
    } catch (error) {
      message.textContent = errorText(error, t);
    } finally {
      body.removeAttribute("aria-busy");
    }
  }

  /** Arrivals, departures or guests in house on a day, from the front desk's day. */
  async function day() {
    const lists = await get(`/api/v1/properties/${property.id}/today?date=${from.value}`);
    if (kind === "registration") return registration(lists.arrivals);
    const entries = lists[kind];
    const header = ["reports.guest", "reports.code", "reports.room", "reports.arrival", "reports.departure", "reports.nights", "reports.guests", "reports.state", "reports.balance"].map((key) => t(key));
    const line = ({ stay, guestName, roomNumber, balance }, date, amount) => [
      guestName, stay.confirmationCode, roomNumber ?? "", date(stay.arrival), date(stay.departure),
      nightsBetween(stay.arrival, stay.departure), stay.adults + (stay.children ?? 0), i18n.state(stay.state), amount(balance),
    ];
    return {
      title: `${t(`reports.${kind}`)}, ${i18n.date(from.value)} (${entries.length})`,
      rows: [header, ...entries.map((entry) => line(entry, (d) => d, plainAmount))],
      shown: entries.map((entry) => line(entry, i18n.date, i18n.money)),
    };
  }

  /**
   * The day's arrivals as the police registration of foreign guests lists them (Thailand's TM30,
   * Vietnam's declaration): nationality, passport or card, date of birth; the file keeps the codes.
   * The other adults a guest named by checking in online follow their stay's line, each on their own.
   */
  function registration(entries) {
    const people = entries.flatMap((entry) => [
      entry,
      ...(entry.onlineCheckIn?.companions ?? []).map((companion) => ({ ...entry, guestName: companion.name, guest: companion })),
    ]);
    const header = ["reports.guest", "reports.nationality", "reports.document", "reports.birthDate", "reports.arrival", "reports.departure", "reports.room", "reports.code"].map((key) => t(key));
    const line = ({ stay, guestName, roomNumber, guest }, date, country) => [
      guestName, guest?.nationality ? country(guest.nationality) : "", guest?.documentNumber ?? "",
      guest?.birthDate ? date(guest.birthDate) : "", date(stay.arrival), date(stay.departure), roomNumber ?? "", stay.confirmationCode,
    ];
    return {
      title: `${t("reports.registration")}, ${i18n.date(from.value)} (${people.length})`,
      rows: [header, ...people.map((person) => line(person, (d) => d, (code) => code))],
      shown: people.map((person) => line(person, i18n.date, (code) => countryName(code, i18n.locale))),
    };
  }

  /** The ledger of the days from `from` to `to`, with its totals beneath. */
  async function ledger() {
    const report = await get(`/api/v1/properties/${property.id}/ledger?from=${from.value}&to=${to.value}`);
    const { rows, shown, sections } = ledgerView(report, i18n, { sales: salon });
    const span = report.from === report.to ? i18n.date(report.from) : `${i18n.date(report.from)} – ${i18n.date(report.to)}`;
    return { title: `${t("reports.ledger")}, ${span} (${report.lines.length})`, rows, shown, sections };
  }

  /** The salon's prepaid balances, or why they could not be read, in their place. */
  async function showPrepaid() {
    try {
      fill(prepaid, prepaidSection(await get(`/api/v1/properties/${property.id}/ticket-balances`), i18n));
    } catch (error) {
      fill(prepaid, h("p", { class: "desk-form-error", role: "alert", text: errorText(error, t) }));
    }
  }

  shape();
  await Promise.all([show(), salon ? showPrepaid() : null]);
  return {
    unmount() {
      URL.revokeObjectURL(download.href);
    },
  };
}

