// Forms rendered from the server's declarations (`GET /api/v1/forms/{name}`, Sources/App/Forms): one
// declaration says what a form shows, and the server checks what is submitted against the same one.
//
// The pure part (which rows show, a bound relative to another row, the checks the server makes; days
// and amounts through Web/common's dates.js and money.js) is exported apart from the DOM, so that
// `node --test` can pin it; `renderForm` builds the DOM with `document.createElement` only and reads
// values from its controls, so nothing typed is lost when a submission fails.

import { dayNumber, isoDay, isoWallMinute, wallMinute } from "../../common/dates.js";
import { currencyDigits, toMajorUnits, toMinorUnits } from "../../common/money.js";

// MARK: - Declarations

/** Every row of a declaration, in the order shown. */
export function formRows(declaration) {
  return declaration.sections.flatMap((section) => section.rows);
}

/** The row with a key, or undefined. */
export function findRow(declaration, key) {
  return formRows(declaration).find((row) => row.key === key);
}

/** Two JSON values alike (conditions compare submitted values). */
function same(a, b) {
  return a === b || (typeof a === "object" && a !== null && JSON.stringify(a) === JSON.stringify(b));
}

/**
 * Whether a row shows with these values: its `visibleWhen` holds, and so does that of the row it
 * depends on, all the way up.
 */
export function isRowVisible(declaration, row, values) {
  const seen = new Set();
  let current = row;
  while (current?.visibleWhen) {
    const condition = current.visibleWhen;
    if (seen.has(current.key)) return false;
    seen.add(current.key);
    const value = values[condition.row];
    if (value === undefined || !condition.values.some((wanted) => same(wanted, value))) return false;
    current = findRow(declaration, condition.row);
    if (!current) return false;
  }
  return true;
}

// MARK: - Bounds

/**
 * A bound in the row's own terms (a day's number for dates, a wall minute for times, a number
 * otherwise), or null when it depends on a row that is hidden, empty or wrong.
 */
export function boundNumber(declaration, row, bound, values) {
  if (!bound) return null;
  let base;
  let offset = 0;
  if (bound.row !== undefined) {
    const other = findRow(declaration, bound.row);
    if (!other || !isRowVisible(declaration, other, values)) return null;
    base = values[bound.row];
    offset = row.kind === "dateTime" ? (bound.days ?? 0) * 1440 + (bound.minutes ?? 0) : (bound.days ?? 0);
  } else {
    base = bound.value;
  }
  if (base === undefined || base === null) return null;
  if (row.kind === "date") {
    const day = typeof base === "string" ? dayNumber(base) : null;
    return day === null ? null : day + offset;
  }
  if (row.kind === "dateTime") {
    const minute = typeof base === "string" ? wallMinute(base) : null;
    return minute === null ? null : minute + offset;
  }
  return Number.isInteger(base) ? base + offset : null;
}

/**
 * The `min` or `max` attribute a row's control takes now (dates as `YYYY-MM-DD`, times as
 * `YYYY-MM-DDTHH:MM`, numbers as numbers; money in major units), with an exclusive bound moved in by
 * one step; null when there is none.
 */
export function boundAttribute(declaration, row, which, values, { fractionDigits = 0 } = {}) {
  const bound = row[which];
  const number = boundNumber(declaration, row, bound, values);
  if (number === null) return null;
  const inward = bound.exclusive ? (which === "min" ? 1 : -1) : 0;
  switch (row.kind) {
    case "date":
      return isoDay(number + inward);
    case "dateTime":
      return isoWallMinute(number + inward);
    case "money":
      return toMajorUnits(number + inward, fractionDigits);
    default:
      return number + inward;
  }
}

// MARK: - Checks (as the server makes them: Sources/App/Forms/FreeForm+Validation.swift)

const characterCount = (text) =>
  typeof Intl.Segmenter === "function" ? [...new Intl.Segmenter().segment(text)].length : [...text].length;

const isBlank = (value) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

