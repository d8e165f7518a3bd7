// The search results map on the guest site: our own slippy map, so the site loads no map library and
// keeps working when tiles cannot (no network in CI, a blocked tile host).
//
// Geometry is Web Mercator with 256-px tiles, in pure functions at the top (unit-tested in Node).
// The view (MapView) is a centre in zoom-0 world pixels (0..256 across the world) and a zoom that is
// fractional only during a pinch. Over it lie two layers: the tiles, <img> elements placed with
// transforms (only those in view, plus a margin of one, exist, and the previous level's tiles stay
// underneath until the new level settles), and the pins, <button>s in the results' order, so Tab
// reaches them as it reaches the list. When tiles fail, an SVG graticule (lines of latitude and
// longitude with their degrees) takes their place under the pins. The gestures move the view;
// createMap puts these together and draws once a frame. Nothing happens until the element is laid
// out with a size: constructing the map is cheap.

import { h } from "../common/dom.js";

export const TILE_SIZE = 256;
export const MAX_LATITUDE = 85.0511;

const MIN_ZOOM = 2;
const MAX_ZOOM = 18;
const FIT_MAX_ZOOM = 14;
const FIT_PADDING = 48;
// Tiles give up after this many errors before any loads, or this long without a single load.
const FAILURES_BEFORE_FALLBACK = 3;
const LOAD_TIMEOUT_MS = 3000;
// A press that moves less than this is a click or a tap, not a drag.
const DRAG_THRESHOLD_PX = 4;
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;
// Pixels of wheel travel per zoom step, and the least time between steps (trackpads send many events).
const WHEEL_STEP_PX = 50;
const WHEEL_STEP_MS = 200;
// How long the "hold Ctrl to zoom" hint stays after a plain wheel over the map.
const WHEEL_HINT_MS = 1500;
// Pixels an arrow key moves the map (a quarter of a tile); with Shift, a whole tile.
const KEY_PAN_PX = 64;
// Graticule steps in degrees; the smallest whose lines are at least GRID_SPACING_PX apart is used.
const GRID_STEPS = [90, 45, 30, 15, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005];
const GRID_SPACING_PX = 64;
const SVG_NS = "http://www.w3.org/2000/svg";

const DEFAULT_LABELS = {
  zoomIn: "Zoom in",
  zoomOut: "Zoom out",
  map: "Map of results",
  fallback: "Map tiles could not load; places are shown on a plain grid.",
  wheelHint: "Hold {key} and scroll to zoom the map",
};

/**
 * What a key pressed on the map does: a pan in screen pixels, a zoom step, or nothing.
 * @param {{key: string, shiftKey?: boolean, altKey?: boolean, ctrlKey?: boolean, metaKey?: boolean}} event
 * @returns {{pan: {dx: number, dy: number}} | {zoom: number} | null}
 */
export function mapKeyAction({ key, shiftKey = false, altKey = false, ctrlKey = false, metaKey = false }) {
  if (altKey || ctrlKey || metaKey) return null;
  const step = shiftKey ? TILE_SIZE : KEY_PAN_PX;
  // A key moves the view the way it points, so the map itself moves the other way.
  switch (key) {
    case "ArrowLeft": return { pan: { dx: step, dy: 0 } };
    case "ArrowRight": return { pan: { dx: -step, dy: 0 } };
    case "ArrowUp": return { pan: { dx: 0, dy: step } };
    case "ArrowDown": return { pan: { dx: 0, dy: -step } };
    case "+": case "=": return { zoom: 1 };
    case "-": case "_": return { zoom: -1 };
    default: return null;
  }
}

/**
 * Whether a wheel event over the map zooms it. Only with Ctrl or ⌘ held (a trackpad's pinch arrives as
 * a wheel with Ctrl): a plain wheel scrolls the page, as it does everywhere else on the page.
 * @param {{ctrlKey?: boolean, metaKey?: boolean}} event
 */
export function wheelZooms({ ctrlKey = false, metaKey = false }) {
  return ctrlKey || metaKey;
}

const clamp = (value, low, high) => Math.min(high, Math.max(low, value));
const worldSize = (zoom) => TILE_SIZE * 2 ** zoom;

// MARK: - Geometry

/**
 * World pixel of a place at a zoom (fractional zooms allowed). Latitude is clamped to ±MAX_LATITUDE;
 * longitude is not wrapped, so 190 lies in the next copy of the world.
 * @param {number} lat degrees
 * @param {number} lon degrees
 * @param {number} zoom
 * @returns {{x: number, y: number}}
 */
