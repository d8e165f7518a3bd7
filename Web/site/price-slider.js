// The price filter of the guest booking site: a histogram of nightly prices over a two-thumb slider. Browsers'
// range input has one thumb, so this draws its own: two sliders on one track that may meet but never cross,
// the bars outside the chosen range dimmed, and the number of places in range counted while the thumb moves.

import { h, fill } from "../common/dom.js";

/** Bars narrower than this merge with their neighbours, so a narrow phone still shows a readable histogram. */
const MIN_BAR_WIDTH = 6;

const DEFAULT_LABELS = {
  group: "Price range",
  low: "Minimum price",
  high: "Maximum price",
  histogram: "Nightly prices",
  empty: "No prices to filter by",
  count: (n) => (n === 1 ? "1 place" : `${n} places`),
};

/**
 * @typedef {{ from: number, to: number, count: number }} Bucket Prices in minor units; `from` inclusive, `to`
 *   exclusive except in the last bucket.
 * @typedef {{ min: number, max: number, step: number, low: number, high: number }} SliderState
 * @typedef {"low" | "high"} Thumb
 */

// MARK: - pure functions

/**
 * The number of places with at least one nightly price in [low, high], both ends included.
 * - Complexity: O(n) in the number of prices.
 * @param {number[][]} places each place's nightly prices
 * @param {number} low
 * @param {number} high
 * @returns {number}
 */
export function placesInRange(places, low, high) {
  let count = 0;
  for (const prices of places) {
    if (prices.some((price) => price >= low && price <= high)) count += 1;
  }
  return count;
}

/**
 * How much of a bucket's span on the price axis lies inside [low, high]: 0 (the bar is dimmed), 1 (full colour),
 * or in between (the bar is dimmed in proportion). It follows what the eye sees on the track, so a bar that only
 * touches the selected segment at one edge counts as outside. A bucket of a single price (`from === to`) is 1 when
 * that price is in range and 0 otherwise.
 * @param {Bucket} bucket
 * @param {number} low
 * @param {number} high
 * @returns {number} from 0 to 1
 */
export function bucketShare(bucket, low, high) {
  const { from, to } = bucket;
  if (to <= from) return from >= low && from <= high ? 1 : 0;
  const inside = Math.min(to, high) - Math.max(from, low);
  return clamp(inside / (to - from), 0, 1);
}

/**
 * The allowed value nearest to `value`: the track's two ends and the multiples of `step` between them, so
 * prices in the middle read round (฿1,200, not ฿1,187) while the ends still reach the cheapest and dearest offer.
 * @param {number} value
 * @param {number} min
 * @param {number} max
 * @param {number} step greater than 0
 * @returns {number}
 */
export function snap(value, min, max, step) {
  if (value <= min) return min;
  if (value >= max) return max;
  const grid = clamp(Math.round(value / step) * step, min, max);
  return [min, max].reduce((nearest, end) => (Math.abs(end - value) < Math.abs(nearest - value) ? end : nearest), grid);
}

/**
 * The value at a fraction of the track, snapped (see `snap`); fractions outside 0...1 are clamped.
 * @param {number} fraction 0 at the left end, 1 at the right
 * @param {number} min
 * @param {number} max
 * @param {number} step
 * @returns {number}
 */
export function valueAt(fraction, min, max, step) {
  return snap(min + clamp(fraction, 0, 1) * (max - min), min, max, step);
}

/**
 * Where a value sits on the track, from 0 to 1; 0 when the track has no length (min === max).
 * @param {number} value
 * @param {number} min
 * @param {number} max
 * @returns {number}
 */
export function fractionOf(value, min, max) {
  if (max <= min) return 0;
  return clamp((value - min) / (max - min), 0, 1);
}

/**
 * The state with one thumb moved to `value`. Thumbs may meet (a range of one price) but never cross: the low
 * thumb stays in [min, high] and the high thumb in [low, max]. The value is taken as given; snap it first.
 * @param {SliderState} state
 * @param {Thumb} which
 * @param {number} value
 * @returns {SliderState} a new state
 */
export function moveThumb(state, which, value) {
  if (which === "low") return { ...state, low: clamp(value, state.min, state.high) };
  return { ...state, high: clamp(value, state.low, state.max) };
}

/**
 * The thumb a press on the track at `value` moves: the nearer one; below both the low one, above both the high
 * one; exactly halfway, the low one.
 * @param {SliderState} state
 * @param {number} value
 * @returns {Thumb}
 */
export function nearerThumb(state, value) {
  return value - state.low <= state.high - value ? "low" : "high";
}

