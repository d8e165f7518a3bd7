#!/usr/bin/env node
// The timeline engine's figures in WebAssembly, through Web/timeline.js, on the same synthetic board
// and the same samples as the native bench (`frontdesk bench timeline`): tl_generate with seed 42,
// and scroll offsets and moves drawn from the same SplitMix64 sequence. Prints `name: value` lines.
//
//   node scripts/bench-wasm.mjs --rows 2000 --days 730 --stays 200000 --viewport 1024x768 [--wasm FILE]
//
// generate_ms           tl_generate: synthesis, then loading rows and stays
// layout_ms             tl_load_rows + tl_load_items of the generated board on a fresh board (records
//                       already in the input buffer), median of 5: the native bench's `load`
// query_us_median/p99   tl_query_items for the body pane at 1,000 scroll offsets
// move_us_median/p99    tl_move of 1,000 stays by +1...3 days in their room, and back (2,000 moves)
// elements_in_viewport  median of items + rows + columns intersecting the body pane
// wasm_bytes            the module's size

import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadTimeline } from "../Web/timeline.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "2000" },
    days: { type: "string", default: "730" },
    stays: { type: "string", default: "200000" },
    viewport: { type: "string", default: "1024x768" },
    samples: { type: "string", default: "1000" },
    wasm: { type: "string", default: process.env.TIMELINE_WASM ?? resolve(root, "Web/timeline.wasm") },
  },
});

const rooms = Number(values.rows);
const days = Number(values.days);
const stays = Number(values.stays);
const samples = Number(values.samples);
const [viewportWidth, viewportHeight] = values.viewport.split("x").map(Number);
if (![rooms, days, stays, samples, viewportWidth, viewportHeight].every(Number.isFinite) || rooms <= 0 || days <= 0) {
  console.error("usage: node scripts/bench-wasm.mjs --rows R --days D --stays S --viewport WxH [--samples N] [--wasm FILE]");
  process.exit(2);
}

const SEED = 42;
const FIRST_DAY = 20_000;
const AXIS = { firstDay: FIRST_DAY, dayCount: days, columnWidth: 48, checkIn: 0.5, checkOut: 0.5 };
const METRICS = { rowHeaderWidth: 160, columnHeaderHeight: 56, laneHeight: 36, groupHeaderHeight: 28, barInset: 4 };

/** SplitMix64, as Timeline's SeededGenerator, so the samples are the native bench's. */
function seededGenerator(seed) {
  const mask = (1n << 64n) - 1n;
  let state = BigInt(seed) & mask;
  const next = () => {
    state = (state + 0x9e3779b97f4a7c15n) & mask;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    return z ^ (z >> 31n);
  };
  return { below: (bound) => (bound > 0 ? Number(next() % BigInt(bound)) : 0) };
}

const now = () => process.hrtime.bigint();
const micros = (start, end) => Number(end - start) / 1000;
/** The value at a fraction of the samples, nearest rank, as the native bench takes it. */
function percentile(list, fraction) {
  if (list.length === 0) return 0;
  const sorted = Float64Array.from(list).sort();
  const rank = Math.ceil(fraction * sorted.length) - 1;
  return sorted[Math.min(Math.max(rank, 0), sorted.length - 1)];
}

const bytes = readFileSync(values.wasm);
const timeline = await loadTimeline(bytes);
const ex = timeline.exports;
timeline.setDayAxis(AXIS);
timeline.setMetrics(METRICS);

let start = now();
const generated = timeline.generate(rooms, stays, SEED);
const generateMs = micros(start, now()) / 1000;

// Read the generated board back as input records.
const width = timeline.contentWidth();
const height = timeline.contentHeight();
const rowRecords = new Int32Array(timeline.rowCount() * 3);
let rowWord = 0;
timeline.forEachRow(0, height, (rowId, rowIndex, kind, flags) => {
  rowRecords.set([rowId, kind, (flags >> 1) & 1], rowWord);
  rowWord += 3;
});
const ids = timeline.queryItemIds(0, 0, width, height);
if (rowWord !== rowRecords.length || ids.length !== generated) throw new Error("could not read the board back");
const itemRecords = new Int32Array(ids.length * 5);
for (let i = 0; i < ids.length; i++) {
  const stay = timeline.item(ids[i]);
  itemRecords.set([stay.id, stay.rowId, stay.start, stay.end, stay.style], i * 5);
}

