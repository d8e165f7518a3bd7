// The desk through a network drop. `Outbox` knows whether the server can be reached (a request that
// cannot reach it, then a probe of `/healthz` every two seconds until one can), and keeps the changes
// made meanwhile: each is stored in this browser (so a reload loses nothing) with the
// `Idempotency-Key` it is sent with, shown in a visible queue, and sent in order once the server
// answers again. The server then accepts or refuses each as usual; a refused one stays in the queue
// with its reason until the person at the desk dismisses it, and the key makes a change that did
// reach the server before the drop count once.

import { call, newIdempotencyKey, unreachable } from "./api.js";
import { h, fill } from "../common/dom.js";

const STORE_KEY = "frontdesk.outbox";
const PROBE_MS = 2000;
const IDLE_PROBES = 5;

export class Outbox extends EventTarget {
  constructor(storage = globalThis.localStorage) {
    super();
    this.storage = storage;
    this.online = true;
    this.sending = false;
    this.items = this._load();
    // Every 2 s while away or while changes wait; otherwise every 10 s, so that a drop is shown even
    // on a screen that sends nothing (its reads may come from the offline cache).
    let ticks = 0;
    this._timer = setInterval(() => {
      ticks++;
      if (!this.online || this.waiting().length || ticks % IDLE_PROBES === 0) this.probe();
    }, PROBE_MS);
    globalThis.addEventListener?.("online", () => this.probe());
    globalThis.addEventListener?.("offline", () => this._setOnline(false));
    // Changes kept from before a reload are sent as soon as the server answers; otherwise the desk asks once
    // its first screen is drawn (a page the service worker opened may not know it is away), so that the
    // first screen asks for nothing but its data.
    if (this.waiting().length) queueMicrotask(() => this.probe());
  }

  /** The changes not sent yet, oldest first. */
  waiting() {
    return this.items.filter((item) => item.state === "waiting");
  }

  refused() {
    return this.items.filter((item) => item.state === "refused");
  }

  /**
   * Sends a change now, or keeps it for later when the server cannot be reached (or others wait
   * before it): resolves to the answer, or to `{ queued: item }`. A refusal throws as `call` does.
   * `label` names the change in the queue; `stayId` lets a stay's page show what waits for it.
   */
  async send(method, path, { body, version, label, stayId } = {}) {
    const item = { key: newIdempotencyKey(), method, path, body, version, label, stayId, at: Date.now(), state: "waiting" };
    if (this.online && this.waiting().length === 0) {
      try {
        return await call(method, path, { body, version, idempotencyKey: item.key });
      } catch (error) {
        if (!unreachable(error)) throw error;
        this._setOnline(false);
      }
    }
    this.items.push(item);
    this._changed();
    return { queued: item };
  }

