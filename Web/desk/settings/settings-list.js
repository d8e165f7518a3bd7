// A property's list of like things a manager keeps in Settings (its taxes, its rate plans): one
// fieldset each, Add and Remove, and Save sending the whole list in one PUT whose answer redraws it.
// Others see the list with every control disabled.

import { call, errorText } from "../api.js";
import { h, fill } from "../../common/dom.js";

/**
 * @param {object} desk the app (`i18n`, `property`, `role`, `toast`)
 * @param {object} list
 * @param {string} list.name the section's name and the body's key (`taxes`, `plans`)
 * @param {string} list.prefix the words' prefix and the controls' ids (`tax`: `tax.add`, `tax-0-name`)
 * @param {string} list.path where the list is PUT
 * @param {object[]} list.items the stored list
 * @param {object} list.blank what Add starts from
 * @param {(item: object, field: Function) => { controls: HTMLElement[], value: () => object, shape?: Function }} list.row
 *   one item's controls, each made a labelled row by `field(key, control)`
 * @param {string} list.hint the word under the title for a manager
 * @returns {HTMLElement} the section
 */
export function listSection(desk, { name, prefix, path, items, blank, row, hint }) {
  const { t } = desk.i18n;
  const manager = desk.may("managing");
  const list = h("div", { class: `settings-${name}` });
  const message = h("p", { class: "desk-form-error", role: "alert", id: `settings-${name}-error` });
  const rows = [];
  let made = 0;

  function entry(item) {
    const n = made++;
    const field = (key, control) => {
      control.id = `${prefix}-${n}-${key}`;
      return h("div", { class: "free-form-row", dataset: { field: key } }, h("label", { for: control.id, text: t(`${prefix}.${key}`) }), control);
    };
    const built = row(item, field);
    const remove = h("button", {
      type: "button", class: "desk-button is-quiet", text: t(`${prefix}.remove`),
      "aria-label": `${t(`${prefix}.remove`)}: ${item.name ?? ""}`,
      onclick: () => {
        fieldset.remove();
        rows.splice(rows.indexOf(built), 1);
      },
    });
    const fieldset = h(
      "fieldset",
      { class: `free-form-section settings-${prefix}` },
      h("legend", { text: t(`${prefix}.legend`) }),
      ...built.controls,
      h("div", { class: "desk-row" }, remove),
    );
    built.shape?.(fieldset);
    for (const control of fieldset.querySelectorAll("input, select, button")) control.disabled = !manager;
    rows.push(built);
    return fieldset;
  }

  const add = h("button", {
    type: "button", class: "desk-button", id: `settings-${prefix}-add`, text: t(`${prefix}.add`), disabled: !manager,
    onclick: () => {
      list.append(entry({ ...blank }));
      list.lastElementChild.querySelector("input").focus();
    },
  });
  const save = h("button", { type: "submit", class: "desk-button is-primary", id: `settings-${name}-save`, text: t(`${prefix}.save`), disabled: !manager });
  const redraw = (stored) => {
    rows.length = 0;
    made = 0;
    fill(list, stored.map(entry));
  };
  redraw(items);
  const form = h(
    "form",
    {
      class: "free-form",
      onsubmit: async (event) => {
        event.preventDefault();
        message.textContent = "";
        save.disabled = true;
        try {
          const { data } = await call("PUT", path, { body: { [name]: rows.map((r) => r.value()) } });
          redraw(data[name]);
          desk.toast(t("done.saved"));
        } catch (error) {
          message.textContent = errorText(error, t);
        } finally {
          save.disabled = !manager;
        }
      },
    },
    list,
    h("div", { class: "desk-row" }, add, save),
    message,
  );
  return h(
    "section",
    { class: "settings-section", "aria-labelledby": `settings-${name}` },
    h("h2", { id: `settings-${name}`, text: t(`settings.${name}`) }),
    h("p", { class: "desk-hint", text: t(manager ? hint : "settings.managerOnly") }),
    form,
  );
}
