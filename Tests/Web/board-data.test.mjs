// The salon board's data as the desk keeps it: a member's hours off, from the shifts the server sends.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SalonBoardData } from "../../Web/desk/board/board-data.js";

function board(shifts) {
  const data = new SalonBoardData({ id: 2, word: (text) => text });
  data.length = 1440;
  data.staff = new Map([[6, { rowId: 6, name: "Aoi", shifts }], [7, { rowId: 7, name: "Mei" }]]);
  return data;
}

test("a member's hours off are the day around and between their shifts", () => {
  assert.deepEqual(board([[600, 780], [840, 1200]]).offHours(6), [[0, 600], [780, 840], [1200, 1440]]);
});

test("a member off for the day is shaded all day, and a member working to midnight is not after", () => {
  assert.deepEqual(board([]).offHours(6), [[0, 1440]]);
  assert.deepEqual(board([[0, 1440]]).offHours(6), []);
});

test("a team's row and a member the server sent no shifts for have no hours off", () => {
  assert.deepEqual(board([[600, 1200]]).offHours(7), []);
  assert.deepEqual(board([[600, 1200]]).offHours(-1), []);
});
