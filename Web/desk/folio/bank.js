// Money received by the bank (#/bank, a hotel's): a statement (CSV, as the bank's site exports it) imported
// by the format the property keeps for its bank, its columns mapped once; what the import settled and what
// waits, with why; and the lines that wait, each settled by hand to the booking the desk names. The server
// reads the file, matches each line and settles it; the desk only sends the file and shows the answer.

import { call, errorText, get } from "../api.js";
import { fill, h } from "../../common/dom.js";
import { bound, textLength } from "../../common/limits.js";

const ORDERS = ["ymd", "dmy", "mdy"];
const COLUMNS = ["dateColumn", "amountColumn", "textColumn", "referenceColumn"];

export async function mount(main, desk) {
  const i18n = desk.i18n;
  const { t } = i18n;
  const base = `/api/v1/properties/${desk.property.id}`;
  const mayWork = desk.may("deskWork");
  let [{ formats }, { lines }] = await Promise.all([get(`${base}/statement-formats`), get(`${base}/statement-lines`)]);

  const labelled = (id, key, control) =>
    h("div", { class: "free-form-row" }, h("label", { for: id, text: t(key) }), control);
  const text = (id, max) => h("input", { id, type: "text", maxlength: String(max), autocomplete: "off" });

  // The bank: one whose format is kept, or a new one, whose columns are then named.
  const bank = h("select", { id: "bank-format" });
  const drawBanks = (chosen) =>
    fill(
      bank,
      formats.map((f) => h("option", { value: f.bank, selected: f.bank === chosen, text: f.bank })),
      h("option", { value: "", selected: !formats.some((f) => f.bank === chosen), text: t("bank.newBank") }),
    );
  const name = text("bank-name", bound("bank.name").max);
  const columns = Object.fromEntries(COLUMNS.map((column) => [column, text(`bank-${column}`, bound("bank.name").max)]));
  const order = h("select", { id: "bank-dateOrder" }, ORDERS.map((o) => h("option", { value: o, text: t(`bank.order.${o}`) })));
  const decimalComma = h("input", { id: "bank-decimalComma", type: "checkbox" });
  const formatFields = h(
    "fieldset",
    { class: "bank-format", id: "bank-format-fields" },
    h("legend", { text: t("bank.columns") }),
    labelled("bank-name", "bank.name", name),
    COLUMNS.map((column) => labelled(`bank-${column}`, `bank.${column}`, columns[column])),
    labelled("bank-dateOrder", "bank.dateOrder", order),
    h("div", { class: "free-form-row" }, h("label", {}, decimalComma, " ", t("bank.decimalComma"))),
  );
  const edit = h("button", { type: "button", class: "desk-button", id: "bank-edit-format", text: t("bank.editColumns") });
  const showFormat = (open) => {
    const kept = formats.find((f) => f.bank === bank.value);
    formatFields.hidden = !(open || !kept);
    edit.hidden = !formatFields.hidden;
    name.value = kept?.bank ?? "";
    for (const column of COLUMNS) columns[column].value = kept?.[column] ?? "";
    order.value = kept?.dateOrder ?? "dmy";
    decimalComma.checked = kept?.decimalComma ?? false;
  };
  bank.addEventListener("change", () => showFormat(false));
  edit.addEventListener("click", () => showFormat(true));

  const file = h("input", { id: "bank-file", type: "file", accept: ".csv,text/csv" });
  const message = h("p", { class: "desk-form-error", role: "alert", id: "bank-message" });
  const importButton = h("button", { type: "submit", class: "desk-button is-primary", id: "bank-import", text: t("bank.import") });
  const form = h(
    "form",
    { class: "free-form", id: "bank-form", novalidate: true },
    labelled("bank-format", "bank.bank", h("div", { class: "desk-row" }, bank, edit)),
    formatFields,
    labelled("bank-file", "bank.file", file),
    message,
    h("div", { class: "desk-row" }, importButton),
  );
  const result = h("section", { id: "bank-result", "aria-live": "polite" });
  const waiting = h("section", { id: "bank-waiting", "aria-labelledby": "bank-waiting-title" });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
    const chosen = file.files?.[0];
    if (!chosen) {
      message.textContent = t("bank.chooseFile");
      file.setAttribute("aria-invalid", "true");
      return;
    }
    importButton.disabled = true;
    try {
      let bankName = bank.value;
      if (!formatFields.hidden) {
        const format = { bank: name.value, dateOrder: order.value, decimalComma: decimalComma.checked };
        for (const column of COLUMNS) format[column] = columns[column].value;
        ({ data: { formats } } = await call("PUT", `${base}/statement-formats`, { body: format }));
        bankName = name.value.trim();
        drawBanks(bankName);
        showFormat(false);
      }
      const statement = await chosen.text();
      const { data } = await call("POST", `${base}/statements`, { body: { bank: bankName, statement } });
      drawResult(data);
      ({ lines } = await get(`${base}/statement-lines`));
      drawWaiting();
    } catch (error) {
      message.textContent = errorText(error, t);
      const field = error.field === "bank" && !formatFields.hidden ? name : columns[error.field] ?? (error.field === "statement" ? file : null);
      field?.setAttribute("aria-invalid", "true");
    } finally {
      importButton.disabled = false;
    }
  });

  const amountCell = (line) => h("td", { class: "is-number", text: i18n.money(line.amount) });
  const lineCells = (line) => [
    h("td", { text: i18n.date(line.date) }),
    amountCell(line),
    h("td", { class: "bank-text", text: line.text }),
    h("td", { text: line.bankReference }),
  ];
  const header = (...keys) => h("thead", {}, h("tr", {}, keys.map((key) => h("th", { scope: "col", text: t(key) }))));
  const reason = (line) =>
    line.owed && line.unmatched === "amount_differs"
      ? t("bank.reason.amount_differs_owed", { owed: i18n.money(line.owed) })
      : t(`bank.reason.${line.unmatched}`);

  function drawResult(data) {
    fill(
      result,
      h("h2", { text: t("bank.imported") }),
      h("p", {
        id: "bank-summary",
        text: t("bank.summary", { settled: data.settled.length, waiting: data.waiting.length, repeated: data.repeated }),
      }),
      data.settled.length
        ? h(
            "table",
            { class: "desk-table", id: "bank-settled" },
            header("bank.date", "bank.amount", "bank.text", "bank.reference", "bank.booking"),
            h(
              "tbody",
              {},
              data.settled.map((line) =>
                h("tr", {}, lineCells(line), h("td", {}, line.stayId ? h("a", { href: `#/stays/${line.stayId}`, text: line.confirmationCode }) : line.confirmationCode))),
            ),
          )
        : null,
    );
  }

  function drawWaiting() {
    const rows = lines.map((line) => {
      const code = h("input", {
        id: `bank-code-${line.id}`, type: "text", ...textLength("stay.confirmationCode"), autocomplete: "off", placeholder: "FD-",
        "aria-label": t("bank.codeFor", { amount: i18n.money(line.amount) }),
      });
      const error = h("p", { class: "desk-form-error", role: "alert" });
      const settle = h("button", { type: "submit", class: "desk-button", text: t("bank.settle") });
      const settleForm = h("form", { class: "desk-row", novalidate: true }, code, settle);
      settleForm.addEventListener("submit", async (event) => {
        event.preventDefault();
        error.textContent = "";
        settle.disabled = true;
        try {
          const { data } = await call("POST", `${base}/statement-lines/${line.id}/settle`, { body: { confirmationCode: code.value } });
          desk.toast(t("bank.settled", { code: data.confirmationCode, amount: i18n.money(data.amount) }));
          ({ lines } = await get(`${base}/statement-lines`));
          drawWaiting();
        } catch (refusal) {
          error.textContent = errorText(refusal, t);
          settle.disabled = false;
          code.focus();
        }
      });
      return h(
        "tr",
        { dataset: { line: String(line.id) } },
        lineCells(line),
        h("td", { text: reason(line) }),
        h("td", {}, mayWork ? [settleForm, error] : null),
      );
    });
    fill(
      waiting,
      h("h2", { id: "bank-waiting-title", text: t("bank.waiting") }),
      rows.length
        ? h(
            "table",
            { class: "desk-table", id: "bank-waiting-lines" },
            header("bank.date", "bank.amount", "bank.text", "bank.reference", "bank.why", "bank.booking"),
            h("tbody", {}, rows),
          )
        : h("p", { class: "desk-hint", id: "bank-nothing-waits", text: t("bank.nothingWaits") }),
    );
  }

  drawBanks(formats[0]?.bank);
  showFormat(false);
  drawWaiting();
  fill(
    main,
    h(
      "div",
      { class: "bank" },
      h("div", { class: "desk-toolbar no-print" }, h("h1", { text: t("bank.title") })),
      h("p", { class: "desk-hint", text: t("bank.hint") }),
      mayWork ? form : null,
      result,
      waiting,
    ),
  );
  return {};
}
