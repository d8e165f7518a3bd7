// Web/timeline.js over Web/timeline.wasm: replays fixtures the native engine writes, and pins the
// JavaScript API's behaviour. Run with `node --test Tests/Web/`.
// Env: TIMELINE_WASM (default Web/timeline.wasm), FRONTDESK_BIN (the native executable, for fixtures).

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadTimeline, TimelineError, COLUMN_FLAG, ROW_FLAG } from "../../Web/timeline.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const wasmPath = resolve(root, process.env.TIMELINE_WASM ?? "Web/timeline.wasm");
if (!existsSync(wasmPath)) {
  throw new Error(`no wasm at ${wasmPath}: run scripts/build-wasm.sh or set TIMELINE_WASM`);
}
const wasmBytes = readFileSync(wasmPath);

/** A fresh engine: one module instance holds one board. */
const freshTimeline = () => loadTimeline(wasmBytes);

const FIRST_DAY = 20_000; // 2024-10-04, a Friday
const GROUP = 1000;

/** A small hotel: one room type header and three rooms that forbid overlap. */
async function smallHotel() {
  const timeline = await freshTimeline();
  timeline.setDayAxis({ firstDay: FIRST_DAY, dayCount: 31, columnWidth: 48, checkIn: 0.5, checkOut: 0.5 });
  timeline.setMetrics({ rowHeaderWidth: 160, columnHeaderHeight: 56, laneHeight: 36, groupHeaderHeight: 28, barInset: 4 });
  timeline.loadRows([
    { id: GROUP, kind: "group" },
    { id: 1, forbidsOverlap: true },
    { id: 2, forbidsOverlap: true },
    { id: 3, forbidsOverlap: true },
  ]);
  return timeline;
}

// MARK: - native fixtures

const FIXTURE_SEEDS = (process.env.FIXTURE_SEEDS ?? "1,2,3,42").split(",").map(Number);
// pointers differ between builds; everything else must match word for word
const POINTER_RESULTS = new Set(["tl_input", "tl_output"]);

function sameResult(call, actual) {
  if (call.result === undefined || call.result === null) return true;
  if (call.resultType === "f32") return Object.is(Math.fround(call.result), Math.fround(actual));
  return (call.result | 0) === actual;
}

for (const seed of FIXTURE_SEEDS) {
  test(`replays the native engine's fixture for seed ${seed} word for word`, async (t) => {
    const bin = process.env.FRONTDESK_BIN;
    if (!bin) {
      t.skip("FRONTDESK_BIN is not set: set it to the frontdesk executable to replay `fixture timeline` output");
      return;
    }
    const json = execFileSync(bin, ["fixture", "timeline", "--seed", String(seed)], {
      encoding: "utf8", maxBuffer: 512 * 1024 * 1024,
    });
    const { calls } = JSON.parse(json);
    assert.ok(Array.isArray(calls) && calls.length > 0, "the fixture has calls");
    const timeline = await freshTimeline();
    const exports = timeline.exports;
    calls.forEach((call, index) => {
      const where = `call ${index} ${call.fn}(${(call.args ?? []).join(", ")})`;
      assert.equal(typeof exports[call.fn], "function", `${where}: the wasm has no export ${call.fn}`);
      if (call.input?.length) timeline.writeInput(call.input);
      const result = exports[call.fn](...(call.args ?? []));
      if (!POINTER_RESULTS.has(call.fn)) {
        assert.ok(sameResult(call, result), `${where}: result ${result}, native ${call.result}`);
      }
      if (call.output) {
        const words = Array.from(timeline.outputWords());
        assert.deepEqual(words, call.output, `${where}: output words differ`);
      }
    });
  });
}

// MARK: - behaviour

test("a day axis gives columns of columnWidth after the row headers, flagged by weekday", async () => {
  const timeline = await smallHotel();
  assert.equal(timeline.contentWidth(), 160 + 31 * 48);
  const columns = timeline.queryColumns(160, 96);
  assert.deepEqual(columns.map((c) => [c.value, c.x, c.width]), [[FIRST_DAY, 160, 48], [FIRST_DAY + 1, 208, 48]]);
  assert.equal(columns[0].flags & COLUMN_FLAG.weekend, 0, "a Friday is a weekday");
  assert.ok(columns[1].flags & COLUMN_FLAG.weekend, "a Saturday is a weekend day");
});

test("months come as spans with year and month", async () => {
  const timeline = await smallHotel();
  const spans = timeline.querySpans(160, 31 * 48);
  assert.deepEqual(spans.map((s) => [s.a, s.b]), [[2024, 10], [2024, 11]]);
  assert.equal(spans[1].x, 160 + 28 * 48, "November starts 28 days after 4 October");
});