export function project(lat, lon, zoom) {
  const size = worldSize(zoom);
  const sine = Math.sin((clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180);
  return {
    x: ((lon + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sine) / (1 - sine)) / (4 * Math.PI)) * size,
  };
}

/**
 * The place at a world pixel, the inverse of `project`. Latitude is clamped to ±MAX_LATITUDE; an x
 * outside the world gives a longitude beyond ±180.
 * @param {number} x
 * @param {number} y
 * @param {number} zoom
 * @returns {{lat: number, lon: number}}
 */
export function unproject(x, y, zoom) {
  const size = worldSize(zoom);
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI;
  return { lat: clamp(lat, -MAX_LATITUDE, MAX_LATITUDE), lon: (x / size) * 360 - 180 };
}

/**
 * The centre and the largest integer zoom at which every point lies inside a viewport less its padding.
 * One point (or several at one place) gets `maxZoom`; none gets the whole world at `minZoom`. Points
 * more than 180° of longitude apart are framed the short way, across the antimeridian.
 * - Complexity: O(n) in the number of points.
 * @param {{lat: number, lon: number}[]} points
 * @param {number} width viewport pixels
 * @param {number} height viewport pixels
 * @param {{padding?: number, maxZoom?: number, minZoom?: number}} [options]
 * @returns {{center: {lat: number, lon: number}, zoom: number}}
 */
export function fitBounds(points, width, height, { padding = FIT_PADDING, maxZoom = FIT_MAX_ZOOM, minZoom = 0 } = {}) {
  if (points.length === 0) return { center: { lat: 0, lon: 0 }, zoom: minZoom };
  const lons = points.map((point) => point.lon);
  const across = Math.max(...lons) - Math.min(...lons) > 180;
  const world = points.map((point) => project(point.lat, across && point.lon < 0 ? point.lon + 360 : point.lon, 0));
  const xs = world.map((point) => point.x);
  const ys = world.map((point) => point.y);
  const spanX = Math.max(...xs) - Math.min(...xs);
  const spanY = Math.max(...ys) - Math.min(...ys);
  const roomX = Math.max(1, width - 2 * padding);
  const roomY = Math.max(1, height - 2 * padding);
  const fits = (zoom) => spanX * 2 ** zoom <= roomX && spanY * 2 ** zoom <= roomY;
  let zoom = maxZoom;
  while (zoom > minZoom && !fits(zoom)) zoom--;
  const center = unproject((Math.max(...xs) + Math.min(...xs)) / 2, (Math.max(...ys) + Math.min(...ys)) / 2, 0);
  return { center: { lat: center.lat, lon: normalizedLongitude(center.lon) }, zoom };
}

/**
 * The tiles covering a viewport centred on a place: `x` wrapped modulo 2^z, rows outside the world
 * skipped, `left` and `top` the tile's corner in viewport pixels, and `key` naming the copy of the
 * world it is in (two copies of one tile can be in view at low zooms).
 * - Complexity: O(tiles in view).
 * @param {{lat: number, lon: number}} center
 * @param {number} zoom an integer
 * @param {number} width viewport pixels
 * @param {number} height viewport pixels
 * @param {number} [margin] extra tiles on every side
 * @returns {{z: number, x: number, y: number, left: number, top: number, key: string}[]}
 */
export function visibleTiles(center, zoom, width, height, margin = 0) {
  const { x, y } = project(center.lat, center.lon, zoom);
  return tilesAround(x, y, zoom, width, height, margin);
}

function tilesAround(centerX, centerY, zoom, width, height, margin) {
  const count = 2 ** zoom;
  const left = centerX - width / 2;
  const top = centerY - height / 2;
  const firstColumn = Math.floor(left / TILE_SIZE) - margin;
  const lastColumn = Math.ceil((left + width) / TILE_SIZE) - 1 + margin;
  const firstRow = Math.max(0, Math.floor(top / TILE_SIZE) - margin);
  const lastRow = Math.min(count - 1, Math.ceil((top + height) / TILE_SIZE) - 1 + margin);
  const tiles = [];
  for (let row = firstRow; row <= lastRow; row++) {
    for (let column = firstColumn; column <= lastColumn; column++) {
      tiles.push({
        z: zoom, x: ((column % count) + count) % count, y: row,
        left: column * TILE_SIZE - left, top: row * TILE_SIZE - top, key: `${zoom}/${column}/${row}`,
      });
    }
  }
  return tiles;
}

/**
 * A tile's address from a template such as `https://{s}.tile.example.org/{z}/{x}/{y}.png`; `{s}` is a
 * subdomain a, b or c chosen from x + y, so neighbouring tiles load from different hosts.
 * @param {string} template
 * @param {{z: number, x: number, y: number}} tile
 * @returns {string}
 */