function emailProblem(text) {
  const parts = text.split("@");
  const fine = parts.length === 2 && parts[0] !== "" && parts[1].includes(".") && !text.includes(" ") && text.length <= 254;
  return fine ? null : `'${text}' is not an email address`;
}

function phoneProblem(text) {
  return characterCount(text) <= 40 && /^[\p{N} +\-()]*$/u.test(text) ? null : `'${text}' is not a phone number`;
}

function boundProblem(declaration, row, field, number, values) {
  const inTime = row.kind === "date" || row.kind === "dateTime";
  const show = (limit) => (row.kind === "date" ? isoDay(limit) : row.kind === "dateTime" ? isoWallMinute(limit) : String(limit));
  for (const which of ["min", "max"]) {
    const bound = row[which];
    const limit = boundNumber(declaration, row, bound, values);
    if (limit === null) continue;
    const exclusive = bound.exclusive === true;
    const wrong = which === "min" ? number < limit || (exclusive && number === limit) : number > limit || (exclusive && number === limit);
    if (!wrong) continue;
    const words =
      which === "min"
        ? inTime ? (exclusive ? "after" : "on or after") : exclusive ? "more than" : "at least"
        : inTime ? (exclusive ? "before" : "on or before") : exclusive ? "less than" : "at most";
    return `'${field}' must be ${words} ${show(limit)}${boundOrigin(bound)}`;
  }
  return null;
}

function boundOrigin(bound) {
  if (bound.row === undefined) return "";
  const parts = [];
  const days = bound.days ?? 0;
  const minutes = bound.minutes ?? 0;
  if (days !== 0) parts.push(`${Math.abs(days)} day${Math.abs(days) === 1 ? "" : "s"}`);
  if (minutes !== 0) parts.push(`${Math.abs(minutes)} minutes`);
  if (parts.length === 0) return ` ('${bound.row}')`;
  return ` (${parts.join(" and ")} ${days * 1440 + minutes < 0 ? "before" : "after"} '${bound.row}')`;
}

/**
 * The problem with one shown, non-blank value, as `[field, message, reason, params]` (the rule, when the
 * server names it the same, that the page may word in its language), or null.
 */
function rowProblem(declaration, row, value, values) {
  const key = row.key;
  const needText = () => (typeof value === "string" ? null : [key, `'${key}' must be text`]);
  const tooLong = () =>
    row.maxLength !== undefined && characterCount(value) > row.maxLength
      ? [key, `at most ${row.maxLength} characters`, "text.tooLong", { limit: String(row.maxLength) }]
      : null;
  switch (row.kind) {
    case "text":
    case "textarea":
      return needText() ?? tooLong();
    case "email": {
      const problem = needText() ?? tooLong();
      if (problem) return problem;
      const email = emailProblem(value);
      return email ? [key, email, "email.invalid"] : null;
    }
    case "phone": {
      const problem = needText() ?? tooLong();
      if (problem) return problem;
      const phone = phoneProblem(value);
      return phone ? [key, phone, "phone.invalid"] : null;
    }
    case "date": {
      const day = typeof value === "string" ? dayNumber(value) : null;
      if (day === null) return [key, typeof value === "string" ? `'${value}' is not a date (YYYY-MM-DD)` : `'${key}' must be text`];
      const problem = boundProblem(declaration, row, key, day, values);
      return problem ? [key, problem] : null;
    }
    case "dateTime": {
      const minute = typeof value === "string" ? wallMinute(value) : null;
      if (minute === null) return [key, `'${value}' is not a date and time like 2026-11-22T10:30`];
      const problem = boundProblem(declaration, row, key, minute, values);
      return problem ? [key, problem] : null;
    }
    case "stepper": {
      if (!Number.isInteger(value)) return [key, `'${key}' must be a whole number`];
      const problem = boundProblem(declaration, row, key, value, values);
      if (problem) return [key, problem];
      if (row.step > 1) {
        const base = boundNumber(declaration, row, row.min, values) ?? 0;
        if ((value - base) % row.step !== 0) return [key, `'${key}' goes in steps of ${row.step}`];
      }
      return null;
    }
    case "choice":
    case "segmented": {
      if (row.options) {
        if (typeof value === "string" && row.options.some((option) => option.value === value)) return null;
        return [key, `'${value}' is not one of ${row.options.map((option) => option.value).join(", ")}`];
      }
      const fine = (Number.isInteger(value) && value > 0) || (typeof value === "string" && value !== "");
      return fine ? null : [key, `'${value}' is not one of the ${row.optionsFrom ?? "options"}`];
    }
    case "switch":
      return typeof value === "boolean" ? null : [key, `'${key}' must be true or false`];
    case "money": {
      if (typeof value !== "object" || value === null) return [key, `'${key}' must be money like {"amount": 1500, "currency": "THB"}`];
      if (!Number.isInteger(value.amount)) return [`${key}.amount`, `'${key}.amount' must be a whole number of minor units`];
      if (typeof value.currency !== "string") return [`${key}.currency`, `'${key}.currency' must be a currency code like THB`];
      const problem = boundProblem(declaration, row, `${key}.amount`, value.amount, values);
      return problem ? [`${key}.amount`, problem] : null;
    }
    default:
      return null;
  }
}

