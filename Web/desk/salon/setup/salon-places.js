// The salon's own part of its set-up, in three forms that each send the salon's one PUT
// (`{openingHours, resources, window}`) with their own edits and the rest as last answered: its opening
// hours, its resources (chairs, rooms, machines, and how many), and its window for online booking.

import { h } from "../../../common/dom.js";
import { bound, numberRange, textLength } from "../../../common/limits.js";
import { hoursEditor } from "./salon-hours.js";
import { durationInput, labelled } from "./salon-setup-form.js";

/** The salon's PUT with `part` (`openingHours`, `resources` or `window`) as edited, the rest as stored. */
export function salonPut(desk, part, value, setup) {
  const { openingHours, resources, window } = setup;
  return { path: `/api/v1/properties/${desk.property.id}/salon`, body: { openingHours, resources, window, [part]: value } };
}

/** Opening hours: each weekday's ranges, and dated exceptions (a holiday, a short day). */
export function drawOpeningHours(desk) {
  const { t } = desk.i18n;
  return (setup) => {
    const editor = hoursEditor(desk.i18n, setup.openingHours, { closed: t("setup.closed"), name: t("setup.salon") });
    return { ...editor, errorAt: (field) => editor.errorAt(field.replace(/^openingHours\./, "")) };
  };
}

/** One resource's name and count, each with its refusal's place, and Remove; `n` numbers it on the page. */
function resourceRow(t, resource, n, remove) {
  const name = h("input", { type: "text", ...textLength("resource.name"), autocomplete: "off", value: resource.name ?? "" });
  const count = h("input", { type: "number", ...numberRange("resource.count"), step: "1", value: String(resource.count ?? 1) });
  const named = labelled(t("setup.resourceName", { n }), name);
  const counted = labelled(t("setup.resourceCount", { n }), count);
  const entry = { id: resource.id, name, named, counted };
  const button = h("button", {
    type: "button", class: "desk-button is-quiet", text: t("setup.removeResource"), "aria-label": t("setup.removeResourceOf", { n }),
    onclick: () => remove(entry),
  });
  entry.element = h("div", { class: "setup-resource" }, named.element, counted.element, button);
  entry.value = () => ({ id: resource.id, name: name.value.trim(), count: count.value === "" ? null : Number(count.value) });
  return entry;
}

/** Resources: a name and how many each; Add and Remove. A new one takes the next free number. */
export function drawResources(desk) {
  const { t } = desk.i18n;
  return (setup) => {
    const list = h("div", { class: "setup-resources" });
    const rows = [];
    let made = 0;
    const remove = (entry) => {
      rows.splice(rows.indexOf(entry), 1);
      entry.element.remove();
    };
    const append = (resource) => {
      rows.push(resourceRow(t, resource, ++made, remove));
      list.append(rows.at(-1).element);
    };
    setup.resources.forEach(append);
    const add = h("button", {
      type: "button", class: "desk-button", text: t("setup.addResource"),
      onclick: () => {
        append({ id: Math.max(0, ...setup.resources.map((r) => r.id), ...rows.map((r) => r.id)) + 1, name: "", count: 1 });
        rows.at(-1).name.focus();
      },
    });
    return {
      element: h("div", {}, list, add),
      value: () => rows.map((r) => r.value()),
      errorAt(field) {
        // `resources[1].count` is the second sent's count; its name takes the rest.
        const [, index, which] = field.match(/^resources\[(\d+)\]\.?(\w*)/) ?? [];
        const entry = rows[Number(index)];
        if (!entry) return null;
        return which === "count" ? entry.counted.error : entry.named.error;
      },
    };
  };
}

/** The window for online booking: notice, days ahead, the start-time grid and the cancellation notice. */
export function drawWindow(desk) {
  const { t } = desk.i18n;
  return (setup) => {
    const window = setup.window;
    const notice = durationInput(t, window.minimumNoticeMinutes, t("setup.minimumNotice"));
    const cancel = durationInput(t, window.cancelNoticeMinutes, t("setup.cancelNotice"));
    const days = h("input", { type: "number", ...numberRange("booking.daysAhead"), step: "1", value: String(window.daysAhead) });
    const grid = h(
      "select",
      {},
      bound("booking.gridMinutes").choices.map((minutes) => h("option", { value: String(minutes), selected: minutes === window.gridMinutes, text: t("setup.everyMinutes", { minutes }) })),
    );
    const fields = {
      minimumNoticeMinutes: labelled(t("setup.minimumNotice"), notice.element),
      daysAhead: labelled(t("setup.daysAhead"), days),
      gridMinutes: labelled(t("setup.grid"), grid),
      cancelNoticeMinutes: labelled(t("setup.cancelNotice"), cancel.element),
    };
    return {
      element: h("div", { class: "setup-window" }, Object.values(fields).map((f) => f.element)),
      value: () => ({
        minimumNoticeMinutes: notice.value(),
        daysAhead: days.value === "" ? null : Number(days.value),
        gridMinutes: Number(grid.value),
        cancelNoticeMinutes: cancel.value(),
      }),
      errorAt: (field) => fields[field.replace(/^window\./, "")]?.error ?? null,
    };
  };
}