// Layout: the whole board loaded again on a fresh instance, five times.
const layoutTimes = [];
let board = timeline;
for (let run = 0; run < 5; run++) {
  const fresh = await loadTimeline(bytes);
  fresh.setDayAxis(AXIS);
  fresh.setMetrics(METRICS);
  fresh.writeInput(rowRecords);
  let t0 = now();
  const rowStatus = fresh.exports.tl_load_rows(rowRecords.length / 3);
  let elapsed = micros(t0, now());
  fresh.writeInput(itemRecords);
  t0 = now();
  const itemStatus = fresh.exports.tl_load_items(ids.length);
  elapsed += micros(t0, now());
  if (rowStatus !== 0 || itemStatus !== 0) throw new Error(`loading gave status ${rowStatus}, ${itemStatus}`);
  layoutTimes.push(elapsed);
  board = fresh;
}
const bx = board.exports;

// V8 compiles wasm with a baseline compiler first: warm the hot paths up (native code is compiled ahead).
const panes = new Float64Array(16);
const warm = seededGenerator(7);
for (let i = 0; i < 300; i++) {
  board.panes(warm.below(width), warm.below(height), viewportWidth, viewportHeight, panes);
  bx.tl_query_items(panes[12], panes[13], panes[14], panes[15]);
  bx.tl_query_rows(panes[13], panes[15]);
  bx.tl_query_columns(panes[12], panes[14]);
  if (ids.length > 0) {
    const id = 1 + warm.below(ids.length);
    bx.tl_item(id);
    const o = board.outputWordIndex();
    const [rowId, s, e] = [board.i32[o], board.i32[o + 1], board.i32[o + 2]];
    bx.tl_move(id, rowId, s + 1, e + 1);
    bx.tl_move(id, rowId, s, e);
  }
}

const random = seededGenerator(SEED);
const maxScrollX = Math.max(width - viewportWidth, 0);
const maxScrollY = Math.max(height - viewportHeight, 0);
const queryTimes = [];
const elements = [];
for (let i = 0; i < samples; i++) {
  const scrollX = random.below(Math.trunc(maxScrollX) + 1);
  const scrollY = random.below(Math.trunc(maxScrollY) + 1);
  board.panes(scrollX, scrollY, viewportWidth, viewportHeight, panes);
  const [x, y, w, h] = [panes[12], panes[13], panes[14], panes[15]];
  const t0 = now();
  const found = bx.tl_query_items(x, y, w, h);
  const t1 = now();
  queryTimes.push(micros(t0, t1));
  elements.push(found + bx.tl_query_rows(y, h) + bx.tl_query_columns(x, w));
}

// Moves: stay ids are 1...n in generation order, as the native bench's `hotel.items` index + 1.
const moveTimes = [];
for (let i = 0; ids.length > 0 && i < samples; i++) {
  const id = 1 + random.below(ids.length);
  if (bx.tl_item(id) !== 0) throw new Error(`no stay ${id}`);
  const o = board.outputWordIndex();
  const [rowId, s, e] = [board.i32[o], board.i32[o + 1], board.i32[o + 2]];
  const shift = 1 + random.below(3);
  let t0 = now();
  const there = bx.tl_move(id, rowId, s + shift, e + shift);
  moveTimes.push(micros(t0, now()));
  t0 = now();
  const back = bx.tl_move(id, rowId, s, e);
  moveTimes.push(micros(t0, now()));
  if (there !== 0 || back !== 0) throw new Error(`tl_move(${id}) gave status ${there}, ${back}`);
}

const lines = [
  ["rows", rooms],
  ["days", days],
  ["stays", generated],
  ["viewport", `${viewportWidth}x${viewportHeight}`],
  ["generate_ms", (generateMs).toFixed(2)],
  ["layout_ms", (percentile(layoutTimes, 0.5) / 1000).toFixed(2)],
  ["query_us_median", percentile(queryTimes, 0.5).toFixed(2)],
  ["query_us_p99", percentile(queryTimes, 0.99).toFixed(2)],
  ["move_us_median", percentile(moveTimes, 0.5).toFixed(2)],
  ["move_us_p99", percentile(moveTimes, 0.99).toFixed(2)],
  ["elements_in_viewport", Math.trunc(percentile(elements, 0.5))],
  ["wasm_bytes", bytes.byteLength],
];
for (const [name, value] of lines) console.log(`${name}: ${value}`);