/**
 * Checks values as the server will (but for which currencies it takes): every problem, by field (a
 * money row's by `key.amount` or `key.currency`, as the server names them), and the values of the rows
 * that show. Hidden rows are neither required nor checked, and their values are dropped.
 */
export function validateValues(declaration, values, { unknownKeys = "refuse" } = {}) {
  const { problems, clean } = checkValues(declaration, values, unknownKeys);
  const errors = Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, problem.message]));
  return { errors, clean };
}

/**
 * `validateValues`' problems with the rule each breaks, when the server names it the same
 * (`{field: {message, reason?, params?}}`), so that a page words them as it words the server's refusals.
 */
export function checkValues(declaration, values, unknownKeys = "refuse") {
  const rows = formRows(declaration).filter((row) => row.kind !== "button");
  const problems = {};
  const clean = {};
  if (unknownKeys === "refuse") {
    const known = new Set(rows.map((row) => row.key));
    for (const key of Object.keys(values).sort()) {
      if (!known.has(key)) {
        const message = `'${key}' is not a field of the ${declaration.name} form (${rows.map((row) => row.key).join(", ")})`;
        problems[key] = { message };
      }
    }
  }
  for (const row of rows) {
    if (!isRowVisible(declaration, row, values)) continue;
    const value = values[row.key];
    if (isBlank(value)) {
      const reason = row.kind === "email" ? "email.required" : "text.required";
      if (row.required) problems[row.key] = { message: `'${row.key}' is required`, reason };
      continue;
    }
    const problem = rowProblem(declaration, row, value, values);
    if (!problem) {
      clean[row.key] = value;
      continue;
    }
    const [field, message, reason, params = {}] = problem;
    problems[field] = reason ? { message, reason, params } : { message };
  }
  return { problems, clean };
}

/** The row an error's field belongs to: the row itself, or a money row for `amount.amount`. */
export function rowKeyOfField(declaration, field) {
  const keys = formRows(declaration).map((row) => row.key);
  if (keys.includes(field)) return field;
  const owners = keys.filter((key) => field.startsWith(`${key}.`)).sort((a, b) => b.length - a.length);
  return owners[0] ?? null;
}

// MARK: - DOM

let renderedForms = 0;

/**
 * Renders a declaration as a `<form>`.
 *
 * - `values`: the values to start from, by row key (money as `{amount: minor units, currency}`).
 * - `t(key)`: translates a label or title key.
 * - `options`: `currency` (for money rows) and, by a row's `optionsFrom`, the options the client
 *   loaded: `{rooms: [{value: 7, label: "101"}]}`.
 * - `onSubmit(values)`: called, once they pass the checks, with the values of the rows that show (money
 *   as `{amount: minor units, currency}`, blank text as `""`); when it rejects with
 *   `{field, message}` or the API's `{error: {field, message}}`, that is shown under the row.
 * - `onAction(action, values)`: a button row was pressed.
 * - `refusal(reason, params)`: a check's rule in the page's language (as `refusalText` words the
 *   server's), or null to keep its English message.
 *
 * Returns `{element, values(), setErrors(errorsByField), setValues(values)}`.
 */