test("a stay is drawn from check-in of its arrival to check-out of its departure", async () => {
  const timeline = await smallHotel();
  timeline.loadItems([{ id: 7, rowId: 2, start: FIRST_DAY + 1, end: FIRST_DAY + 4, style: 3 }]);
  const [bar] = timeline.queryItems(160, 56, 31 * 48, 500);
  const rowTop = 56 + 28 + 36; // below the group header and room 1
  assert.deepEqual(
    { id: bar.id, rowId: bar.rowId, style: bar.style, x: bar.x, y: bar.y, width: bar.width, height: bar.height },
    { id: 7, rowId: 2, style: 3, x: 160 + 1.5 * 48, y: rowTop + 4, width: 3 * 48, height: 36 - 8 },
  );
});

test("a rect that only touches a bar's edge does not find it", async () => {
  const timeline = await smallHotel();
  timeline.loadItems([{ id: 7, rowId: 2, start: FIRST_DAY + 1, end: FIRST_DAY + 4 }]);
  const { x, y, width, height } = timeline.item(7);
  assert.equal(timeline.queryItems(x + width, y, 100, height).length, 0);
  assert.equal(timeline.queryItems(x - 100, y, 100, height).length, 0);
  assert.equal(timeline.queryItems(x + width - 1, y, 100, height).length, 1);
});

test("rows come with their group and flags", async () => {
  const timeline = await smallHotel();
  const rows = timeline.queryRows(56, 1000);
  assert.deepEqual(rows.map((r) => [r.rowId, r.kind, r.groupRowId]), [[GROUP, 1, -1], [1, 0, GROUP], [2, 0, GROUP], [3, 0, GROUP]]);
  assert.ok(rows[1].flags & ROW_FLAG.forbidsOverlap);
});

test("moving a stay takes it out of its old place and into the new one", async () => {
  const timeline = await smallHotel();
  timeline.loadItems([{ id: 7, rowId: 1, start: FIRST_DAY, end: FIRST_DAY + 2 }]);
  const before = timeline.item(7);
  timeline.move(7, 3, FIRST_DAY + 10, FIRST_DAY + 13);
  const after = timeline.item(7);
  assert.deepEqual([after.rowId, after.start, after.end], [3, FIRST_DAY + 10, FIRST_DAY + 13]);
  assert.equal(timeline.queryItems(before.x, before.y, before.width, before.height).length, 0);
  assert.deepEqual(Array.from(timeline.queryItemIds(after.x, after.y, after.width, after.height)), [7]);
});

test("overlapping stays in a room are conflicts and take two lanes", async () => {
  const timeline = await smallHotel();
  timeline.loadItems([
    { id: 1, rowId: 1, start: FIRST_DAY, end: FIRST_DAY + 3 },
    { id: 2, rowId: 1, start: FIRST_DAY + 2, end: FIRST_DAY + 5 },
    { id: 3, rowId: 1, start: FIRST_DAY + 5, end: FIRST_DAY + 6 },
  ]);
  assert.deepEqual(Array.from(timeline.conflicts()).sort(), [1, 2]);
  assert.equal(timeline.item(2).lane, 1);
  assert.ok(timeline.item(2).inConflict);
  assert.ok(!timeline.item(3).inConflict, "back-to-back stays do not conflict");
});

test("a preview names the stays in the way and commits nothing", async () => {
  const timeline = await smallHotel();
  timeline.loadItems([
    { id: 1, rowId: 1, start: FIRST_DAY, end: FIRST_DAY + 3 },
    { id: 2, rowId: 2, start: FIRST_DAY, end: FIRST_DAY + 3 },
  ]);
  const preview = timeline.preview(2, 1, FIRST_DAY + 1, FIRST_DAY + 2);
  assert.deepEqual(preview.conflicts, [1]);
  assert.equal(timeline.item(2).rowId, 2);
});

test("hit testing a bar gives its id, room and night", async () => {
  const timeline = await smallHotel();
  timeline.loadItems([{ id: 9, rowId: 3, start: FIRST_DAY + 2, end: FIRST_DAY + 5 }]);
  const bar = timeline.item(9);
  const hit = timeline.hitTest(bar.x + 10, bar.y + bar.height / 2);
  assert.deepEqual([hit.regionName, hit.itemId, hit.rowId, hit.cell], ["body", 9, 3, FIRST_DAY + 2]);
});

