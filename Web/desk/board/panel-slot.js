// The booking panel's place beside the board, drawn with the board, and its code (board-panel.js, with the
// forms it draws: a stay's, an appointment's, its customer, its series, its checkout), which the board's
// first screen does not wait for: it is asked for once the board has painted (`preload`), or by the first
// tap on a booking or drag to create one, whichever comes first.

import { h } from "../../common/dom.js";

let code = null;
let retries = 0;

/** board-panel.js, asked for once (again, under a new address, after a failed fetch). */
function panelCode() {
  code ??= globalThis.frontdeskEarly.load(import.meta.resolve("./board-panel.js"), retries).catch((error) => {
    code = null;
    retries++;
    throw error;
  });
  return code;
}

export class PanelSlot {
  constructor(screen) {
    this.screen = screen;
    this.element = h("aside", { class: "desk-panel board-panel", id: "board-panel", hidden: true, "aria-labelledby": "board-panel-title" });
    this.panel = null;
    /** What was last asked of the panel before its code came: only that is done once it has. */
    this.asked = null;
  }

  /** Asks for the panel's code ahead of the first tap. */
  preload() {
    panelCode().catch(() => {});
  }

  /** The panel, once its code has come; null when what was asked has been overtaken meanwhile. */
  async open(asked) {
    this.asked = asked;
    if (this.panel) return this.panel;
    try {
      const { BookingPanel } = await panelCode();
      this.panel ??= new BookingPanel(this.screen, this.element);
    } catch (error) {
      console.error(error);
      if (this.asked === asked) this.screen.desk.toast(this.screen.t("error.network"), "error");
      return null;
    }
    return this.asked === asked ? this.panel : null;
  }

  /** Shows a booking (or a room out of service); `quiet` leaves the keyboard focus where it is. */
  async show(item, options) {
    (await this.open(item))?.show(item, options);
  }

  /**
   * The form for a booking made by a drag on empty space: the details typed, or null when cancelled (or
   * when the form's code cannot be fetched).
   */
  async askNew(target, save) {
    return (await this.open(target))?.askNew(target, save) ?? null;
  }

  close() {
    this.asked = null;
    this.panel?.close();
  }

  /** Shows the booking again as the board now has it (board-panel.js); nothing while none is shown. */
  refresh(entityId) {
    this.panel?.refresh(entityId);
  }
}
