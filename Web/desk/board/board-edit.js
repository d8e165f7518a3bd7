// Editing on the board with a finger, a mouse or the keyboard.
//
// - Drag a booking to move it (another room or staff member, another date or time); drag its edges
//   to change its length; drag on empty space to make a new one. Snapped to a night or 15 minutes.
// - With a mouse a drag starts when the pointer moves; on touch it starts after a long press, so a
//   plain swipe still scrolls the board.
// - While dragging, the engine's preview says where the booking would land and what is in the way;
//   on release the server decides. A refused drop snaps back with the server's reason.
// - Every accepted edit can be undone and redone (sent to the server again).

import { roomTypeChangeNote } from "../stays/room-type-change.js";

const LONG_PRESS_MS = 450;
const MOVE_SLOP = 6;
const EDGE = 10;
const NEW_ITEM_ID = 2_000_000_000;

export class BoardEditor {
  constructor(screen) {
    this.screen = screen;
    this.container = screen.container;
    this.timeline = screen.timeline;
    this.drag = null;
    this.undoStack = [];
    this.redoStack = [];
    this.suppressClick = false;
    this._down = (event) => this.pointerDown(event);
    this._move = (event) => this.pointerMove(event);
    this._up = (event) => this.pointerUp(event);
    this._cancel = () => this.cancel();
    this._touchMove = (event) => {
      if (this.drag?.active) event.preventDefault();
    };
    this.container.addEventListener("pointerdown", this._down);
    this.container.addEventListener("pointermove", this._move);
    this.container.addEventListener("pointerup", this._up);
    this.container.addEventListener("pointercancel", this._cancel);
    this.container.addEventListener("touchmove", this._touchMove, { passive: false });
    this.ghost = document.createElement("div");
    this.ghost.className = "board-ghost";
    this.ghost.setAttribute("aria-hidden", "true");
  }

  destroy() {
    this.cancel();
    this.container.removeEventListener("pointerdown", this._down);
    this.container.removeEventListener("pointermove", this._move);
    this.container.removeEventListener("pointerup", this._up);
    this.container.removeEventListener("pointercancel", this._cancel);
    this.container.removeEventListener("touchmove", this._touchMove);
  }

  /** True once after a drag ended, so that the click the browser sends after it is not a tap. */
  consumeClick() {
    const was = this.suppressClick;
    this.suppressClick = false;
    return was;
  }

  get canEdit() {
    return this.screen.desk.canEdit;
  }

  hit(event) {
    const point = this.screen.board.contentPoint(event.clientX, event.clientY);
    const hit = this.timeline.hitTest(point.x, point.y, {
      scrollX: this.container.scrollLeft, scrollY: this.container.scrollTop, step: this.screen.data.step,
    });
    return { ...hit, x: point.x, y: point.y };
  }

  // MARK: pointer

  pointerDown(event) {
    if (!this.canEdit || event.button > 0 || this.drag) return;
    if (event.target.closest(".board-row-header, .board-column-header, .board-corner, .board-group-toggle")) return;
    const hit = this.hit(event);
    if (hit.regionName !== "body" || hit.rowId === -1) return;
    const data = this.screen.data;
    const bar = event.target.closest(".board-bar");
    const itemId = bar ? Number(bar.dataset.id) : hit.itemId;
    let mode = "create";
    let item = null;
    if (itemId >= 0) {
      item = data.items.get(itemId);
      if (!item || !data.editable(item)) return;
      const placed = this.timeline.item(itemId);
      mode = hit.x - placed.x < EDGE ? "start" : placed.x + placed.width - hit.x < EDGE ? "end" : "move";
    } else if (!data.acceptsRow(hit.rowId)) {
      return;
    }
    this.drag = {
      pointerId: event.pointerId, mode, item, origin: hit, startX: event.clientX, startY: event.clientY,
      touch: event.pointerType === "touch", active: false, target: null, timer: 0,
    };
    if (this.drag.touch) {
      this.drag.timer = setTimeout(() => this.activate(), LONG_PRESS_MS);
    }
  }