/**
 * What PageUp and PageDown move by: a tenth of the track, rounded to the step, and at least one step.
 * @param {number} min
 * @param {number} max
 * @param {number} step
 * @returns {number}
 */
export function pageStep(min, max, step) {
  return Math.max(step, Math.round((max - min) / 10 / step) * step);
}

/**
 * Where a key sends a thumb now at `value`, before `moveThumb` keeps it off the other thumb; null for keys the
 * slider leaves alone. Arrows move one step to the next allowed value, PageUp and PageDown a tenth of the track
 * (`pageStep`), Home and End to the track's ends (so, after `moveThumb`, to the end that thumb may take).
 * @param {string} key a KeyboardEvent's `key`
 * @param {number} value
 * @param {{ min: number, max: number, step: number }} bounds
 * @returns {number | null}
 */
export function valueForKey(key, value, { min, max, step }) {
  switch (key) {
    case "ArrowRight":
    case "ArrowUp":
      return Math.min(max, (Math.floor(value / step) + 1) * step);
    case "ArrowLeft":
    case "ArrowDown":
      return Math.max(min, (Math.ceil(value / step) - 1) * step);
    case "PageUp":
      return snap(value + pageStep(min, max, step), min, max, step);
    case "PageDown":
      return snap(value - pageStep(min, max, step), min, max, step);
    case "Home":
      return min;
    case "End":
      return max;
    default:
      return null;
  }
}

/**
 * The state for new bounds and a wanted range: each end snapped, the low end set first, the high end kept at or
 * above it.
 * @param {{ min: number, max: number, step: number }} bounds
 * @param {number} low
 * @param {number} high
 * @returns {SliderState}
 */
export function rangeState(bounds, low, high) {
  const { min, max, step } = bounds;
  const open = { min, max, step, low: min, high: max };
  return moveThumb(moveThumb(open, "low", snap(low, min, max, step)), "high", snap(high, min, max, step));
}

/**
 * The state after new data: a thumb that sat at its end of the old track stays at its end of the new one (the
 * guest had not limited that side); a thumb elsewhere keeps its price, within the new track.
 * @param {SliderState | null} previous
 * @param {{ min: number, max: number, step: number }} bounds
 * @returns {SliderState}
 */
export function carryRange(previous, bounds) {
  if (!previous) return rangeState(bounds, bounds.min, bounds.max);
  const low = previous.low <= previous.min ? bounds.min : previous.low;
  const high = previous.high >= previous.max ? bounds.max : previous.high;
  return rangeState(bounds, low, high);
}

/**
 * Buckets merged into at most `maxBars` bars, neighbours summed in equal groups (the last group may be shorter).
 * @param {Bucket[]} buckets
 * @param {number} maxBars at least 1
 * @returns {Bucket[]}
 */
export function mergeBuckets(buckets, maxBars) {
  if (buckets.length <= maxBars) return buckets;
  const size = Math.ceil(buckets.length / Math.max(1, maxBars));
  const bars = [];
  for (let start = 0; start < buckets.length; start += size) {
    const group = buckets.slice(start, start + size);
    const count = group.reduce((sum, bucket) => sum + bucket.count, 0);
    bars.push({ from: group[0].from, to: group[group.length - 1].to, count });
  }
  return bars;
}

function clamp(value, low, high) {
  return Math.min(high, Math.max(low, value));
}

// MARK: - the component

/**
 * A price-range control: histogram, track and two thumbs (`role="slider"` each), the two prices and the number
 * of places in range. It takes its container's width. Setting data or a value from code calls neither callback.
 * @param {object} options
 * @param {Bucket[]} options.buckets equal-width slices from the lowest to the highest price, ascending
 * @param {number[][]} options.places each place's nightly prices, for the count
 * @param {number} [options.step] the price grid, in minor units (default 1)
 * @param {(minor: number) => string} [options.format] a price for people to read
 * @param {{ group?: string, low?: string, high?: string, histogram?: string, empty?: string,
 *   count?: (n: number) => string }} [options.labels]
 * @param {{ low?: number, high?: number }} [options.value] the starting range (default: the whole track)
 * @param {(value: { low: number, high: number, count: number }) => void} [options.onInput] while a thumb moves
 * @param {(value: { low: number, high: number, count: number }) => void} [options.onChange] when a drag ends or a
 *   key is released, if the range changed
 * @returns {{ element: HTMLElement, setData: Function, setValue: Function, value: Function, destroy: Function }}
 */