export function tileURL(template, { z, x, y }) {
  const values = { z, x, y, s: "abc"[(x + y) % 3] };
  return template.replace(/\{([zxys])\}/g, (_, name) => String(values[name]));
}

/**
 * The graticule's step in degrees at a zoom: the finest whose lines stay a readable distance apart.
 * @param {number} zoom
 * @returns {number}
 */
export function graticuleStep(zoom) {
  const pixelsPerDegree = worldSize(zoom) / 360;
  return GRID_STEPS.findLast((step) => step * pixelsPerDegree >= GRID_SPACING_PX) ?? GRID_STEPS[0];
}

/**
 * The lines of the fallback drawing for a viewport: meridians with their x and parallels with their y,
 * in viewport pixels, every `graticuleStep(zoom)` degrees, each with its label ("100°E", "13.5°N").
 * - Complexity: O(lines in view).
 * @param {{lat: number, lon: number}} center
 * @param {number} zoom
 * @param {number} width viewport pixels
 * @param {number} height viewport pixels
 * @returns {{step: number, meridians: {lon: number, x: number, label: string}[],
 *   parallels: {lat: number, y: number, label: string}[]}}
 */
export function graticuleLines(center, zoom, width, height) {
  const { x, y } = project(center.lat, center.lon, zoom);
  return graticuleAround(x, y, zoom, width, height);
}

function graticuleAround(centerX, centerY, zoom, width, height) {
  const step = graticuleStep(zoom);
  const decimals = String(step).split(".")[1]?.length ?? 0;
  const left = centerX - width / 2;
  const top = centerY - height / 2;
  const west = unproject(left, 0, zoom).lon;
  const east = unproject(left + width, 0, zoom).lon;
  const north = unproject(0, top, zoom).lat;
  const south = unproject(0, top + height, zoom).lat;
  const multiples = (from, to) => {
    const values = [];
    for (let k = Math.ceil(from / step); k * step <= to; k++) values.push(Number((k * step).toFixed(decimals)));
    return values;
  };
  return {
    step,
    meridians: multiples(west, east).map((lon) => ({
      lon, x: project(0, lon, zoom).x - left, label: degreeLabel(normalizedLongitude(lon), decimals, "E", "W"),
    })),
    parallels: multiples(south, north)
      .filter((lat) => Math.abs(lat) <= MAX_LATITUDE)
      .map((lat) => ({ lat, y: project(lat, 0, zoom).y - top, label: degreeLabel(lat, decimals, "N", "S") })),
  };
}

function normalizedLongitude(lon) {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

function degreeLabel(value, decimals, positive, negative) {
  const rounded = Number(value.toFixed(decimals));
  if (rounded === 0) return "0°";
  if (Math.abs(rounded) === 180) return "180°";
  return `${Math.abs(rounded).toFixed(decimals)}°${rounded > 0 ? positive : negative}`;
}

// MARK: - The view

/**
 * Where the map looks: its centre in zoom-0 world pixels, its zoom (whole except during a pinch) and
 * the viewport's size. It moves by its own rules and draws nothing; `createMap` draws what it shows.
 */
export class MapView {
  constructor() {
    this.x = TILE_SIZE / 2;
    this.y = TILE_SIZE / 2;
    this.zoom = MIN_ZOOM;
    this.width = 0;
    this.height = 0;
  }

  /** Keeps the zoom in its limits and the poles from scrolling into the middle; a world shorter than the viewport stays centred. */
  clamp() {
    this.zoom = clamp(this.zoom, MIN_ZOOM, MAX_ZOOM);
    const half = this.height / 2 / 2 ** this.zoom;
    this.y = 2 * half >= TILE_SIZE ? TILE_SIZE / 2 : clamp(this.y, half, TILE_SIZE - half);
  }

  /** Changes the zoom keeping the world point under a viewport point where it is. */
  zoomAround(zoom, pointX, pointY) {
    const next = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
    const dx = pointX - this.width / 2;
    const dy = pointY - this.height / 2;
    this.x += dx / 2 ** this.zoom - dx / 2 ** next;
    this.y += dy / 2 ** this.zoom - dy / 2 ** next;
    this.zoom = next;
    this.clamp();
  }

  /** Moves the map by viewport pixels, as a drag does (the view goes the other way). */
  panBy(dx, dy) {
    this.x -= dx / 2 ** this.zoom;
    this.y -= dy / 2 ** this.zoom;
    this.clamp();
  }

  /** The world point (zoom-0 pixels) under a viewport point. */
  worldAt(pointX, pointY) {
    return { x: this.x + (pointX - this.width / 2) / 2 ** this.zoom, y: this.y + (pointY - this.height / 2) / 2 ** this.zoom };
  }

  /** A pinch as the fingers move: zoom `zoom`, with world point `anchor` under the viewport point between them. */
  pinch(zoom, anchor, pointX, pointY) {
    this.zoom = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
    this.x = anchor.x - (pointX - this.width / 2) / 2 ** this.zoom;
    this.y = anchor.y - (pointY - this.height / 2) / 2 ** this.zoom;
    this.clamp();
  }

  /** Frames places: the largest zoom up to FIT_MAX_ZOOM that shows them all inside the padding. */
  frame(places) {
    const framed = fitBounds(places, this.width, this.height, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, minZoom: MIN_ZOOM });
    const center = project(framed.center.lat, framed.center.lon, 0);
    Object.assign(this, { x: center.x, y: center.y, zoom: framed.zoom });
    this.clamp();
  }

  /** Centres a place, at the same zoom. */
  centre(lat, lon) {
    const { x, y } = project(lat, lon, 0);
    Object.assign(this, { x, y });
    this.clamp();
  }

  /** The viewport position of world pixel (0, 0); whole pixels at rest keep tiles and pins crisp. */
  origin() {
    const x = this.width / 2 - this.x * 2 ** this.zoom;
    const y = this.height / 2 - this.y * 2 ** this.zoom;
    return Number.isInteger(this.zoom) ? { x: Math.round(x), y: Math.round(y) } : { x, y };
  }
}

