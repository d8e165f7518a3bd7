// The rooms a booking of several names on the guest site (rooms-choice.js). Sharing the party between them is
// the server's (GuestCombination.share, tested in Swift; the place's `roomSet`).

import { test } from "node:test";
import assert from "node:assert/strict";
import { useLimits } from "../../Web/common/limits.js";
import { roomsOf } from "../../Web/site/rooms-choice.js";

// The bound the server serves (`GET /api/v1/public/limits`).
useLimits({ "group.roomsOnline": { min: 2, max: 9 } });

test("the rooms of an address are room type ids, at most nine", () => {
  assert.deepEqual(roomsOf(new URLSearchParams("rooms=3,3,5")), [3, 3, 5]);
  assert.deepEqual(roomsOf(new URLSearchParams("rooms=x,0,-2,4")), [4]);
  assert.equal(roomsOf(new URLSearchParams(`rooms=${Array(12).fill(1).join(",")}`)).length, 9);
});