export function createPriceSlider({
  buckets = [],
  places = [],
  step = 1,
  format = String,
  labels = {},
  value: initial,
  onInput,
  onChange,
}) {
  const text = { ...DEFAULT_LABELS, ...labels };
  let data = { buckets, places, step };
  /** @type {SliderState | null} null while there are no prices */
  let state = null;
  let bars = [];
  let barLimit = Infinity;
  /** A pointer drag: `which` is null while two stacked thumbs wait for the first move to say which one. */
  let drag = null;
  /** The range when a run of key presses began, for onChange on release. */
  let keyStart = null;

  const histogram = h("div", { class: "ps-histogram", role: "img", "aria-label": text.histogram });
  const selected = h("div", { class: "ps-selected" });
  const thumbs = { low: thumb("low", text.low), high: thumb("high", text.high) };
  const track = h("div", { class: "ps-track" }, selected, thumbs.low, thumbs.high);
  const rail = h(
    "div",
    {
      class: "ps-rail",
      onpointerdown: startDrag,
      onpointermove: continueDrag,
      onpointerup: endDrag,
      onpointercancel: cancelDrag,
      onlostpointercapture: endDrag,
    },
    track,
  );
  const count = h("p", { class: "ps-count", "aria-live": "polite" });
  const prices = { low: h("output", { class: "ps-price-value" }), high: h("output", { class: "ps-price-value" }) };
  const readout = h(
    "div",
    { class: "ps-prices" },
    h("div", { class: "ps-price is-low" }, h("span", { class: "ps-price-label", text: text.low }), prices.low),
    h("div", { class: "ps-price is-high" }, h("span", { class: "ps-price-label", text: text.high }), prices.high),
  );
  const empty = h("p", { class: "ps-empty", text: text.empty });
  const element = h("div", { class: "ps", role: "group", "aria-label": text.group });

  // The histogram's width decides how many bars fit; the thumbs and segment are placed in percentages.
  const resizeObserver = new ResizeObserver(([entry]) => {
    const limit = Math.max(1, Math.floor(entry.contentRect.width / MIN_BAR_WIDTH));
    if (limit === barLimit) return;
    barLimit = limit;
    drawBars();
  });
  resizeObserver.observe(histogram);

  function thumb(which, label) {
    return h("div", {
      class: `ps-thumb is-${which}`, role: "slider", tabindex: "0", "aria-label": label,
      "aria-orientation": "horizontal", dataset: { thumb: which },
      onkeydown: (event) => pressKey(event, which), onkeyup: releaseKeys, onblur: releaseKeys,
    });
  }

  function load(next, wanted) {
    data = { ...next, step: next.step > 0 ? next.step : 1 };
    if (data.buckets.length === 0) {
      state = null;
      fill(element, empty);
      element.classList.add("is-empty");
      return;
    }
    const bounds = { min: data.buckets[0].from, max: data.buckets[data.buckets.length - 1].to, step: data.step };
    state = wanted
      ? rangeState(bounds, wanted.low ?? bounds.min, wanted.high ?? bounds.max)
      : carryRange(state, bounds);
    element.classList.remove("is-empty");
    fill(element, count, histogram, rail, readout);
    drawBars();
  }

  function drawBars() {
    if (!state) return;
    const merged = mergeBuckets(data.buckets, barLimit);
    const tallest = Math.max(1, ...merged.map((bucket) => bucket.count));
    bars = merged.map((bucket) => {
      const left = position(bucket.from, 0);
      const width = position(bucket.to, 1) - left;
      // A bar with offers stays visible next to a much taller one.
      const height = bucket.count > 0 ? `max(2px, ${(bucket.count / tallest) * 100}%)` : "0";
      const node = h("div", { class: "ps-bar", style: { left: percent(left), width: percent(width), height } });
      return { bucket, node };
    });
    fill(histogram, bars.map((bar) => bar.node));
    render();
  }

  /** Where a price sits on the track; on a track of one price, at `endWhenFlat` (low thumb left, high right). */
  function position(price, endWhenFlat) {
    return state.max > state.min ? fractionOf(price, state.min, state.max) : endWhenFlat;
  }

  function render() {
    const { low, high, min, max } = state;
    const lowAt = position(low, 0);
    const highAt = position(high, 1);
    thumbs.low.style.left = percent(lowAt);
    thumbs.high.style.left = percent(highAt);
    selected.style.left = percent(lowAt);
    selected.style.width = percent(highAt - lowAt);
    describe(thumbs.low, low, min, high);
    describe(thumbs.high, high, low, max);
    prices.low.textContent = format(low);
    prices.high.textContent = format(high);
    count.textContent = text.count(placesInRange(data.places, low, high));
    for (const { bucket, node } of bars) {
      const share = bucketShare(bucket, low, high);
      node.style.setProperty("--ps-share", String(share));
      node.classList.toggle("is-out", share === 0);
    }
  }

  function describe(node, now, min, max) {
    node.setAttribute("aria-valuemin", String(min));
    node.setAttribute("aria-valuemax", String(max));
    node.setAttribute("aria-valuenow", String(now));
    node.setAttribute("aria-valuetext", format(now));
  }

  function current() {
    if (!state) return { low: null, high: null, count: 0 };
    return { low: state.low, high: state.high, count: placesInRange(data.places, state.low, state.high) };
  }

  function update(next) {
    if (next.low === state.low && next.high === state.high) return;
    state = next;
    render();
    onInput?.(current());
  }

  function finish(start) {
    if (state && (start.low !== state.low || start.high !== state.high)) onChange?.(current());
  }

  function raise(which) {
    // The thumb last touched sits on top, so two thumbs that meet can still be told apart.
    thumbs.low.classList.toggle("is-active", which === "low");
    thumbs.high.classList.toggle("is-active", which === "high");
  }

  // MARK: pointer

  function trackFraction(clientX) {
    const box = track.getBoundingClientRect();
    return box.width > 0 ? (clientX - box.left) / box.width : 0;
  }

  function startDrag(event) {
    if (!state || drag || event.button !== 0) return;
    const pressed = event.target.closest(".ps-thumb");
    const at = trackFraction(event.clientX);
    // Grabbing a thumb off-centre keeps that offset, so the thumb does not jump under the finger.
    const offset = pressed ? at - position(state[pressed.dataset.thumb], pressed.dataset.thumb === "low" ? 0 : 1) : 0;
    const value = valueAt(at - offset, state.min, state.max, state.step);
    const stacked = state.low === state.high && value === state.low;
    const which = stacked ? null : (pressed?.dataset.thumb ?? nearerThumb(state, value));
    drag = { pointerId: event.pointerId, which, offset, start: { low: state.low, high: state.high } };
    event.preventDefault();
    rail.setPointerCapture(event.pointerId);
    (which ? thumbs[which] : pressed ?? thumbs.low).focus({ preventScroll: true });
    if (which) {
      raise(which);
      update(moveThumb(state, which, value));
    }
  }

  function continueDrag(event) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const value = valueAt(trackFraction(event.clientX) - drag.offset, state.min, state.max, state.step);
    if (!drag.which) {
      if (value === state.low) return;
      drag.which = value < state.low ? "low" : "high";
      raise(drag.which);
      thumbs[drag.which].focus({ preventScroll: true });
    }
    update(moveThumb(state, drag.which, value));
  }

  function endDrag(event) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const { start } = drag;
    drag = null;
    finish(start);
  }

  function cancelDrag(event) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    // The browser took the touch for scrolling: undo what the press did.
    const { start } = drag;
    drag = null;
    update({ ...state, low: start.low, high: start.high });
  }

  // MARK: keyboard

  function pressKey(event, which) {
    if (!state) return;
    const target = valueForKey(event.key, state[which], state);
    if (target === null) return;
    event.preventDefault();
    keyStart ??= { low: state.low, high: state.high };
    raise(which);
    update(moveThumb(state, which, target));
  }

  function releaseKeys() {
    if (!keyStart) return;
    const start = keyStart;
    keyStart = null;
    finish(start);
  }

  load(data, initial);

  return {
    element,
    /** New search results; a thumb at its end stays at the end, others keep their price where they can. */
    setData({ buckets: nextBuckets = data.buckets, places: nextPlaces = data.places, step: nextStep = data.step }) {
      load({ buckets: nextBuckets, places: nextPlaces, step: nextStep });
    },
    /** Moves both thumbs (snapped, kept in order); calls neither onInput nor onChange. */
    setValue({ low, high }) {
      if (!state) return;
      state = rangeState(state, low ?? state.low, high ?? state.high);
      render();
    },
    /** The range and the number of places in it; low and high are null while there are no prices. */
    value: current,
    destroy() {
      resizeObserver.disconnect();
      const pointerId = drag?.pointerId;
      drag = null;
      if (pointerId !== undefined && rail.hasPointerCapture(pointerId)) rail.releasePointerCapture(pointerId);
      element.remove();
    },
  };
}

function percent(fraction) {
  return `${fraction * 100}%`;
}