// MARK: - Layers

/**
 * The tiles under the map, `<img>`s placed with transforms: those in view plus a margin of one, and
 * the previous level's loaded ones underneath until the new level's settle. They give up after
 * FAILURES_BEFORE_FALLBACK errors before any loads, or LOAD_TIMEOUT_MS without one: `onFailed`, once;
 * `onLoaded` when the first one loads.
 * @param {string} template a tile address (`tileURL`)
 * @param {HTMLElement} pane
 * @param {{onLoaded: () => void, onFailed: () => void}} events
 */
function createTileLayer(template, pane, { onLoaded, onFailed }) {
  /** @type {Map<string, {img: HTMLImageElement, z: number, column: number, row: number, settled: boolean,
   *   discarded: boolean}>} */
  const records = new Map();
  let state = "loading";
  let zoom = -1;
  let requested = 0;
  let loaded = 0;
  let failed = 0;
  let loadTimer = 0;

  function draw(view, origin) {
    const z = Math.round(view.zoom);
    const scale = 2 ** (view.zoom - z);
    zoom = z;
    const wanted = tilesAround(view.x * 2 ** z, view.y * 2 ** z, z, view.width / scale, view.height / scale, 1);
    const wantedKeys = new Set(wanted.map((tile) => tile.key));
    for (const [key, record] of records) {
      // Another level's loaded tiles stay under this one's until it settles; the rest go.
      const under = record.z !== z && Math.abs(record.z - z) <= 2 && record.img.classList.contains("map-tile-loaded");
      if (wantedKeys.has(key) || under) continue;
      discard(record);
      records.delete(key);
    }
    for (const tile of wanted) {
      if (!records.has(tile.key)) records.set(tile.key, request(tile));
    }
    for (const record of records.values()) {
      const tileScale = 2 ** (view.zoom - record.z);
      const left = origin.x + record.column * TILE_SIZE * tileScale;
      const top = origin.y + record.row * TILE_SIZE * tileScale;
      record.img.classList.toggle("map-tile-stale", record.z !== z);
      record.img.style.transform =
        `translate3d(${left}px, ${top}px, 0)` + (tileScale === 1 ? "" : ` scale(${tileScale})`);
    }
    dropStaleOnceSettled();
  }

  function request(tile) {
    const img = h("img", { class: "map-tile", alt: "", draggable: "false", decoding: "async", fetchpriority: "low" });
    const column = Number(tile.key.split("/")[1]);
    const record = { img, z: tile.z, column, row: tile.y, settled: false, discarded: false };
    img.addEventListener("load", () => settled(record, true));
    img.addEventListener("error", () => settled(record, false));
    img.src = tileURL(template, tile);
    pane.append(img);
    requested++;
    if (requested === 1) {
      loadTimer = setTimeout(() => {
        if (state === "loading") giveUp();
      }, LOAD_TIMEOUT_MS);
    }
    return record;
  }

  function settled(record, ok) {
    if (record.discarded || state === "failed" || state === "destroyed") return;
    record.settled = true;
    record.img.classList.add(ok ? "map-tile-loaded" : "map-tile-missing");
    if (ok) {
      loaded++;
      if (state === "loading") {
        clearTimeout(loadTimer);
        state = "loaded";
        onLoaded();
      }
    } else {
      failed++;
      if (loaded === 0 && failed >= Math.min(FAILURES_BEFORE_FALLBACK, requested)) {
        giveUp();
        return;
      }
    }
    dropStaleOnceSettled();
  }

  function giveUp() {
    clearTimeout(loadTimer);
    discardAll();
    state = "failed";
    onFailed();
  }

  function discard(record) {
    // Leaving the image without a source stops its download.
    record.discarded = true;
    record.img.removeAttribute("src");
    record.img.remove();
  }

  function discardAll() {
    for (const record of records.values()) discard(record);
    records.clear();
  }

  function dropStaleOnceSettled() {
    const current = [...records.values()].filter((record) => record.z === zoom);
    if (current.some((record) => !record.settled)) return;
    for (const [key, record] of records) {
      if (record.z === zoom) continue;
      discard(record);
      records.delete(key);
    }
  }

  return {
    draw,
    get failed() {
      return state === "failed";
    },
    destroy() {
      state = "destroyed";
      clearTimeout(loadTimer);
      discardAll();
    },
  };
}