export function renderForm(
  declaration, { values = {}, t = (key) => key, options = {}, onSubmit, onAction, refusal = () => null } = {},
) {
  const prefix = `ff${++renderedForms}-${declaration.name}`;
  const idOf = (key, suffix = "") => `${prefix}-${key.replace(/[^A-Za-z0-9_-]/g, "-")}${suffix}`;
  const say = (key, fallback) => {
    const text = t(key);
    return text === key && fallback !== undefined ? fallback : text;
  };
  const currency = options.currency;
  const fractionDigits = currency ? currencyDigits(currency) : 0;

  const form = document.createElement("form");
  form.className = "free-form";
  form.noValidate = true;
  form.dataset.form = declaration.name;

  /** @type {Map<string, {row: object, element: HTMLElement, read: () => any, write: (value: any) => void, controls: HTMLElement[], error: HTMLElement}>} */
  const fields = new Map();

  for (const section of declaration.sections) {
    const fieldset = document.createElement("fieldset");
    fieldset.className = "free-form-section";
    fieldset.dataset.section = section.id;
    const legend = document.createElement("legend");
    legend.textContent = t(section.titleKey);
    fieldset.append(legend);
    for (const row of section.rows) {
      const field = buildRow(row);
      fields.set(row.key, field);
      fieldset.append(field.element);
    }
    form.append(fieldset);
  }

  const formError = document.createElement("p");
  formError.className = "free-form-error";
  formError.setAttribute("role", "alert");
  formError.hidden = true;
  const submit = document.createElement("button");
  submit.type = "submit";
  submit.textContent = say("form.submit", "Save");
  form.append(formError, submit);

  function buildRow(row) {
    const element = document.createElement("div");
    element.className = `free-form-row free-form-${row.kind}`;
    element.dataset.key = row.key;
    const id = idOf(row.key);
    const error = document.createElement("p");
    error.className = "free-form-row-error";
    error.id = idOf(row.key, "-error");
    error.setAttribute("aria-live", "polite");
    error.hidden = true;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.id = idOf(row.key, "-label");
    label.textContent = t(row.labelKey);
    const describe = (control) => {
      control.setAttribute("aria-describedby", error.id);
      if (row.required) control.required = true;
      return control;
    };

    switch (row.kind) {
      case "button": {
        const button = document.createElement("button");
        button.type = "button";
        button.id = id;
        button.textContent = t(row.labelKey);
        button.addEventListener("click", () => onAction?.(row.action, currentValues()));
        element.append(button);
        return { row, element, read: () => undefined, write: () => {}, controls: [button], error };
      }
      case "segmented": {
        // A group of radios: the row's label names the group, each option's label its radio.
        const name = document.createElement("span");
        name.id = idOf(row.key, "-label");
        name.className = "free-form-label";
        name.textContent = t(row.labelKey);
        const group = document.createElement("div");
        group.setAttribute("role", "radiogroup");
        group.setAttribute("aria-labelledby", name.id);
        group.setAttribute("aria-describedby", error.id);
        if (row.required) group.setAttribute("aria-required", "true");
        const radios = (row.options ?? []).map((option, index) => {
          const radio = document.createElement("input");
          radio.type = "radio";
          radio.name = id;
          radio.id = idOf(row.key, `-${index}`);
          radio.value = option.value;
          const optionLabel = document.createElement("label");
          optionLabel.htmlFor = radio.id;
          optionLabel.textContent = t(option.labelKey);
          group.append(radio, optionLabel);
          return radio;
        });
        element.append(name, group, error);
        return {
          row,
          element,
          controls: radios,
          error,
          read: () => radios.find((radio) => radio.checked)?.value,
          write: (value) => radios.forEach((radio) => (radio.checked = radio.value === value)),
        };
      }
      case "switch": {
        const box = describe(document.createElement("input"));
        box.type = "checkbox";
        box.id = id;
        box.setAttribute("role", "switch");
        element.append(box, label, error);
        return {
          row,
          element,
          controls: [box],
          error,
          read: () => box.checked,
          write: (value) => (box.checked = value === true),
        };
      }
      case "choice": {
        const select = describe(document.createElement("select"));
        select.id = id;
        const empty = document.createElement("option");
        empty.value = "";
        empty.textContent = say("form.choose", "—");
        select.append(empty);
        // Dynamic options keep their values' type (ids are numbers): looked up by the option's index.
        const choices = row.options
          ? row.options.map((option) => ({ value: option.value, label: t(option.labelKey) }))
          : (options[row.optionsFrom] ?? []).map((option) => ({ value: option.value, label: option.label ?? String(option.value) }));
        choices.forEach((choice, index) => {
          const option = document.createElement("option");
          option.value = String(index);
          option.textContent = choice.label;
          select.append(option);
        });
        element.append(label, select, error);
        return {
          row,
          element,
          controls: [select],
          error,
          read: () => (select.value === "" ? undefined : choices[Number(select.value)]?.value),
          write: (value) => {
            const index = choices.findIndex((choice) => same(choice.value, value));
            select.value = index < 0 ? "" : String(index);
          },
        };
      }
      case "stepper": {
        const input = describe(document.createElement("input"));
        input.type = "number";
        input.id = id;
        input.inputMode = "numeric";
        input.step = String(row.step ?? 1);
        const stepBy = (direction) => {
          const step = row.step ?? 1;
          let next = (Number.parseInt(input.value, 10) || 0) + direction * step;
          const values = currentValues({ all: true });
          const min = boundNumber(declaration, row, row.min, values);
          const max = boundNumber(declaration, row, row.max, values);
          if (min !== null) next = Math.max(next, min);
          if (max !== null) next = Math.min(next, max);
          input.value = String(next);
          input.dispatchEvent(new Event("input", { bubbles: true }));
        };
        const less = document.createElement("button");
        less.type = "button";
        less.textContent = "−";
        less.setAttribute("aria-label", `${say("form.decrease", "Decrease")} ${t(row.labelKey)}`);
        less.addEventListener("click", () => stepBy(-1));
        const more = document.createElement("button");
        more.type = "button";
        more.textContent = "+";
        more.setAttribute("aria-label", `${say("form.increase", "Increase")} ${t(row.labelKey)}`);
        more.addEventListener("click", () => stepBy(1));
        element.append(label, less, input, more, error);
        return {
          row,
          element,
          controls: [input, less, more],
          error,
          read: () => {
            const text = input.value.trim();
            if (text === "") return undefined;
            const number = Number(text);
            return Number.isInteger(number) ? number : text;
          },
          write: (value) => (input.value = value === undefined || value === null ? "" : String(value)),
        };
      }
      case "money": {
        const input = describe(document.createElement("input"));
        input.type = "number";
        input.id = id;
        input.inputMode = "decimal";
        input.step = toMajorUnits(1, fractionDigits);
        const unit = document.createElement("span");
        unit.className = "free-form-currency";
        unit.textContent = currency ?? "";
        element.append(label, input, unit, error);
        return {
          row,
          element,
          controls: [input],
          error,
          read: () => {
            const text = input.value.trim();
            if (text === "") return undefined;
            const amount = toMinorUnits(text, fractionDigits);
            return { amount: amount ?? text, currency };
          },
          write: (value) => (input.value = value && Number.isInteger(value.amount) ? toMajorUnits(value.amount, fractionDigits) : ""),
        };
      }
      default: {
        const input = describe(document.createElement(row.kind === "textarea" ? "textarea" : "input"));
        input.id = id;
        if (row.kind !== "textarea") {
          input.type = { email: "email", phone: "tel", date: "date", dateTime: "datetime-local" }[row.kind] ?? "text";
        }
        if (row.kind === "email") input.autocomplete = "email";
        if (row.kind === "phone") input.autocomplete = "tel";
        if (row.maxLength !== undefined) input.maxLength = row.maxLength;
        element.append(label, input, error);
        const isTime = row.kind === "date" || row.kind === "dateTime";
        return {
          row,
          element,
          controls: [input],
          error,
          read: () => (isTime && input.value === "" ? undefined : input.value),
          write: (value) => {
            const text = value === undefined || value === null ? "" : String(value);
            // A datetime-local input takes the wall clock only: no seconds, no offset.
            input.value = row.kind === "dateTime" && wallMinute(text) !== null ? isoWallMinute(wallMinute(text)) : text;
          },
        };
      }
    }
  }

  /** Values as the controls hold them now: of the rows that show, or with `all`, of every row. */
  function currentValues({ all = false } = {}) {
    const read = {};
    for (const [key, field] of fields) {
      const value = field.read();
      if (value !== undefined) read[key] = value;
    }
    if (all) return read;
    const shown = {};
    for (const [key, value] of Object.entries(read)) {
      if (isRowVisible(declaration, fields.get(key).row, read)) shown[key] = value;
    }
    return shown;
  }

  /** Shows and hides rows, and sets each bounded control's `min` and `max`, for the values now. */
  function refresh() {
    const values = currentValues({ all: true });
    for (const field of fields.values()) {
      const { row } = field;
      field.element.hidden = !isRowVisible(declaration, row, values);
      if (!["date", "dateTime", "stepper", "money"].includes(row.kind)) continue;
      const input = field.controls[0];
      for (const which of ["min", "max"]) {
        const attribute = boundAttribute(declaration, row, which, values, { fractionDigits });
        if (attribute === null) input.removeAttribute(which);
        else input.setAttribute(which, String(attribute));
      }
    }
  }

  function showError(field, message) {
    field.error.textContent = message ?? "";
    field.error.hidden = !message;
    for (const control of field.controls) {
      if (message) control.setAttribute("aria-invalid", "true");
      else control.removeAttribute("aria-invalid");
    }
  }

  /** Shows each error under its row (`{field: message}`; `amount.amount` goes under `amount`). */
  function setErrors(errors = {}) {
    for (const field of fields.values()) showError(field, null);
    const stray = [];
    for (const [key, message] of Object.entries(errors)) {
      const rowKey = rowKeyOfField(declaration, key);
      const field = rowKey === null ? undefined : fields.get(rowKey);
      if (field) showError(field, field.error.hidden ? message : `${field.error.textContent} ${message}`);
      else stray.push(message);
    }
    formError.textContent = stray.join(" ");
    formError.hidden = stray.length === 0;
  }

  function setValues(next = {}) {
    for (const [key, value] of Object.entries(next)) fields.get(key)?.write(value);
    refresh();
  }

  /** The `{field: message}` of a refusal: the API's `{error: {field, message}}`, or a thrown one. */
  function errorsOf(failure) {
    const detail = failure?.error ?? failure?.body?.error ?? failure;
    const message = detail?.message ?? String(failure);
    return { [detail?.field ?? ""]: message };
  }

  form.addEventListener("input", (event) => {
    const key = event.target.closest?.(".free-form-row")?.dataset.key;
    if (key && fields.has(key)) showError(fields.get(key), null);
    refresh();
  });
  form.addEventListener("change", refresh);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const shown = currentValues();
    const { problems } = checkValues(declaration, shown, "ignore");
    const worded = ({ message, reason, params }) => (reason && refusal(reason, params)) || message;
    const errors = Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, worded(problem)]));
    setErrors(errors);
    if (Object.keys(errors).length > 0 || !onSubmit) return;
    submit.disabled = true;
    try {
      // Blank text is sent as "" so that an edit can clear a note.
      await onSubmit(shown);
    } catch (failure) {
      // The controls keep what was typed; only the errors change.
      setErrors(errorsOf(failure));
    } finally {
      submit.disabled = false;
    }
  });

  setValues(values);
  return { element: form, values: () => currentValues(), setErrors, setValues };
}