  /** Asks the server whether it is there; when it is, sends what waits. */
  async probe() {
    try {
      const response = await fetch("/healthz", { cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
    } catch {
      this._setOnline(false);
      return;
    }
    this._setOnline(true);
    await this.flush();
  }

  /** Sends the waiting changes in order, each with its key; stops at the first that cannot reach the server. */
  async flush() {
    if (this.sending) return;
    this.sending = true;
    try {
      for (const item of this.waiting()) {
        try {
          const answer = await call(item.method, item.path, { body: item.body, version: item.version, idempotencyKey: item.key });
          this.items = this.items.filter((other) => other !== item);
          this._changed();
          this.dispatchEvent(new CustomEvent("sent", { detail: { item, answer } }));
        } catch (error) {
          if (unreachable(error)) {
            this._setOnline(false);
            break;
          }
          item.state = "refused";
          item.error = { message: error.message, code: error.code, field: error.field, status: error.status };
          this._changed();
          this.dispatchEvent(new CustomEvent("refused", { detail: { item, error } }));
        }
      }
    } finally {
      this.sending = false;
    }
  }

  /** Takes a refused change off the queue, once it has been read. */
  dismiss(item) {
    this.items = this.items.filter((other) => other.key !== item.key);
    this._changed();
  }

  _setOnline(online) {
    if (this.online === online) return;
    this.online = online;
    this.dispatchEvent(new CustomEvent(online ? "online" : "offline"));
    this.dispatchEvent(new CustomEvent("change"));
  }

  _changed() {
    try {
      this.storage?.setItem(STORE_KEY, JSON.stringify(this.items));
    } catch {
      // A full or blocked storage keeps the queue for this page's life.
    }
    this.dispatchEvent(new CustomEvent("change"));
  }

  _load() {
    try {
      const items = JSON.parse(this.storage?.getItem(STORE_KEY) ?? "[]");
      return Array.isArray(items) ? items : [];
    } catch {
      return [];
    }
  }
}

/** Where a queued change stands, in words: waiting, or refused with the server's reason. */
export function itemState(item, t) {
  return item.state === "refused" ? `${t("offline.refusedOne")}: ${item.error?.message ?? ""}` : t("offline.waitingOne");
}

/**
 * The bar's word on the network: nothing while all is well; "Offline" while the server cannot be
 * reached; how many changes wait or were refused, opening the list of them (each refused one with
 * the server's reason and Dismiss).
 */
export function networkIndicator(outbox, { t, toast, signal }) {
  const button = h("button", { type: "button", id: "desk-network", class: "desk-button desk-network", hidden: true, "aria-expanded": "false", "aria-controls": "desk-outbox" });
  const list = h("div", { id: "desk-outbox", class: "desk-outbox", hidden: true, role: "region", "aria-label": t("offline.queue") });
  const holder = h("div", { class: "desk-network-holder" }, button, list);

  function draw() {
    const waiting = outbox.waiting();
    const refused = outbox.refused();
    const parts = [];
    if (!outbox.online) parts.push(t("offline.offline"));
    if (waiting.length) parts.push(t("offline.waiting", { count: waiting.length }));
    if (refused.length) parts.push(t("offline.refused", { count: refused.length }));
    button.hidden = parts.length === 0;
    // Short in the bar (the word Offline and a count), whole in its name and tooltip.
    const count = waiting.length + refused.length;
    fill(button, outbox.online ? "" : t("offline.offline"), count ? h("span", { class: "desk-count", text: String(count) }) : null);
    button.title = parts.join(" · ");
    button.setAttribute("aria-label", parts.join(" · "));
    button.classList.toggle("is-offline", !outbox.online);
    button.classList.toggle("is-refused", refused.length > 0);
    holder.closest(".desk-bar")?.classList.toggle("has-network", parts.length > 0);
    if (parts.length === 0) list.hidden = true;
    button.setAttribute("aria-expanded", String(!list.hidden));
    fill(
      list,
      h("p", { class: "desk-outbox-title", text: outbox.online ? t("offline.queue") : t("offline.explain") }),
      outbox.items.length
        ? h(
            "ul",
            {},
            outbox.items.map((item) =>
              h(
                "li",
                { class: `is-${item.state}`, dataset: { key: item.key } },
                h("span", { text: item.label ?? `${item.method} ${item.path}` }),
                h("span", { class: "desk-outbox-state", text: itemState(item, t) }),
                item.state === "refused"
                  ? h("button", { type: "button", class: "desk-button is-quiet", text: t("offline.dismiss"), onclick: () => outbox.dismiss(item) })
                  : null,
              ),
            ),
          )
        : null,
    );
  }

  button.addEventListener("click", () => {
    list.hidden = !list.hidden;
    draw();
  });
  // The bar is drawn again on a change of language or property: `signal` ends these listeners then.
  outbox.addEventListener("change", draw, { signal });
  outbox.addEventListener("online", () => toast(t("offline.back")), { signal });
  outbox.addEventListener("sent", (event) => toast(t("offline.sent", { label: event.detail.item.label ?? "" })), { signal });
  outbox.addEventListener(
    "refused",
    (event) => {
      list.hidden = false;
      toast(t("offline.refusedToast", { label: event.detail.item.label ?? "" }), "error");
      draw();
    },
    { signal },
  );
  draw();
  return holder;
}