/** Lines of latitude and longitude with their degrees in `grid` (an `<svg>`): the map when tiles fail. */
function drawGraticule(grid, view) {
  const { width, height } = view;
  const lines = graticuleAround(view.x * 2 ** view.zoom, view.y * 2 ** view.zoom, view.zoom, width, height);
  const worldTop = height / 2 - view.y * 2 ** view.zoom;
  grid.setAttribute("width", String(width));
  grid.setAttribute("height", String(height));
  grid.setAttribute("viewBox", `0 0 ${width} ${height}`);
  grid.replaceChildren(
    svgElement("rect", {
      class: "map-grid-world", x: 0, y: worldTop, width, height: worldSize(view.zoom),
    }),
    ...lines.meridians.flatMap(({ lon, x, label }) => [
      svgElement("line", { class: gridLineClass(normalizedLongitude(lon)), x1: x, y1: 0, x2: x, y2: height }),
      svgElement("text", { class: "map-grid-label", x: x + 4, y: 14, text: label }),
    ]),
    ...lines.parallels.flatMap(({ lat, y, label }) => [
      svgElement("line", { class: gridLineClass(lat), x1: 0, y1: y, x2: width, y2: y }),
      svgElement("text", { class: "map-grid-label", x: 4, y: y - 4, text: label }),
    ]),
  );
}

/**
 * The pins, `<button>`s in the results' order (Tab reaches them as it reaches the list), each drawn in
 * the copy of the world nearest the centre. A pin tells `onSelect` when chosen, `onHover` when
 * pointed at or focused, and `onFocus` when focused.
 * @param {HTMLElement} pane
 */
function createPinLayer(pane, { onSelect, onHover, onFocus }) {
  /** @type {Map<string | number, {pin: MapPin, button: HTMLButtonElement, x: number, y: number}>} */
  let records = new Map();
  let highlighted = null;

  function set(next) {
    const kept = new Map();
    next.forEach((pin, index) => {
      const record = records.get(pin.id) ?? { button: button(pin.id), x: 0, y: 0 };
      record.pin = pin;
      record.button.textContent = pin.label;
      record.button.setAttribute("aria-label", pin.title ? `${pin.title}, ${pin.label}` : pin.label);
      record.button.classList.toggle("map-pin-highlighted", pin.id === highlighted);
      kept.set(pin.id, record);
      // Insert rather than re-append, so a focused pin that stays keeps its focus.
      const here = pane.children[index] ?? null;
      if (here !== record.button) pane.insertBefore(record.button, here);
    });
    for (const [id, record] of records) if (!kept.has(id)) record.button.remove();
    records = kept;
  }

  function button(id) {
    return h("button", {
      type: "button", class: "map-pin", dataset: { pin: String(id) },
      onclick: () => onSelect(id),
      onpointerenter: () => onHover(id),
      onpointerleave: () => onHover(null),
      onfocus: () => {
        onHover(id);
        onFocus(id);
      },
      onblur: () => onHover(null),
    });
  }

  function highlight(id) {
    highlighted = id;
    for (const [pinId, record] of records) record.button.classList.toggle("map-pin-highlighted", pinId === id);
  }

  function draw(view, origin) {
    const size = worldSize(view.zoom);
    for (const record of records.values()) {
      const { x, y } = project(record.pin.lat, record.pin.lon, view.zoom);
      // Of the copies of the world, the pin shows in the one nearest the centre.
      const offset = x + origin.x - view.width / 2;
      record.x = Math.round(offset - Math.round(offset / size) * size + view.width / 2);
      record.y = Math.round(y + origin.y);
      record.button.style.transform = `translate3d(${record.x}px, ${record.y}px, 0)`;
    }
  }

  return {
    set,
    highlight,
    draw,
    /** A pin as last drawn: `{pin, x, y}` in viewport pixels, or undefined. */
    drawn: (id) => records.get(id),
    places: () => [...records.values()].map(({ pin }) => pin),
  };
}

