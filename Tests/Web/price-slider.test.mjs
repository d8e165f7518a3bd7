// Web/site/price-slider.js without a DOM: counting places in range, dimming bars, snapping, keeping the thumbs
// apart and the keyboard's step sizes. Run with `node --test Tests/Web/`.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  bucketShare,
  carryRange,
  fractionOf,
  mergeBuckets,
  moveThumb,
  nearerThumb,
  pageStep,
  placesInRange,
  rangeState,
  snap,
  valueAt,
  valueForKey,
} from "../../Web/site/price-slider.js";

// MARK: - factories (prices in THB minor units: 100000 is ฿1,000)

const bucket = (from, to, count = 1) => ({ from, to, count });
const slider = (changes = {}) => ({ min: 95_000, max: 480_000, step: 1_000, low: 95_000, high: 480_000, ...changes });

// MARK: - placesInRange

test("a place priced exactly at either end of the range is in it", () => {
  const places = [[100_000], [200_000]];
  assert.equal(placesInRange(places, 100_000, 200_000), 2);
});

test("a place priced one unit outside either end is not in the range", () => {
  const places = [[99_999], [200_001]];
  assert.equal(placesInRange(places, 100_000, 200_000), 0);
});

test("a place counts once when any one of its room prices is in range", () => {
  const places = [[50_000, 150_000, 160_000], [300_000, 400_000], []];
  assert.equal(placesInRange(places, 100_000, 200_000), 1);
});

// MARK: - bucketShare

test("a bucket wholly inside the range is at full colour", () => {
  assert.equal(bucketShare(bucket(100_000, 110_000), 100_000, 110_000), 1);
});

test("a bucket that only touches the range at an edge is dimmed", () => {
  const touching = bucket(100_000, 110_000);
  assert.deepEqual([bucketShare(touching, 80_000, 100_000), bucketShare(touching, 110_000, 130_000)], [0, 0]);
});

test("a bucket half inside the range has a share of one half", () => {
  assert.equal(bucketShare(bucket(100_000, 110_000), 105_000, 200_000), 0.5);
});

test("a bucket of a single price is in or out by that price", () => {
  const single = bucket(120_000, 120_000);
  assert.deepEqual([bucketShare(single, 120_000, 120_000), bucketShare(single, 120_001, 130_000)], [1, 0]);
});

// MARK: - snapping, values and fractions

test("a value between the ends snaps to the nearest multiple of the step", () => {
  assert.deepEqual([snap(187_400, 95_000, 480_000, 1_000), snap(187_600, 95_000, 480_000, 1_000)], [187_000, 188_000]);
});

test("the ends stay reachable when they are not on the step's grid", () => {
  // 95_600 is nearer the end than 96_000; 479_450 nearer the end than 479_000.
  const [min, max, step] = [95_370, 479_820, 1_000];
  assert.deepEqual([snap(95_600, min, max, step), snap(479_450, min, max, step)], [min, max]);
});

test("a fraction of the track gives the snapped value there", () => {
  assert.equal(valueAt(0.5, 0, 100_000, 3_000), 51_000);
});

test("fractions beyond the track give its ends", () => {
  assert.deepEqual([valueAt(-0.2, 95_000, 480_000, 1_000), valueAt(1.3, 95_000, 480_000, 1_000)], [95_000, 480_000]);
});

test("a value on the grid survives the round trip through its fraction", () => {
  const [min, max, step] = [95_370, 479_820, 1_000];
  for (const value of [min, 96_000, 250_000, 479_000, max]) {
    assert.equal(valueAt(fractionOf(value, min, max), min, max, step), value);
  }
});

test("a fraction comes back from its value to within half a step", () => {
  const [min, max, step] = [95_000, 480_000, 1_000];
  for (const fraction of [0, 0.1, 0.333, 0.5, 0.9, 1]) {
    const back = fractionOf(valueAt(fraction, min, max, step), min, max);
    // Half a step exactly when the value lies midway between two grid points; 1e-12 absorbs rounding.
    assert.ok(Math.abs(back - fraction) <= step / 2 / (max - min) + 1e-12, `${fraction} came back as ${back}`);
  }
});

test("a track of one price puts every value at its start", () => {
  assert.equal(fractionOf(120_000, 120_000, 120_000), 0);
});

// MARK: - moveThumb

test("the low thumb pushed past the high one stops on it", () => {
  const moved = moveThumb(slider({ low: 100_000, high: 200_000 }), "low", 250_000);
  assert.deepEqual(moved, slider({ low: 200_000, high: 200_000 }));
});

