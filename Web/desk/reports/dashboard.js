// The dashboard: occupancy, ADR and RevPAR over a chosen range, as an SVG chart drawn here (bars
// for occupancy, a line for ADR) with the totals beside it and the figures in a table.

import { get } from "../api.js";
import { h, fill, svg } from "../../common/dom.js";
import { addDays, todayIn } from "../../common/dates.js";
import { currencyDigits } from "../../common/money.js";

export async function mount(main, desk, route) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const today = todayIn(desk.property.timeZone);
  const from = h("input", { type: "date", id: "dashboard-from", value: route.params.get("from") ?? addDays(today, -13) });
  const to = h("input", { type: "date", id: "dashboard-to", value: route.params.get("to") ?? addDays(today, 1) });
  const message = h("p", { class: "desk-form-error", role: "alert" });
  const figures = h("dl", { class: "dashboard-figures" });
  const chart = h("figure", { class: "dashboard-chart", "aria-labelledby": "dashboard-chart-title" });
  const table = h("div", { class: "today-panel" });
  const form = h(
    "form",
    { class: "desk-toolbar" },
    h("h1", { text: t("dashboard.title") }),
    h("label", { for: "dashboard-from", text: t("dashboard.from") }),
    from,
    h("label", { for: "dashboard-to", text: t("dashboard.to") }),
    to,
    h("button", { type: "submit", class: "desk-button is-primary", text: t("dashboard.show") }),
    // The lists and the ledger a hotel prints and files are a step away from its figures.
    desk.readsMoney ? h("a", { href: "#/reports", class: "desk-button", id: "dashboard-reports", text: t("nav.reports") }) : null,
    desk.readsMoney ? h("a", { href: "#/audit", class: "desk-button", id: "dashboard-audit", text: t("nav.audit") }) : null,
    desk.readsMoney ? h("a", { href: "#/bank", class: "desk-button", id: "dashboard-bank", text: t("nav.bank") }) : null,
    desk.readsMoney ? h("a", { href: "#/companies", class: "desk-button", id: "dashboard-companies", text: t("nav.companies") }) : null,
  );
  fill(main, h("div", { class: "dashboard" }, form, message, figures, chart, table));

  async function load() {
    message.textContent = "";
    try {
      const stats = await get(`/api/v1/properties/${desk.property.id}/stats?from=${from.value}&to=${to.value}`);
      draw(stats);
    } catch (error) {
      message.textContent = error.message;
    }
  }

  function draw(stats) {
    const total = stats.total;
    // Revenue, ADR and RevPAR come only to a role that reads money; without them, rooms and occupancy.
    const money = total.adr != null;
    const figure = (key, value, id) => h("div", { class: "dashboard-figure" }, h("dt", { text: t(key) }), h("dd", { id, text: value }));
    fill(
      figures,
      figure("dashboard.occupancy", i18n.percent(total.occupancy), "figure-occupancy"),
      money ? figure("dashboard.adr", i18n.money(total.adr), "figure-adr") : null,
      money ? figure("dashboard.revpar", i18n.money(total.revPAR), "figure-revpar") : null,
      money ? figure("dashboard.revenue", i18n.money(total.roomRevenue), "figure-revenue") : null,
      figure("dashboard.roomsSold", i18n.number(total.roomsSold), "figure-sold"),
    );
    const caption = money ? `${t("dashboard.occupancy")} · ${t("dashboard.adr")}` : t("dashboard.occupancy");
    fill(chart, h("figcaption", { id: "dashboard-chart-title", text: caption }), drawChart(stats.days, money));
    fill(
      table,
      h(
        "table",
        { class: "desk-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            ["today.date", "dashboard.occupancy", "dashboard.roomsSold", ...(money ? ["dashboard.adr", "dashboard.revpar", "dashboard.revenue"] : [])].map(
              (key) => h("th", { scope: "col", text: t(key) }),
            ),
          ),
        ),
        h(
          "tbody",
          {},
          stats.days.map((day) =>
            h(
              "tr",
              {},
              h("th", { scope: "row", text: i18n.date(day.date) }),
              h("td", { class: "desk-number", text: i18n.percent(day.occupancy) }),
              h("td", { class: "desk-number", text: `${i18n.number(day.roomsSold)} / ${i18n.number(day.roomsAvailable)}` }),
              ...(money
                ? [
                  h("td", { class: "desk-number", text: i18n.money(day.adr) }),
                  h("td", { class: "desk-number", text: i18n.money(day.revPAR) }),
                  h("td", { class: "desk-number", text: i18n.money(day.roomRevenue) }),
                ]
                : []),
            ),
          ),
        ),
      ),
    );
  }

  /** Occupancy as bars (left axis, 0–100 %), and with `money` ADR as a line (right axis, 0 to its maximum). */
  function drawChart(days, money) {
    const width = 720;
    const height = 260;
    const pad = { left: 44, right: 64, top: 12, bottom: 28 };
    const plotW = width - pad.left - pad.right;
    const plotH = height - pad.top - pad.bottom;
    const n = Math.max(days.length, 1);
    const slot = plotW / n;
    // ADR in minor units, up to at least one major unit; its axis reads in whole major units.
    const currency = days[0]?.adr?.currency ?? desk.property.currency;
    const unit = 10 ** currencyDigits(currency);
    const adr = money ? days.map((d) => d.adr.amount) : [];
    const adrMax = Math.max(...adr, unit);
    const label = money ? `${t("dashboard.occupancy")}, ${t("dashboard.adr")}` : t("dashboard.occupancy");
    const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label });
    for (const fraction of [0, 0.25, 0.5, 0.75, 1]) {
      const y = pad.top + plotH * (1 - fraction);
      root.append(svg("line", { x1: pad.left, x2: width - pad.right, y1: y, y2: y, stroke: "#e3e6ea" }));
      const label = svg("text", { x: pad.left - 6, y: y + 4, "text-anchor": "end", "font-size": 11, fill: "#5f6b7a" });
      label.textContent = i18n.percent(fraction);
      root.append(label);
      if (!money) continue;
      const axis = svg("text", { x: width - pad.right + 6, y: y + 4, "font-size": 11, fill: "#1e7d46" });
      axis.textContent = i18n.money({ amount: Math.round((adrMax * fraction) / unit) * unit, currency });
      root.append(axis);
    }
    const points = [];
    days.forEach((day, index) => {
      const barH = plotH * Math.min(1, day.occupancy);
      const x = pad.left + index * slot;
      const bar = svg("rect", { x: x + slot * 0.15, y: pad.top + plotH - barH, width: slot * 0.7, height: barH, fill: "#7fb0f0", rx: 2 });
      const title = svg("title");
      title.textContent = `${i18n.date(day.date)}: ${i18n.percent(day.occupancy)}${money ? `, ${i18n.money(day.adr)}` : ""}`;
      bar.append(title);
      root.append(bar);
      if (money) points.push(`${x + slot / 2},${pad.top + plotH * (1 - adr[index] / adrMax)}`);
      if (n <= 16 || index % Math.ceil(n / 12) === 0) {
        const label = svg("text", { x: x + slot / 2, y: height - 8, "text-anchor": "middle", "font-size": 11, fill: "#5f6b7a" });
        label.textContent = i18n.dayMonth(day.date);
        root.append(label);
      }
    });
    if (money) root.append(svg("polyline", { points: points.join(" "), fill: "none", stroke: "#1e7d46", "stroke-width": 2 }));
    return root;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    load();
  });
  await load();
  return { unmount() {} };
}