// MARK: - Gestures

/**
 * Moves `view` by hand: a drag pans, two fingers pinch, a double tap or click zooms in (with Shift,
 * out), a wheel zooms with Ctrl or Command (a plain one leaves the page to scroll and shows `hint`),
 * and keys pan and zoom. `zoomBy` and `panBy` move and draw; `moved` draws after the view was moved
 * here. Returns what stops the hint's timer.
 * @param {HTMLElement} element the map
 * @param {MapView} view
 * @param {{zoomBy: (steps: number, x: number, y: number) => void, panBy: (dx: number, dy: number) => void,
 *   moved: () => void, hint: HTMLElement}} map
 */
function attachGestures(element, view, { zoomBy, panBy, moved, hint }) {
  /** @type {Map<number, {x: number, y: number}>} */
  const pointers = new Map();
  let gesture = null;
  let dragged = false;
  let lastTap = null;
  let lastDoubleTap = 0;
  let wheelTravel = 0;
  let wheelAt = 0;
  let wheelStepAt = 0;
  let hintTimer = 0;

  function localPoint(event) {
    const box = element.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  function startPinch() {
    const [a, b] = [...pointers.values()];
    const midX = (a.x + b.x) / 2;
    const midY = (a.y + b.y) / 2;
    gesture = {
      kind: "pinch", distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), zoom: view.zoom,
      // The world point under the fingers' midpoint, which stays under it as they move.
      anchor: view.worldAt(midX, midY), midX, midY,
    };
    for (const id of pointers.keys()) capture(id);
  }

  function capture(pointerId) {
    if (!element.hasPointerCapture(pointerId)) element.setPointerCapture(pointerId);
  }

  function onPointerDown(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (event.target.closest(".map-controls")) return;
    const point = localPoint(event);
    // A primary pointer starts a new gesture: forget any pointer whose end went unseen.
    if (event.isPrimary) pointers.clear();
    pointers.set(event.pointerId, point);
    dragged = false;
    if (pointers.size === 1) {
      const onPin = Boolean(event.target.closest(".map-pin"));
      gesture = { kind: "pan", startX: point.x, startY: point.y, lastX: point.x, lastY: point.y, moved: false, onPin };
    } else if (pointers.size === 2) {
      startPinch();
    }
  }

  function onPointerMove(event) {
    if (!pointers.has(event.pointerId) || !gesture) return;
    const point = localPoint(event);
    pointers.set(event.pointerId, point);
    if (gesture.kind === "pinch") {
      const [a, b] = [...pointers.values()];
      gesture.midX = (a.x + b.x) / 2;
      gesture.midY = (a.y + b.y) / 2;
      const spread = Math.hypot(a.x - b.x, a.y - b.y) / gesture.distance;
      view.pinch(gesture.zoom + Math.log2(spread), gesture.anchor, gesture.midX, gesture.midY);
      moved();
      return;
    }
    if (!gesture.moved && Math.hypot(point.x - gesture.startX, point.y - gesture.startY) < DRAG_THRESHOLD_PX) return;
    if (!gesture.moved) {
      // Captured only once it is a drag, so a plain click still lands on the pin it started on.
      gesture.moved = true;
      capture(event.pointerId);
      element.classList.add("map-dragging");
    }
    panBy(point.x - gesture.lastX, point.y - gesture.lastY);
    gesture.lastX = point.x;
    gesture.lastY = point.y;
  }

  function onPointerUp(event) {
    if (!pointers.has(event.pointerId)) return;
    const point = pointers.get(event.pointerId);
    pointers.delete(event.pointerId);
    if (gesture?.kind === "pinch") {
      if (pointers.size >= 2) startPinch();
      else {
        view.zoomAround(Math.round(view.zoom), gesture.midX, gesture.midY);
        moved();
        dragged = true;
        const [rest] = [...pointers.values()];
        gesture = rest && { kind: "pan", startX: rest.x, startY: rest.y, lastX: rest.x, lastY: rest.y, moved: true };
      }
    } else if (gesture?.kind === "pan" && pointers.size === 0) {
      if (gesture.moved) dragged = true;
      else if (event.type === "pointerup" && event.pointerType === "touch" && !gesture.onPin) noteTap(point);
      gesture = null;
    }
    if (pointers.size === 0) element.classList.remove("map-dragging");
  }

  function noteTap(point) {
    const now = performance.now();
    const near = lastTap && Math.hypot(point.x - lastTap.x, point.y - lastTap.y) < DOUBLE_TAP_PX;
    if (near && now - lastTap.at < DOUBLE_TAP_MS) {
      lastTap = null;
      lastDoubleTap = now;
      zoomBy(1, point.x, point.y);
    } else {
      lastTap = { at: now, x: point.x, y: point.y };
    }
  }

  function onClickCapture(event) {
    // A drag that ends over a pin is not a click on it; keyboard clicks (detail 0) always pass.
    if (!dragged || event.detail === 0) return;
    dragged = false;
    event.stopPropagation();
    event.preventDefault();
  }

  function onDoubleClick(event) {
    if (event.target.closest(".map-controls, .map-pin")) return;
    // A double tap was zoomed on already; some browsers also send it as a dblclick.
    if (performance.now() - lastDoubleTap < 500) return;
    event.preventDefault();
    const point = localPoint(event);
    zoomBy(event.shiftKey ? -1 : 1, point.x, point.y);
  }

  function onWheel(event) {
    if (!wheelZooms(event)) {
      // The page scrolls on; the map only says how to zoom it.
      hint.classList.remove("map-hidden");
      clearTimeout(hintTimer);
      hintTimer = setTimeout(() => hint.classList.add("map-hidden"), WHEEL_HINT_MS);
      return;
    }
    hint.classList.add("map-hidden");
    event.preventDefault();
    const now = performance.now();
    if (now - wheelAt > 300) wheelTravel = 0;
    wheelAt = now;
    wheelTravel += event.deltaY * (event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? 800 : 1);
    if (Math.abs(wheelTravel) < WHEEL_STEP_PX || now - wheelStepAt < WHEEL_STEP_MS) return;
    const point = localPoint(event);
    zoomBy(wheelTravel < 0 ? 1 : -1, point.x, point.y);
    wheelTravel = 0;
    wheelStepAt = now;
  }

  function onKeyDown(event) {
    const action = mapKeyAction(event);
    if (!action || !view.width) return;
    event.preventDefault();
    if ("pan" in action) panBy(action.pan.dx, action.pan.dy);
    else zoomBy(action.zoom, view.width / 2, view.height / 2);
  }

  element.addEventListener("pointerdown", onPointerDown);
  element.addEventListener("pointermove", onPointerMove);
  element.addEventListener("pointerup", onPointerUp);
  element.addEventListener("pointercancel", onPointerUp);
  element.addEventListener("click", onClickCapture, { capture: true });
  element.addEventListener("dblclick", onDoubleClick);
  element.addEventListener("wheel", onWheel, { passive: false });
  element.addEventListener("keydown", onKeyDown);
  return { stop: () => clearTimeout(hintTimer) };
}