  activate() {
    const drag = this.drag;
    if (!drag || drag.active) return;
    drag.active = true;
    try {
      this.container.setPointerCapture(drag.pointerId);
    } catch {
      // the pointer may already be gone
    }
    this.container.classList.add("is-dragging");
    navigator.vibrate?.(10);
    if (drag.mode === "create") {
      const step = this.screen.data.step;
      const start = this.screen.hotel ? drag.origin.cell : drag.origin.cell;
      drag.item = { id: NEW_ITEM_ID, rowId: drag.origin.rowId, start, end: start + step, style: 0, name: "" };
      this.timeline.insert(drag.item);
      this.screen.data.items.set(NEW_ITEM_ID, drag.item);
      this.screen.board.layoutChanged();
    }
    this.container.querySelector(".board-bars")?.append(this.ghost);
    this.update(drag.origin);
  }

  pointerMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    const moved = Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY);
    if (!drag.active) {
      if (moved < MOVE_SLOP) return;
      // On touch, moving before the long press is a scroll: let the browser have it.
      if (drag.touch) {
        this.cancel();
        return;
      }
      this.activate();
    }
    event.preventDefault();
    this.update(this.hit(event));
  }

  /** Where the dragged booking would go for the pointer over `hit`, drawn as the ghost. */
  update(hit) {
    const drag = this.drag;
    const data = this.screen.data;
    const item = drag.item;
    const step = data.step;
    const delta = (this.screen.hotel ? hit.cell - drag.origin.cell : hit.boundary - drag.origin.boundary) || 0;
    let { rowId, start, end } = item;
    if (drag.mode === "move") {
      if (hit.rowId !== -1 && data.acceptsRow(hit.rowId, item)) rowId = hit.rowId;
      start += delta;
      end += delta;
    } else if (drag.mode === "start") {
      start = Math.min(item.start + delta, item.end - step);
    } else if (drag.mode === "end") {
      end = Math.max(item.end + delta, item.start + step);
    } else {
      // creating: from the pressed cell to the one under the pointer, either way
      const a = drag.origin.cell;
      const b = this.screen.hotel ? hit.cell : hit.boundary;
      start = Math.min(a, b);
      end = Math.max(a + step, this.screen.hotel ? b + 1 : b);
    }
    drag.target = { rowId, start, end };
    const preview = this.timeline.preview(item.id, rowId, start, end);
    const ghost = this.ghost;
    ghost.style.transform = `translate(${preview.x}px, ${preview.y}px)`;
    ghost.style.width = `${preview.width}px`;
    ghost.style.height = `${preview.height}px`;
    const conflicts = preview.conflicts.filter((id) => id !== NEW_ITEM_ID);
    ghost.classList.toggle("is-conflict", conflicts.length > 0);
    drag.conflicts = conflicts;
    const i18n = this.screen.desk.i18n;
    const when = this.screen.hotel
      ? `${i18n.dayMonth(start)} → ${i18n.dayMonth(end)}`
      : `${this.screen.clock(start)}–${this.screen.clock(end)}`;
    ghost.textContent = `${data.rowName(rowId)} · ${when}`;
    ghost.dataset.conflicts = conflicts.join(",");
  }

  async pointerUp(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    clearTimeout(drag.timer);
    if (!drag.active) {
      this.drag = null;
      return;
    }
    this.suppressClick = true;
    setTimeout(() => (this.suppressClick = false), 400);
    const target = drag.target;
    this.finishDrag();
    if (drag.mode === "create") {
      this.removeNewItem();
      if (target) await this.create(target);
      return;
    }
    const item = drag.item;
    if (!target || (target.rowId === item.rowId && target.start === item.start && target.end === item.end)) return;
    await this.change(item, target, { record: true });
  }

  cancel() {
    const drag = this.drag;
    if (!drag) return;
    clearTimeout(drag.timer);
    if (drag.active) {
      this.finishDrag();
      if (drag.mode === "create") this.removeNewItem();
    }
    this.drag = null;
  }

  finishDrag() {
    this.ghost.remove();
    this.container.classList.remove("is-dragging");
    this.drag = null;
  }

  removeNewItem() {
    if (this.screen.data.items.has(NEW_ITEM_ID)) {
      this.timeline.remove(NEW_ITEM_ID);
      this.screen.data.items.delete(NEW_ITEM_ID);
      this.screen.board.layoutChanged();
    }
  }

  // MARK: changes

  /**
   * Moves or resizes a booking: drawn at once, then sent; refused, it goes back where it was and
   * the server's reason is shown.
   */
  async change(item, target, { record }) {
    const screen = this.screen;
    const before = { rowId: item.rowId, start: item.start, end: item.end };
    const entityId = item.stayId;
    try {
      this.timeline.move(item.id, target.rowId, target.start, target.end);
      Object.assign(item, target);
      screen.board.layoutChanged();
    } catch (error) {
      screen.say(error.message);
      return false;
    }
    try {
      const entity = await screen.data.commit({ ...item, ...before }, target);
      screen.applyEntity(entity);
      if (record) {
        this.undoStack.push({ entityId, before, after: target });
        this.redoStack = [];
        this.updateButtons();
      }
      // A guest in house moves from today on, as "Move room" does: the board says so.
      const movedInHouse = entity?.state === "checked_in" && target.rowId !== before.rowId && entity.segments?.length > 1;
      // A room of another type than booked: the price difference is said, the price kept.
      const note = [movedInHouse ? screen.t("board.movedFromToday") : "", roomTypeChangeNote(entity?.roomTypeChange, screen.desk.i18n)]
        .filter(Boolean).join(" ");
      screen.say(note || screen.t("board.saved"));
      if (note) screen.desk.toast(note);
      return true;
    } catch (error) {
      // Back where it was: the server's copy stands.
      if (screen.data.items.has(item.id)) {
        this.timeline.move(item.id, before.rowId, before.start, before.end);
        Object.assign(item, before);
        screen.board.layoutChanged();
      }
      screen.say(`${screen.t("board.refused")} ${error.message}`);
      screen.status.dataset.refused = "true";
      screen.desk.toast(error.message, "error");
      return false;
    }
  }

  async create(target) {
    const screen = this.screen;
    await screen.panel.askNew(target, async (details) => {
      const entity = await screen.data.create(target, details);
      screen.applyEntity(entity, details.name);
      screen.say(screen.t("board.created"));
    });
  }

  /** The keyboard's move: `dx` steps along time, `dy` rows; with `resize` the end moves instead. */
  async nudge(item, dx, dy, resize) {
    if (!this.canEdit || !this.screen.data.editable(item)) return;
    const data = this.screen.data;
    const step = data.step;
    const target = { rowId: item.rowId, start: item.start, end: item.end };
    if (resize) {
      target.end = Math.max(item.start + step, item.end + dx * step);
    } else if (dx) {
      target.start += dx * step;
      target.end += dx * step;
    } else {
      const rows = data.rows.filter((r) => data.acceptsRow(r.id, item)).map((r) => r.id);
      const index = rows.indexOf(item.rowId);
      const next = rows[index + dy];
      if (next === undefined) return;
      target.rowId = next;
    }
    const id = item.id;
    await this.change(item, target, { record: true });
    const now = data.items.get(id) ?? data.itemsOfEntity(item.stayId)[0];
    if (now) this.screen.focusItem(now);
  }

  async undo() {
    const edit = this.undoStack.pop();
    if (!edit) return;
    const item = this.screen.data.itemsOfEntity(edit.entityId)[0];
    if (item && (await this.change(item, edit.before, { record: false }))) this.redoStack.push(edit);
    else if (!item) this.undoStack.length = 0;
    this.updateButtons();
  }

  async redo() {
    const edit = this.redoStack.pop();
    if (!edit) return;
    const item = this.screen.data.itemsOfEntity(edit.entityId)[0];
    if (item && (await this.change(item, edit.after, { record: false }))) this.undoStack.push(edit);
    this.updateButtons();
  }

  clearHistory() {
    this.undoStack = [];
    this.redoStack = [];
    this.updateButtons();
  }

  updateButtons() {
    this.screen.undoButton.disabled = this.undoStack.length === 0;
    this.screen.redoButton.disabled = this.redoStack.length === 0;
  }
}
