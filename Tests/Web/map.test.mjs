// Web/site/map.js without a DOM: Web Mercator both ways, framing points, the tiles that cover a viewport,
// tile addresses, the fallback graticule, and how the view moves. Run with `node --test Tests/Web/`.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  MAX_LATITUDE,
  MapView,
  TILE_SIZE,
  fitBounds,
  graticuleLines,
  graticuleStep,
  mapKeyAction,
  project,
  tileURL,
  unproject,
  visibleTiles,
  wheelZooms,
} from "../../Web/site/map.js";

const chiangMai = { lat: 18.79, lon: 98.98 };
const bangkok = { lat: 13.75, lon: 100.5 };

const assertNear = (actual, expected, tolerance, message = "") =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${message} ${actual} is not within ${tolerance} of ${expected}`);

/** Where a place lands in a viewport of the given size centred on `center`. */
const inViewport = (place, center, zoom, width, height) => {
  const middle = project(center.lat, center.lon, zoom);
  const point = project(place.lat, place.lon, zoom);
  return { x: point.x - middle.x + width / 2, y: point.y - middle.y + height / 2 };
};

const insidePadded = ({ x, y }, width, height, padding) =>
  x >= padding && x <= width - padding && y >= padding && y <= height - padding;

// MARK: - projection

test("the crossing of the equator and the prime meridian is the middle of the world", () => {
  assert.deepEqual(project(0, 0, 0), { x: 128, y: 128 });
  assert.deepEqual(project(0, 0, 3), { x: 1024, y: 1024 });
});

test("longitude runs linearly from the left edge to the right edge of the world", () => {
  assert.equal(project(0, -180, 0).x, 0);
  assert.equal(project(0, 180, 0).x, 256);
  assert.equal(project(0, 90, 1).x, 384);
});

test("latitude stretches away from the equator as Mercator does", () => {
  // 45°N sits at ln(tan(67.5°)) / 2π of the world above the middle, not a quarter of the way up.
  const y = project(45, 0, 0).y;
  assertNear(y, 128 - (256 * Math.log(Math.tan((67.5 * Math.PI) / 180))) / (2 * Math.PI), 1e-9);
  assertNear(project(-45, 0, 0).y, 256 - y, 1e-9, "the south mirrors the north");
});

test("the edge latitude projects to the top and bottom of the world", () => {
  assertNear(project(MAX_LATITUDE, 0, 0).y, 0, 0.001);
  assertNear(project(-MAX_LATITUDE, 0, 0).y, 256, 0.001);
});

test("latitudes beyond the edge are clamped to it, poles included", () => {
  assert.deepEqual(project(89.9, 10, 4), project(MAX_LATITUDE, 10, 4));
  assert.deepEqual(project(90, 10, 4), project(MAX_LATITUDE, 10, 4));
  assert.deepEqual(project(-90, 10, 4), project(-MAX_LATITUDE, 10, 4));
  assert.ok(Number.isFinite(project(90, 0, 0).y));
});

test("unprojecting beyond the top or bottom of the world gives the edge latitude", () => {
  assert.equal(unproject(128, -500, 0).lat, MAX_LATITUDE);
  assert.equal(unproject(128, 900, 0).lat, -MAX_LATITUDE);
});

test("unproject undoes project at every zoom", () => {
  const places = [chiangMai, bangkok, { lat: 0, lon: 0 }, { lat: -33.87, lon: 151.21 }, { lat: 64.15, lon: -21.94 }];
  for (const zoom of [0, 2, 7.5, 14, 18]) {
    for (const place of places) {
      const { x, y } = project(place.lat, place.lon, zoom);
      const back = unproject(x, y, zoom);
      assertNear(back.lat, place.lat, 1e-9, `lat at zoom ${zoom}`);
      assertNear(back.lon, place.lon, 1e-9, `lon at zoom ${zoom}`);
    }
  }
});

test("project undoes unproject for pixels inside the world", () => {
  for (const zoom of [1, 10, 16]) {
    const size = 256 * 2 ** zoom;
    for (const [x, y] of [[0.3 * size, 0.41 * size], [0.9 * size, 0.62 * size]]) {
      const { lat, lon } = unproject(x, y, zoom);
      const again = project(lat, lon, zoom);
      assertNear(again.x, x, 1e-6);
      assertNear(again.y, y, 1e-6);
    }
  }
});

test("each zoom level doubles the world", () => {
  const at10 = project(chiangMai.lat, chiangMai.lon, 10);
  const at11 = project(chiangMai.lat, chiangMai.lon, 11);
  assertNear(at11.x, 2 * at10.x, 1e-6);
  assertNear(at11.y, 2 * at10.y, 1e-6);
});

// MARK: - framing

/** Frames the places and checks they all fit inside the padding at the zoom given, and not at the next. */
const assertLargestFit = (places, width, height, padding) => {
  const { center, zoom } = fitBounds(places, width, height, { padding, maxZoom: 14 });
  assert.ok(Number.isInteger(zoom));
  for (const place of places) {
    const point = inViewport(place, center, zoom, width, height);
    assert.ok(insidePadded(point, width, height, padding), `inside at ${zoom}`);
  }
  const closer = places.map((place) => inViewport(place, center, zoom + 1, width, height));
  assert.ok(!closer.every((point) => insidePadded(point, width, height, padding)), `zoom ${zoom + 1} would fit too`);
  return zoom;
};

test("Chiang Mai and Bangkok in 800x600 get the largest zoom that shows both inside the padding", () => {
  const zoom = assertLargestFit([chiangMai, bangkok], 800, 600, 40);
  assert.equal(zoom, 7, "478 px of latitude fit the 520 px left inside the padding; 956 do not");
});

test("places side by side keep the padding at the left and right", () => {
  // 6.33° of longitude is 576 px at zoom 7: more than the 500 px between 150 px paddings.
  const zoom = assertLargestFit([{ lat: 15, lon: 97 }, { lat: 15, lon: 103.33 }], 800, 600, 150);
  assert.equal(zoom, 6);
});

test("the frame is centred between the points", () => {
  const { center, zoom } = fitBounds([chiangMai, bangkok], 800, 600);
  const a = inViewport(chiangMai, center, zoom, 800, 600);
  const b = inViewport(bangkok, center, zoom, 800, 600);
  assertNear((a.x + b.x) / 2, 400, 1e-6);
  assertNear((a.y + b.y) / 2, 300, 1e-6);
});

test("a wide viewport does not change a frame limited by its height", () => {
  const north = { lat: 20, lon: 100 };
  const south = { lat: 10, lon: 100 };
  assert.equal(fitBounds([north, south], 800, 600).zoom, fitBounds([north, south], 4000, 600).zoom);
  assert.ok(fitBounds([north, south], 800, 1200).zoom > fitBounds([north, south], 800, 600).zoom);
});

test("more padding never zooms in further", () => {
  const loose = fitBounds([chiangMai, bangkok], 800, 600, { padding: 0 });
  const tight = fitBounds([chiangMai, bangkok], 800, 600, { padding: 200 });
  assert.ok(tight.zoom < loose.zoom);
});

test("one place is shown at the largest zoom, at the centre", () => {
  const { center, zoom } = fitBounds([chiangMai], 800, 600, { maxZoom: 14 });
  assert.equal(zoom, 14);
  assertNear(center.lat, chiangMai.lat, 1e-9);
  assertNear(center.lon, chiangMai.lon, 1e-9);
  assert.equal(fitBounds([chiangMai, { ...chiangMai }], 800, 600, { maxZoom: 12 }).zoom, 12);
});

test("two doors apart stay at the largest zoom rather than zooming past it", () => {
  const nextDoor = { lat: chiangMai.lat + 0.0001, lon: chiangMai.lon };
  assert.equal(fitBounds([chiangMai, nextDoor], 800, 600, { maxZoom: 14 }).zoom, 14);
});

test("places too far apart for any zoom get the smallest", () => {
  const far = [{ lat: 70, lon: -170 }, { lat: -70, lon: -10 }];
  assert.equal(fitBounds(far, 200, 150, { minZoom: 2 }).zoom, 2);
});

test("no places give the whole world", () => {
  assert.deepEqual(fitBounds([], 800, 600, { minZoom: 2 }), { center: { lat: 0, lon: 0 }, zoom: 2 });
});

test("places either side of the antimeridian are framed across it, not around the world", () => {
  const fiji = { lat: -17.7, lon: 178.4 };
  const samoa = { lat: -13.8, lon: -172.1 };
  const { center, zoom } = fitBounds([fiji, samoa], 800, 600);
  assert.ok(Math.abs(center.lon) > 170, `centre ${center.lon} should be near 180`);
  assert.ok(zoom >= 4, `zoom ${zoom} shows far more than the two islands`);
});

// MARK: - tiles

test("one tile at zoom 0 covers a viewport the size of the world", () => {
  const tiles = visibleTiles({ lat: 0, lon: 0 }, 0, 256, 256);
  assert.deepEqual(tiles, [{ z: 0, x: 0, y: 0, left: 0, top: 0, key: "0/0/0" }]);
});

test("the tiles cover every corner of the viewport", () => {
  const width = 800;
  const height = 600;
  const tiles = visibleTiles(bangkok, 12, width, height);
  const covers = (px, py) => tiles.some((t) => t.left <= px && px < t.left + 256 && t.top <= py && py < t.top + 256);
  for (const [px, py] of [[0, 0], [width - 0.01, 0], [0, height - 0.01], [width - 0.01, height - 0.01], [400, 300]]) {
    assert.ok(covers(px, py), `(${px}, ${py}) is covered`);
  }
});

test("no tile lies wholly outside the viewport unless a margin is asked for", () => {
  const tiles = visibleTiles(bangkok, 12, 800, 600);
  for (const tile of tiles) {
    assert.ok(tile.left < 800 && tile.left + 256 > 0 && tile.top < 600 && tile.top + 256 > 0, tile.key);
  }
  const withMargin = visibleTiles(bangkok, 12, 800, 600, 1);
  const columns = (list) => new Set(list.map((tile) => tile.left)).size;
  const rows = (list) => new Set(list.map((tile) => tile.top)).size;
  assert.equal(columns(withMargin), columns(tiles) + 2);
  assert.equal(rows(withMargin), rows(tiles) + 2);
});

test("a tile's position matches the projection of its corner", () => {
  const zoom = 9;
  const [tile] = visibleTiles(chiangMai, zoom, 800, 600);
  const corner = unproject(tile.x * 256, tile.y * 256, zoom);
  const where = inViewport(corner, chiangMai, zoom, 800, 600);
  assertNear(tile.left, where.x, 1e-6);
  assertNear(tile.top, where.y, 1e-6);
});

test("columns past the antimeridian wrap around to the other side of the world", () => {
  const zoom = 3;
  const tiles = visibleTiles({ lat: 0, lon: 180 }, zoom, 600, 256);
  const xs = new Set(tiles.map((tile) => tile.x));
  assert.ok(xs.has(7) && xs.has(0), `columns ${[...xs]} include both edges`);
  assert.ok(tiles.every((tile) => tile.x >= 0 && tile.x < 8));
  const east = tiles.find((tile) => tile.x === 0);
  const west = tiles.find((tile) => tile.x === 7 && tile.y === east.y);
  assert.equal(east.left - west.left, 256, "the wrapped column sits just right of the last one");
});

test("two copies of one tile in a wide viewport have different keys", () => {
  const tiles = visibleTiles({ lat: 0, lon: 0 }, 0, 1000, 256);
  assert.equal(tiles.length, 5);
  assert.equal(new Set(tiles.map((tile) => tile.key)).size, 5);
  assert.ok(tiles.every((tile) => tile.x === 0));
});

test("rows above and below the world are skipped", () => {
  const tiles = visibleTiles({ lat: 80, lon: 0 }, 2, 512, 1024);
  const rows = new Set(tiles.map((tile) => tile.y));
  assert.deepEqual([...rows].sort(), [0, 1, 2]);
  const whole = visibleTiles({ lat: 0, lon: 0 }, 1, 512, 2000);
  assert.deepEqual([...new Set(whole.map((tile) => tile.y))].sort(), [0, 1]);
});

test("a tile address fills in zoom, column and row", () => {
  assert.equal(tileURL("https://tile.example.org/{z}/{x}/{y}.png", { z: 12, x: 3201, y: 1890 }),
    "https://tile.example.org/12/3201/1890.png");
  assert.equal(tileURL("/tiles/{z}-{y}-{x}-{z}", { z: 4, x: 1, y: 2 }), "/tiles/4-2-1-4");
});

test("the subdomain follows x + y through a, b and c", () => {
  const template = "https://{s}.tile.example.org/{z}/{x}/{y}.png";
  assert.equal(tileURL(template, { z: 1, x: 0, y: 0 }), "https://a.tile.example.org/1/0/0.png");
  assert.equal(tileURL(template, { z: 1, x: 1, y: 0 }), "https://b.tile.example.org/1/1/0.png");
  assert.equal(tileURL(template, { z: 2, x: 1, y: 1 }), "https://c.tile.example.org/2/1/1.png");
  assert.equal(tileURL(template, { z: 2, x: 2, y: 2 }), "https://b.tile.example.org/2/2/2.png");
});

// MARK: - fallback graticule

test("graticule lines get finer as the map zooms in and stay readably apart", () => {
  const steps = [2, 6, 10, 14, 18].map(graticuleStep);
  for (let i = 1; i < steps.length; i++) assert.ok(steps[i] < steps[i - 1], `${steps}`);
  for (const zoom of [2, 6, 10, 14, 18]) {
    const spacing = (graticuleStep(zoom) * 256 * 2 ** zoom) / 360;
    assert.ok(spacing >= 64 && spacing < 64 * 3, `zoom ${zoom}: ${spacing}px apart`);
  }
});

test("the graticule's lines fall on the degrees they are labelled with", () => {
  const width = 800;
  const height = 600;
  const zoom = 6;
  const { step, meridians, parallels } = graticuleLines(bangkok, zoom, width, height);
  assert.equal(step, 2);
  assert.ok(meridians.some((line) => line.label === "100°E"));
  assert.ok(parallels.some((line) => line.label === "14°N"));
  for (const { lon, x } of meridians) assertNear(x, inViewport({ lat: 0, lon }, bangkok, zoom, width, height).x, 1e-6);
  for (const { lat, y } of parallels) assertNear(y, inViewport({ lat, lon: 0 }, bangkok, zoom, width, height).y, 1e-6);
  for (const { x } of meridians) assert.ok(x >= 0 && x <= width);
  for (const { y } of parallels) assert.ok(y >= 0 && y <= height);
});

test("the graticule labels west, south, zero and the antimeridian", () => {
  const around = graticuleLines({ lat: 0, lon: 180 }, 2, 1024, 600);
  const labels = around.meridians.map((line) => line.label);
  assert.ok(labels.includes("180°"), `${labels}`);
  assert.ok(labels.includes("150°E") && labels.includes("150°W"), `${labels}`);
  const origin = graticuleLines({ lat: 0, lon: 0 }, 2, 400, 400);
  assert.ok(origin.parallels.some((line) => line.label === "0°"));
  assert.ok(origin.parallels.some((line) => line.label === "30°S"));
});

test("fine graticule labels keep the step's decimals", () => {
  const { step, parallels } = graticuleLines(chiangMai, 14, 800, 600);
  assert.equal(step, 0.01);
  assert.ok(parallels.length > 0);
  for (const { label } of parallels) assert.match(label, /^18\.\d\d°N$/);
});

test("arrow keys pan the map the way they point, Shift pans a whole tile, + and - zoom", () => {
  assert.deepEqual(mapKeyAction({ key: "ArrowRight" }), { pan: { dx: -64, dy: 0 } });
  assert.deepEqual(mapKeyAction({ key: "ArrowUp" }), { pan: { dx: 0, dy: 64 } });
  assert.deepEqual(mapKeyAction({ key: "ArrowDown", shiftKey: true }), { pan: { dx: 0, dy: -256 } });
  assert.deepEqual(mapKeyAction({ key: "+" }), { zoom: 1 });
  assert.deepEqual(mapKeyAction({ key: "=" }), { zoom: 1 });
  assert.deepEqual(mapKeyAction({ key: "-" }), { zoom: -1 });
  // The browser's and the system's shortcuts are left alone.
  assert.equal(mapKeyAction({ key: "ArrowLeft", altKey: true }), null);
  assert.equal(mapKeyAction({ key: "-", ctrlKey: true }), null);
  assert.equal(mapKeyAction({ key: "Enter" }), null);
});

test("only a wheel with Ctrl or Command (or a trackpad pinch) zooms the map; a plain wheel scrolls the page", () => {
  assert.equal(wheelZooms({}), false);
  assert.equal(wheelZooms({ ctrlKey: true }), true);
  assert.equal(wheelZooms({ metaKey: true }), true);
});

// MARK: - the view

/** A view of `width` x `height` centred on a place at a zoom. */
function viewOn(place, zoom, width = 800, height = 600) {
  const view = new MapView();
  Object.assign(view, { width, height });
  view.centre(place.lat, place.lon);
  view.zoom = zoom;
  return view;
}

/** Where a world point (zoom-0 pixels) lands in the view's viewport. */
const onScreen = (view, world) => ({
  x: (world.x - view.x) * 2 ** view.zoom + view.width / 2,
  y: (world.y - view.y) * 2 ** view.zoom + view.height / 2,
});

test("zooming around a point of the viewport keeps the place under it where it is", () => {
  const view = viewOn(chiangMai, 10);
  const under = view.worldAt(600, 150);
  view.zoomAround(12, 600, 150);
  assert.equal(view.zoom, 12);
  const after = onScreen(view, under);
  assertNear(after.x, 600, 1e-6);
  assertNear(after.y, 150, 1e-6);
});

test("the zoom keeps within its limits", () => {
  const view = viewOn(chiangMai, 10);
  view.zoomAround(40, 400, 300);
  assert.equal(view.zoom, 18);
  view.zoomAround(-3, 400, 300);
  assert.equal(view.zoom, 2);
});

test("the map follows a drag, and the view goes the other way", () => {
  const view = viewOn(bangkok, 8);
  const before = { x: view.x, y: view.y };
  view.panBy(256, -128);
  assertNear(view.x, before.x - 1, 1e-9);
  assertNear(view.y, before.y + 0.5, 1e-9);
});

test("the poles never scroll into the middle, and a world shorter than the viewport stays centred", () => {
  const view = viewOn(chiangMai, 4, 800, 600);
  view.panBy(0, 100_000);
  assertNear(view.y, 300 / 2 ** 4, 1e-9, "the top edge of the world stays at the top of the viewport");
  const small = viewOn(chiangMai, 2, 800, 1200);
  assert.equal(small.y, TILE_SIZE / 2);
});

test("a pinch keeps the place between the fingers under them as they spread", () => {
  const view = viewOn(chiangMai, 10);
  const anchor = view.worldAt(300, 200);
  view.pinch(11.5, anchor, 320, 260);
  assert.equal(view.zoom, 11.5);
  const after = onScreen(view, anchor);
  assertNear(after.x, 320, 1e-6);
  assertNear(after.y, 260, 1e-6);
});

test("framing places shows them all, and the origin is in whole pixels at rest", () => {
  const view = viewOn(chiangMai, 2);
  view.frame([chiangMai, bangkok]);
  assert.ok(Number.isInteger(view.zoom));
  const origin = view.origin();
  assert.ok(Number.isInteger(origin.x) && Number.isInteger(origin.y));
  for (const place of [chiangMai, bangkok]) {
    const point = project(place.lat, place.lon, view.zoom);
    assert.ok(insidePadded({ x: point.x + origin.x, y: point.y + origin.y }, view.width, view.height, 40), JSON.stringify(place));
  }
});
