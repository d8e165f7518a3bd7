// Sharing a party between several rooms on the guest site (rooms-choice.js): an adult in each room, no room
// past its beds, every guest placed, or no share at all.

import { test } from "node:test";
import assert from "node:assert/strict";
import { useLimits } from "../../Web/common/limits.js";
import { roomsOf, shareParty } from "../../Web/site/rooms-choice.js";

// The bound the server serves (`GET /api/v1/public/limits`).
useLimits({ "group.roomsOnline": { min: 2, max: 9 } });

test("a family of four adults and two children shares three doubles with an adult in each and none past two", () => {
  const rooms = shareParty({ adults: 4, children: 2 }, [2, 2, 2]);
  assert.deepEqual(rooms, [{ adults: 2, children: 0 }, { adults: 1, children: 1 }, { adults: 1, children: 1 }]);
});

test("children go where a bed is left, a family room taking more", () => {
  const rooms = shareParty({ adults: 2, children: 3 }, [2, 4]);
  assert.deepEqual(rooms, [{ adults: 1, children: 1 }, { adults: 1, children: 2 }]);
});

test("fewer adults than rooms, or more guests than beds, is no share", () => {
  assert.equal(shareParty({ adults: 1, children: 2 }, [2, 2]), null);
  assert.equal(shareParty({ adults: 4, children: 1 }, [2, 2]), null);
  assert.equal(shareParty({ adults: 2 }, []), null);
});

test("every share of random parties places each guest once, an adult in each room, none past its beds", () => {
  for (let round = 0; round < 500; round += 1) {
    const capacities = Array.from({ length: 1 + (round % 5) }, (_, i) => 1 + ((round * 7 + i * 3) % 4));
    const adults = 1 + (round % 9);
    const children = round % 4;
    const rooms = shareParty({ adults, children }, capacities);
    const beds = capacities.reduce((a, b) => a + b, 0);
    if (adults < capacities.length || adults + children > beds) {
      assert.equal(rooms, null);
      continue;
    }
    assert.equal(rooms.reduce((n, r) => n + r.adults, 0), adults);
    assert.equal(rooms.reduce((n, r) => n + r.children, 0), children);
    rooms.forEach((room, i) => {
      assert.ok(room.adults >= 1);
      assert.ok(room.adults + room.children <= capacities[i]);
    });
  }
});

test("the rooms of an address are room type ids, at most nine", () => {
  assert.deepEqual(roomsOf(new URLSearchParams("rooms=3,3,5")), [3, 3, 5]);
  assert.deepEqual(roomsOf(new URLSearchParams("rooms=x,0,-2,4")), [4]);
  assert.equal(roomsOf(new URLSearchParams(`rooms=${Array(12).fill(1).join(",")}`)).length, 9);
});
