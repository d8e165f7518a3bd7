// The place's own texts in the other languages (Settings): its summary, amenities, room types, fees,
// taxes and services, each as entered with a field per language. A manager words them; guests and
// staff reading a language then see them so (the guest site asks the server in its language, the desk
// words them with the property). Others read them.

import { call, errorText, get } from "../api.js";
import { h } from "../../common/dom.js";
import { textLength } from "../../common/limits.js";
import { LANGUAGES } from "../../common/i18n.js";

/**
 * @param {object} desk the app (`i18n`, `property`, `user`, `toast`, `wordProperty`)
 * @returns {Promise<HTMLElement>} the section
 */
export async function textsSection(desk) {
  const { t } = desk.i18n;
  const property = desk.property;
  const manager = desk.may("managing");
  const { texts } = await get(`/api/v1/properties/${property.id}/texts`);
  const message = h("p", { class: "desk-form-error", role: "alert", id: "settings-texts-error" });
  /** @type {{source: string, inputs: Map<string, HTMLInputElement | HTMLTextAreaElement>}[]} */
  const entries = texts.map((text, index) => {
    const inputs = new Map();
    const rows = LANGUAGES.map(({ code, name }) => {
      const id = `settings-text-${index}-${code}`;
      const input = text.kind === "summary"
        ? h("textarea", { id, rows: 3, ...textLength("translation.summary") })
        : h("input", { id, type: "text", ...textLength("translation.name"), autocomplete: "off" });
      input.value = text.wordings[code] ?? "";
      input.lang = code;
      input.placeholder = text.source;
      input.disabled = !manager;
      inputs.set(code, input);
      return h("div", { class: `free-form-row${text.kind === "summary" ? " is-wide" : ""}` }, h("label", { for: id, text: name }), input);
    });
    const fieldset = h("fieldset", { class: "free-form-section settings-text", dataset: { kind: text.kind } },
      h("legend", {}, h("span", { class: "settings-text-kind", text: t(`settings.text.${text.kind}`) }), h("span", { text: text.source })),
      h("div", { class: "settings-wordings" }, rows));
    return { source: text.source, inputs, fieldset };
  });
  const save = h("button", { type: "submit", class: "desk-button is-primary", text: t("settings.saveTexts"), disabled: !manager });
  const form = h("form", {
    class: "free-form settings-texts", "aria-labelledby": "settings-texts",
    onsubmit: async (event) => {
      event.preventDefault();
      message.textContent = "";
      const body = {
        texts: entries.map(({ source, inputs }) => ({
          source, wordings: Object.fromEntries([...inputs].map(([code, input]) => [code, input.value.trim()]).filter(([, text]) => text)),
        })).filter((entry) => Object.keys(entry.wordings).length),
      };
      save.disabled = true;
      try {
        const { data } = await call("PUT", `/api/v1/properties/${property.id}/texts`, { body });
        property.translations = Object.fromEntries(data.texts.filter((text) => Object.keys(text.wordings).length).map((text) => [text.source, text.wordings]));
        desk.wordProperty();
        desk.toast(t("done.saved"));
      } catch (error) {
        message.textContent = errorText(error, t);
        // A refusal names the field (`texts[3].th`): the entry sent third is the one to correct.
        const [, at, code] = String(error.field ?? "").match(/^texts\[(\d+)\]\.(\w+)$/) ?? [];
        const sent = body.texts[Number(at)];
        entries.find((entry) => entry.source === sent?.source)?.inputs.get(code)?.focus();
      } finally {
        save.disabled = !manager;
      }
    },
  }, entries.length ? entries.map((entry) => entry.fieldset) : h("p", { class: "desk-hint", text: t("settings.noTexts") }), message, entries.length ? save : null);
  return h(
    "section",
    { class: "settings-section", "aria-labelledby": "settings-texts" },
    h("h2", { id: "settings-texts", text: t("settings.texts") }),
    h("p", { class: "desk-hint", text: t(manager ? "settings.textsHint" : "settings.managerOnly") }),
    form,
  );
}
