// Housekeeping: the morning's list of rooms by floor, each with its status, who cleans it and what
// the day holds for it (a departure, an arrival, a guest staying on, out of service). A housekeeper
// marks a room clean from a phone; a supervisor marks it inspected; the desk assigns rooms and takes
// one out of service for some nights. Every open desk follows on the live stream.

import { call, errorText, get, pressing } from "../api.js";
import { h, fill } from "../../common/dom.js";
import { textLength } from "../../common/limits.js";
import { isoDay, dayNumber } from "../../common/dates.js";

const STATUSES = ["dirty", "clean", "inspected"];
const MARK = { clean: "housekeeping.markClean", inspected: "housekeeping.markInspected", dirty: "housekeeping.markDirty" };

export async function mount(main, desk, route) {
  const { t } = desk.i18n;
  const i18n = desk.i18n;
  const property = desk.property;
  let show = route.params.get("show") ?? "all";
  let list = null;

  const filter = h("select", { id: "housekeeping-show", "aria-label": t("housekeeping.show") });
  const summary = h("p", { class: "housekeeping-summary", role: "status", "aria-live": "polite" });
  const message = h("p", { class: "desk-form-error", role: "alert" });
  const floors = h("div", { class: "housekeeping-floors" });
  const names = h("datalist", { id: "housekeeping-names" });
  fill(
    main,
    h(
      "div",
      { class: "housekeeping" },
      h(
        "div",
        { class: "desk-toolbar" },
        h("h1", { text: t("housekeeping.title") }),
        h("label", { for: "housekeeping-show", text: t("housekeeping.show") }),
        filter,
        summary,
      ),
      message,
      floors,
      names,
    ),
  );
  filter.addEventListener("change", () => {
    show = filter.value;
    history.replaceState(null, "", `#/housekeeping${show === "all" ? "" : `?show=${encodeURIComponent(show)}`}`);
    draw();
  });

  async function load() {
    try {
      list = await get(`/api/v1/properties/${property.id}/housekeeping`);
      message.textContent = "";
      draw();
    } catch (error) {
      message.textContent = errorText(error, t);
    }
  }

  function shown(line) {
    if (show === "all") return true;
    if (show === "dirty") return line.room.housekeeping === "dirty" && !line.block;
    if (show === "out_of_service") return Boolean(line.block);
    return line.room.housekeeper === show.replace(/^by:/, "");
  }

  function draw() {
    const lines = list.rooms;
    const count = (test) => lines.filter(test).length;
    summary.textContent = t("housekeeping.summary", {
      dirty: count((l) => !l.block && l.room.housekeeping === "dirty"),
      clean: count((l) => !l.block && l.room.housekeeping === "clean"),
      inspected: count((l) => !l.block && l.room.housekeeping === "inspected"),
      blocked: count((l) => l.block),
    });
    const housekeepers = [...new Set(lines.map((l) => l.room.housekeeper).filter(Boolean))].sort();
    fill(names, housekeepers.map((name) => h("option", { value: name })));
    fill(
      filter,
      h("option", { value: "all", text: t("housekeeping.all") }),
      h("option", { value: "dirty", text: t("housekeeping.toClean") }),
      h("option", { value: "out_of_service", text: i18n.state("out_of_service") }),
      housekeepers.map((name) => h("option", { value: `by:${name}`, text: `${t("housekeeping.mine")} ${name}` })),
    );
    filter.value = show;
    if (filter.value !== show) filter.value = show = "all";
    const byFloor = new Map();
    for (const line of lines.filter(shown)) {
      if (!byFloor.has(line.room.floor)) byFloor.set(line.room.floor, []);
      byFloor.get(line.room.floor).push(line);
    }
    if (byFloor.size === 0) {
      fill(floors, h("p", { class: "desk-empty", text: t("housekeeping.none") }));
      return;
    }
    fill(
      floors,
      [...byFloor].map(([floor, rooms]) => {
        const heading = h("h2", { id: `floor-${floor}`, text: t("housekeeping.floor", { floor }) });
        return h("section", { class: "housekeeping-floor", "aria-labelledby": heading.id }, heading, h("ul", { class: "housekeeping-rooms" }, rooms.map(card)));
      }),
    );
  }

  /** One room: its state at a glance, the next steps, and who cleans it. */
  function card(line) {
    const { room, block } = line;
    const label = t("housekeeping.room", { number: room.number });
    const status = block ? "out_of_service" : room.housekeeping;
    const error = h("p", { class: "desk-form-error", role: "alert" });
    const tags = h(
      "p",
      { class: "housekeeping-tags" },
      h("span", { class: "housekeeping-status", dataset: { housekeeping: status }, text: t(`housekeeping.${status}`) }),
      line.departure ? h("span", { class: "housekeeping-tag is-departure", text: t("housekeeping.departure") }) : null,
      line.arrival ? h("span", { class: "housekeeping-tag is-arrival", text: t("housekeeping.arrival") }) : null,
      h("span", { class: "housekeeping-tag", text: t(line.occupied ? "housekeeping.occupied" : "housekeeping.vacant") }),
    );
    const actions = h("div", { class: "desk-row housekeeping-actions" });
    if (desk.canKeepHouse && !block) {
      for (const next of STATUSES.filter((s) => s !== room.housekeeping)) {
        actions.append(
          h("button", {
            type: "button", class: `desk-button${next === "dirty" ? "" : " is-primary"}`, text: t(MARK[next]),
            onclick: (event) => update(event.currentTarget, error, room, { status: next }),
          }),
        );
      }
    }
    if (desk.canKeepHouse) {
      actions.append(
        block
          ? h("button", { type: "button", class: "desk-button", text: t("block.return"), onclick: (event) => returnToService(event.currentTarget, error, room, block) })
          : h("button", { type: "button", class: "desk-button is-quiet", "aria-expanded": "false", text: t("block.open"), onclick: (event) => openBlockForm(event.currentTarget, item, room) }),
      );
    }
    const assignee = h("input", {
      type: "text", value: room.housekeeper, list: "housekeeping-names", ...textLength("housekeeping.housekeeper"), autocomplete: "off",
      placeholder: t("housekeeping.nobody"), "aria-label": `${t("housekeeping.housekeeper")}, ${label}`,
      disabled: !desk.canKeepHouse,
    });
    assignee.addEventListener("change", () => update(assignee, error, room, { housekeeper: assignee.value.trim() }));
    const item = h(
      "li",
      { class: "housekeeping-room", "aria-label": label, dataset: { roomId: String(room.id), housekeeping: status } },
      h("div", { class: "housekeeping-head" }, h("strong", { class: "housekeeping-number", text: room.number }), h("span", { class: "housekeeping-type", text: property.word(line.roomType) })),
      tags,
      block ? h("p", { class: "housekeeping-block", text: t("block.until", { date: i18n.date(dayNumber(block.to)), reason: block.reason }) }) : null,
      h("label", { class: "housekeeping-assign" }, h("span", { text: t("housekeeping.housekeeper") }), assignee),
      actions,
      error,
    );
    return item;
  }

  function update(control, error, room, body) {
    return pressing(control, error, t, async () => {
      const { data } = await call("PATCH", `/api/v1/rooms/${room.id}/housekeeping`, { body });
      Object.assign(room, data);
      desk.toast(
        body.status
          ? t("housekeeping.marked", { number: room.number, status: t(`housekeeping.${data.housekeeping}`) })
          : t("housekeeping.assigned", { number: room.number, name: data.housekeeper || t("housekeeping.nobody") }),
      );
      draw();
    });
  }

  function returnToService(button, error, room, block) {
    return pressing(button, error, t, async () => {
      await call("POST", `/api/v1/room-blocks/${block.id}/return`);
      desk.toast(t("block.returned", { room: room.number }));
      await load();
    });
  }

  /** The form that takes a room out of service: from, until and why. */
  function openBlockForm(button, item, room) {
    const open = item.querySelector(".housekeeping-block-form");
    if (open) {
      open.remove();
      button.setAttribute("aria-expanded", "false");
      return;
    }
    button.setAttribute("aria-expanded", "true");
    const today = dayNumber(list.date);
    const field = (key, input) => h("label", {}, h("span", { text: t(key) }), input);
    const from = h("input", { type: "date", name: "from", required: true, min: list.date, value: list.date });
    const to = h("input", { type: "date", name: "to", required: true, min: isoDay(today + 1), value: isoDay(today + 1) });
    const reason = h("input", { type: "text", name: "reason", required: true, ...textLength("housekeeping.reason"), autocomplete: "off" });
    const error = h("p", { class: "desk-form-error", role: "alert" });
    const save = h("button", { type: "submit", class: "desk-button is-primary", text: t("block.save") });
    const form = h(
      "form",
      { class: "desk-form housekeeping-block-form", "aria-label": `${t("block.open")} ${t("housekeeping.room", { number: room.number })}` },
      field("block.from", from), field("block.to", to), field("block.reason", reason), h("div", { class: "desk-row" }, save), error,
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      await pressing(save, error, t, async () => {
        await call("POST", `/api/v1/rooms/${room.id}/blocks`, { body: { from: from.value, to: to.value, reason: reason.value.trim() } });
        desk.toast(t("block.created", { room: room.number }));
        await load();
      });
    });
    item.append(form);
    reason.focus();
  }

  await load();
  // Another desk's change (a check-out, a room marked clean, a block) reads the list again, once per burst.
  let timer = 0;
  const refresh = () => {
    clearTimeout(timer);
    timer = setTimeout(load, 150);
  };
  const unsubscribe = desk.live.subscribe({
    event: (event) => {
      if (/^(room|block|stays?)\./.test(event.kind)) refresh();
    },
    reload: refresh,
  });
  return {
    unmount() {
      clearTimeout(timer);
      unsubscribe();
    },
  };
}