test("the high thumb pushed below the low one stops on it", () => {
  const moved = moveThumb(slider({ low: 100_000, high: 200_000 }), "high", 50_000);
  assert.deepEqual(moved, slider({ low: 100_000, high: 100_000 }));
});

test("a thumb cannot leave the track", () => {
  const state = slider({ low: 150_000, high: 200_000 });
  assert.deepEqual([moveThumb(state, "low", 0).low, moveThumb(state, "high", 900_000).high], [95_000, 480_000]);
});

test("a thumb between the ends moves where it is sent", () => {
  assert.equal(moveThumb(slider(), "low", 123_000).low, 123_000);
});

test("a press on the track takes the nearer thumb, the low one when exactly halfway", () => {
  const state = slider({ low: 100_000, high: 200_000 });
  const presses = [90_000, 140_000, 150_000, 160_000, 300_000];
  assert.deepEqual(
    presses.map((value) => nearerThumb(state, value)),
    ["low", "low", "low", "high", "high"],
  );
});

// MARK: - keys

test("PageUp and PageDown move a tenth of the track rounded to the step", () => {
  assert.equal(pageStep(95_000, 480_000, 1_000), 39_000);
});

test("PageUp and PageDown move at least one step on a short track", () => {
  assert.equal(pageStep(100_000, 104_000, 1_000), 1_000);
});

test("PageUp from a value on the grid moves exactly one page", () => {
  const state = slider();
  assert.deepEqual(
    [valueForKey("PageUp", 200_000, state), valueForKey("PageDown", 200_000, state)],
    [239_000, 161_000],
  );
});

test("PageUp near the end stops at the end", () => {
  assert.equal(valueForKey("PageUp", 470_000, slider()), 480_000);
});

test("arrows move one step, onto the grid from an end that is off it", () => {
  const state = slider({ min: 95_370, max: 479_820 });
  assert.deepEqual(
    [
      valueForKey("ArrowRight", 200_000, state),
      valueForKey("ArrowLeft", 200_000, state),
      valueForKey("ArrowUp", 95_370, state),
      valueForKey("ArrowDown", 479_820, state),
    ],
    [201_000, 199_000, 96_000, 479_000],
  );
});

test("an arrow at the end of the track stays there", () => {
  const state = slider();
  const ends = [valueForKey("ArrowLeft", 95_000, state), valueForKey("ArrowRight", 480_000, state)];
  assert.deepEqual(ends, [95_000, 480_000]);
});

test("Home and End take a thumb as far as the other thumb lets it", () => {
  const state = slider({ low: 150_000, high: 200_000 });
  assert.deepEqual(
    [
      moveThumb(state, "high", valueForKey("Home", state.high, state)).high,
      moveThumb(state, "low", valueForKey("End", state.low, state)).low,
      moveThumb(state, "low", valueForKey("Home", state.low, state)).low,
    ],
    [150_000, 200_000, 95_000],
  );
});

test("Home and End send a thumb towards the track's ends", () => {
  const state = slider({ low: 150_000, high: 200_000 });
  assert.deepEqual([valueForKey("Home", 200_000, state), valueForKey("End", 150_000, state)], [95_000, 480_000]);
});

test("keys a slider does not use are left to the page", () => {
  assert.equal(valueForKey("Tab", 200_000, slider()), null);
});

// MARK: - new data and narrow histograms

test("a range asked for out of order keeps the thumbs together rather than crossed", () => {
  const state = rangeState({ min: 95_000, max: 480_000, step: 1_000 }, 300_000, 200_000);
  assert.deepEqual([state.low, state.high], [300_000, 300_000]);
});

test("after new data a thumb at its end stays at the end and one in between keeps its price", () => {
  const previous = slider({ low: 95_000, high: 250_000 });
  const next = carryRange(previous, { min: 60_000, max: 900_000, step: 1_000 });
  assert.deepEqual([next.low, next.high], [60_000, 250_000]);
});

test("after new data a price beyond the new track moves to its end", () => {
  const previous = slider({ low: 150_000, high: 250_000 });
  const next = carryRange(previous, { min: 160_000, max: 240_000, step: 1_000 });
  assert.deepEqual([next.low, next.high], [160_000, 240_000]);
});

test("buckets merge into no more bars than fit, keeping their total and span", () => {
  const buckets = [0, 1, 2, 3, 4].map((i) => bucket(i * 10, (i + 1) * 10, i + 1));
  assert.deepEqual(mergeBuckets(buckets, 2), [bucket(0, 30, 6), bucket(30, 50, 9)]);
});

test("buckets that fit are drawn as they are", () => {
  const buckets = [bucket(0, 10), bucket(10, 20)];
  assert.equal(mergeBuckets(buckets, 2), buckets);
});