test("engine errors are thrown as TimelineError with the status and the id in question", async () => {
  const timeline = await smallHotel();
  assert.throws(() => timeline.move(404, 1, FIRST_DAY, FIRST_DAY + 1), (error) => {
    assert.ok(error instanceof TimelineError);
    assert.equal(error.status, 3);
    assert.equal(error.id, 404);
    assert.match(error.message, /tl_move\(404, 1, 20000, 20001\) failed: unknown item 404/);
    return true;
  });
  assert.throws(() => timeline.loadItems([{ id: 8, rowId: 77, start: FIRST_DAY, end: FIRST_DAY + 1 }]), (error) => {
    assert.equal(error.id, 77);
    return true;
  });
  assert.throws(() => timeline.insert({ id: 5, rowId: 1, start: FIRST_DAY + 2, end: FIRST_DAY + 2 }), /end not after start/);
});

test("a bad item leaves the loaded items as they were", async () => {
  const timeline = await smallHotel();
  timeline.loadItems([{ id: 1, rowId: 1, start: FIRST_DAY, end: FIRST_DAY + 3 }]);
  assert.throws(() => timeline.loadItems([{ id: 2, rowId: 1, start: FIRST_DAY, end: FIRST_DAY + 1 }, { id: 3, rowId: 99, start: FIRST_DAY, end: FIRST_DAY + 1 }]), /unknown row/);
  assert.equal(timeline.itemCount(), 1);
  assert.equal(timeline.item(1).rowId, 1);
});

test("items load from typed-array records as from objects", async () => {
  const timeline = await smallHotel();
  timeline.loadItems(new Int32Array([1, 1, FIRST_DAY, FIRST_DAY + 2, 0, 2, 2, FIRST_DAY + 1, FIRST_DAY + 4, 1]));
  assert.equal(timeline.itemCount(), 2);
  assert.deepEqual([timeline.item(2).start, timeline.item(2).style], [FIRST_DAY + 1, 1]);
});

test("replace removes, moves and adds items in one step, and refuses a bad one whole", async () => {
  const timeline = await smallHotel();
  timeline.loadItems([
    { id: 1, rowId: 1, start: FIRST_DAY, end: FIRST_DAY + 3 },
    { id: 2, rowId: 1, start: FIRST_DAY + 4, end: FIRST_DAY + 6 },
  ]);
  timeline.replace([1, 2], [{ id: 2, rowId: 3, start: FIRST_DAY + 1, end: FIRST_DAY + 2 }, { id: 7, rowId: 1, start: FIRST_DAY, end: FIRST_DAY + 1, style: 2 }]);
  assert.deepEqual([timeline.has(1), timeline.has(2), timeline.has(7)], [false, true, true]);
  assert.deepEqual([timeline.item(2).rowId, timeline.item(2).start], [3, FIRST_DAY + 1]);
  assert.equal(timeline.item(7).style, 2);
  assert.throws(() => timeline.replace([7], [{ id: 2, rowId: 1, start: FIRST_DAY, end: FIRST_DAY + 1 }]), /duplicate item id 2/);
  assert.throws(() => timeline.replace([404], []), /unknown item 404/);
  assert.deepEqual([timeline.itemCount(), timeline.has(7)], [2, true]);
});

test("collapsing a room type hides its rooms and their stays", async () => {
  const timeline = await smallHotel();
  timeline.loadItems([{ id: 1, rowId: 2, start: FIRST_DAY, end: FIRST_DAY + 3 }]);
  const height = timeline.contentHeight();
  timeline.setCollapsed(GROUP, true);
  assert.equal(timeline.contentHeight(), height - 3 * 36);
  assert.equal(timeline.queryItems(0, 0, 5000, 5000).length, 0);
  assert.ok(timeline.queryRows(0, 5000)[0].collapsed);
});

test("a minute axis flags hours outside business hours", async () => {
  const timeline = await freshTimeline();
  timeline.setMinuteAxis({ startMinute: 0, endMinute: 1440, minutesPerColumn: 60, columnWidth: 96 });
  timeline.setMetrics();
  timeline.setBusinessHours(9 * 60, 18 * 60);
  const columns = timeline.queryColumns(160, 24 * 96);
  assert.equal(columns.length, 24);
  const closed = columns.filter((c) => c.flags & COLUMN_FLAG.outsideBusinessHours).map((c) => c.value / 60);
  assert.deepEqual(closed, [0, 1, 2, 3, 4, 5, 6, 7, 8, 18, 19, 20, 21, 22, 23]);
});