// MARK: - The map

/**
 * @typedef {{id: string | number, lat: number, lon: number, label: string, title?: string}} MapPin
 */

/**
 * The results map. The host sizes the element (it fills its container), keeps its list in step with
 * `onHover`/`onSelect`, and answers with `highlight(id)`. Nothing loads until the element has a size.
 * @param {{
 *   tiles?: string | null, attribution?: string, pins?: MapPin[],
 *   onSelect?: (id: string | number) => void, onHover?: (id: string | number | null) => void,
 *   labels?: {zoomIn?: string, zoomOut?: string, map?: string, fallback?: string},
 * }} [options] `tiles: null` draws the fallback from the start
 * @returns {{element: HTMLElement, setPins: (pins: MapPin[]) => void, highlight: (id: string | number | null) => void,
 *   fit: () => void, destroy: () => void}}
 */
export function createMap({
  tiles = "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  attribution = "© OpenStreetMap contributors",
  pins = [],
  onSelect = () => {},
  onHover = () => {},
  labels = {},
} = {}) {
  const text = { ...DEFAULT_LABELS, ...labels };
  const view = new MapView();
  const tilePane = h("div", { class: "map-tiles" });
  const grid = svgElement("svg", { class: "map-grid", "aria-hidden": "true" });
  const pinPane = h("div", { class: "map-pins" });
  const zoomIn = h("button", {
    type: "button", class: "map-zoom map-zoom-in", "aria-label": text.zoomIn, text: "+",
    onclick: () => zoomBy(1, view.width / 2, view.height / 2),
  });
  const zoomOut = h("button", {
    type: "button", class: "map-zoom map-zoom-out", "aria-label": text.zoomOut, text: "\u2212",
    onclick: () => zoomBy(-1, view.width / 2, view.height / 2),
  });
  const note = h("p", { class: "map-note", role: "status" });
  const isMac = /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? "");
  const wheelHint = h("p", {
    class: "map-wheel-hint map-hidden", "aria-hidden": "true",
    text: text.wheelHint.replace("{key}", isMac ? "\u2318" : "Ctrl"),
  });
  const credit = h("div", { class: "map-attribution", text: attribution });
  const element = h(
    "div",
    {
      class: "map-view", role: "region", "aria-label": text.map, tabindex: "0",
      "aria-keyshortcuts": "ArrowUp ArrowDown ArrowLeft ArrowRight + -", dataset: { tiles: "loading" },
    },
    tilePane,
    grid,
    pinPane,
    h("div", { class: "map-controls" }, zoomIn, zoomOut),
    wheelHint,
    note,
    credit,
  );

  let fitPending = true;
  let destroyed = false;
  let frame = 0;
  const tileLayer = tiles
    ? createTileLayer(tiles, tilePane, {
        onLoaded: () => setTileState("loaded"),
        onFailed: () => {
          setTileState("failed");
          scheduleRender();
        },
      })
    : null;
  const pinLayer = createPinLayer(pinPane, { onSelect, onHover, onFocus: bringIntoView });
  const gestures = attachGestures(element, view, { zoomBy, panBy, moved: scheduleRender, hint: wheelHint });

  /** Tiles `loading`, `loaded` or `failed` (the grid, its note, and no credit to the tiles). */
  function setTileState(state) {
    element.dataset.tiles = state;
    const failed = state === "failed";
    grid.classList.toggle("map-hidden", !failed);
    credit.classList.toggle("map-hidden", failed);
    note.textContent = failed ? text.fallback : "";
    note.classList.toggle("map-hidden", !failed);
  }

  function zoomBy(steps, pointX, pointY) {
    if (!view.width) return;
    view.zoomAround(Math.round(view.zoom) + steps, pointX, pointY);
    scheduleRender();
  }

  function panBy(dx, dy) {
    view.panBy(dx, dy);
    scheduleRender();
  }

  function fit() {
    if (!view.width || !view.height) {
      fitPending = true;
      return;
    }
    fitPending = false;
    view.frame(pinLayer.places());
    scheduleRender();
  }

  function scheduleRender() {
    if (!frame && !destroyed) frame = requestAnimationFrame(render);
  }

  function render() {
    frame = 0;
    if (!view.width || !view.height || destroyed) return;
    const origin = view.origin();
    pinLayer.draw(view, origin);
    if (!tileLayer || tileLayer.failed) drawGraticule(grid, view);
    else tileLayer.draw(view, origin);
    element.dataset.zoom = String(Math.round(view.zoom));
    // aria-disabled rather than disabled, so a focused button keeps its focus at the limit (where it does nothing).
    zoomIn.setAttribute("aria-disabled", String(view.zoom >= MAX_ZOOM));
    zoomOut.setAttribute("aria-disabled", String(view.zoom <= MIN_ZOOM));
  }

  function setPins(next) {
    pinLayer.set(next);
    scheduleRender();
  }

  /** Centres a focused pin that is out of view. */
  function bringIntoView(id) {
    const drawn = pinLayer.drawn(id);
    // Focus scrolls even a clipped box to show its target; the map moves by its view, never by scrolling.
    element.scrollLeft = 0;
    element.scrollTop = 0;
    if (!drawn || !view.width || (drawn.x >= 0 && drawn.x <= view.width && drawn.y >= 0 && drawn.y <= view.height)) return;
    view.centre(drawn.pin.lat, drawn.pin.lon);
    render();
  }

  const resizes = new ResizeObserver(() => {
    view.width = element.clientWidth;
    view.height = element.clientHeight;
    if (!view.width || !view.height) return;
    if (fitPending) fit();
    view.clamp();
    render();
  });
  resizes.observe(element);

  setTileState(tiles ? "loading" : "failed");
  setPins(pins);

  function destroy() {
    destroyed = true;
    resizes.disconnect();
    cancelAnimationFrame(frame);
    tileLayer?.destroy();
    gestures.stop();
    element.remove();
  }

  return { element, setPins, highlight: pinLayer.highlight, fit, destroy };
}

// The equator and the prime meridian stand out.
function gridLineClass(degrees) {
  return degrees === 0 ? "map-grid-line map-grid-major" : "map-grid-line";
}

function svgElement(tag, attributes) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, String(value));
  }
  return node;
}