test("views follow memory growth: 200,000 generated stays query correctly", async () => {
  const timeline = await freshTimeline();
  timeline.setDayAxis({ firstDay: FIRST_DAY, dayCount: 730 });
  timeline.setMetrics();
  const before = timeline.memory.buffer;
  const staleView = new Int32Array(before);
  assert.equal(timeline.generate(2000, 200_000, 42), 200_000);
  assert.notEqual(timeline.memory.buffer, before, "generating that many stays grows memory");
  assert.equal(staleView.byteLength, 0, "growth detached the old view");
  assert.equal(timeline.i32.buffer, timeline.memory.buffer, "the timeline's views are current");

  const viewport = [160 + 300 * 48, 56 + 40_000, 864, 644];
  const bars = timeline.queryItems(...viewport);
  assert.ok(bars.length > 20, `a viewport in the middle shows stays (got ${bars.length})`);
  for (const bar of bars) {
    assert.ok(bar.id >= 1 && bar.id <= 200_000, `id ${bar.id} is one of the generated stays`);
    assert.ok(bar.x < viewport[0] + viewport[2] && bar.x + bar.width > viewport[0]);
    assert.ok(bar.y < viewport[1] + viewport[3] && bar.y + bar.height > viewport[1]);
    const stored = timeline.item(bar.id);
    assert.deepEqual([stored.x, stored.y, stored.rowId], [bar.x, bar.y, bar.rowId]);
  }
  let visited = 0;
  timeline.forEachItem(...viewport, () => visited++);
  assert.equal(visited, bars.length);
});

test("reloading generated stays through loadItems keeps the board", async () => {
  const timeline = await freshTimeline();
  timeline.setDayAxis({ firstDay: FIRST_DAY, dayCount: 365 });
  timeline.setMetrics();
  timeline.generate(500, 50_000, 7);
  const all = timeline.queryItems(0, 0, timeline.contentWidth(), timeline.contentHeight());
  const records = new Int32Array(all.length * 5);
  all.forEach((bar, i) => {
    const stay = timeline.item(bar.id);
    records.set([bar.id, stay.rowId, stay.start, stay.end, stay.style], i * 5);
  });
  const height = timeline.contentHeight();
  timeline.loadItems(records);
  assert.equal(timeline.itemCount(), all.length);
  assert.equal(timeline.contentHeight(), height);
  assert.deepEqual(timeline.queryItems(160, 56, 864, 644), all.filter((b) => b.x < 1024 && b.x + b.width > 160 && b.y < 700 && b.y + b.height > 56));
});

test("writeInput lands in live memory when asking for the input buffer grows it", async () => {
  const timeline = await smallHotel();
  const count = 300_000; // 6 MB of records: more than the module's first memory
  const records = new Int32Array(count * 5);
  for (let i = 0; i < count; i++) records.set([i + 1, 1 + (i % 3), FIRST_DAY + i, FIRST_DAY + i + 1, 0], i * 5);
  const before = timeline.memory.buffer;
  timeline.writeInput(records);
  assert.notEqual(timeline.memory.buffer, before, "the input buffer grew memory");
  assert.equal(timeline.exports.tl_load_items(count), 0);
  assert.equal(timeline.itemCount(), count);
  assert.equal(timeline.item(count).start, FIRST_DAY + count - 1);
});

test("the module has every export timeline.js calls, and imports nothing", async () => {
  const timeline = await freshTimeline();
  const source = readFileSync(resolve(root, "Web/timeline.js"), "utf8");
  const used = new Set(source.match(/\btl_[a-z_]+(?=\()/g));
  assert.ok(used.size > 25);
  for (const name of used) assert.equal(typeof timeline.exports[name], "function", name);
  assert.deepEqual(WebAssembly.Module.imports(new WebAssembly.Module(wasmBytes)), []);
});

test("now is drawn at its minute within today's column", async () => {
  const timeline = await smallHotel();
  timeline.setNow(FIRST_DAY + 2, 720);
  assert.equal(timeline.nowX(), 160 + 2.5 * 48);
  assert.ok(timeline.queryColumns(160 + 2 * 48, 1)[0].flags & COLUMN_FLAG.containsNow);
  timeline.setNow(FIRST_DAY + 400, 0);
  assert.equal(timeline.nowX(), -1);
});

test("panes float with the scroll offset and leave the body", async () => {
  const timeline = await smallHotel();
  const panes = timeline.panes(300, 40, 1024, 768);
  assert.deepEqual(panes.corner, { x: 300, y: 40, width: 160, height: 56 });
  assert.deepEqual(panes.body, { x: 460, y: 96, width: 864, height: 712 });
  const flat = timeline.panes(300, 40, 1024, 768, new Float64Array(16));
  assert.deepEqual(Array.from(flat.subarray(12)), [460, 96, 864, 712]);
});
