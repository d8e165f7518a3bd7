// Moving a stay to another room (the stay's Move form, stay.js): the rooms it may move to, and how the
// list names each.

import { get } from "../api.js";
import { dayNumber } from "../../common/dates.js";

/**
 * The rooms a guest can move to from `from` to the stay's departure: not the room they are in, nor
 * one that another stay, an imported block or a block out of service holds on any of those nights
 * (the board says which), each with its housekeeping status as the board reads it now. If the board
 * cannot be read, every other room; the server still refuses a taken one.
 * @param {Map<number, object>} rooms the property's rooms by id
 */
export async function roomsToMoveTo(stay, rooms, propertyId, from) {
  const others = [...rooms.values()].filter((room) => room.id !== stay.roomId);
  const start = dayNumber(from);
  const end = dayNumber(stay.departure);
  if (start >= end) return others;
  try {
    const board = await get(`/api/v1/properties/${propertyId}/board?from=${from}&to=${stay.departure}`);
    const taken = new Set();
    // Runs come as words of six: segment, row (a room's id, or minus its type's), arrival, departure, style, stay.
    for (let index = 0; index < board.items.length; index += 6) {
      const [row, arrival, departure] = board.items.slice(index + 1, index + 4);
      if (row > 0 && board.items[index + 5] !== stay.id && arrival < end && departure > start) taken.add(row);
    }
    for (const block of board.blocks) {
      if (dayNumber(block.from) < end && dayNumber(block.to) > start) taken.add(block.roomId);
    }
    const now = new Map(board.rooms.map((room) => [room.id, room.housekeeping]));
    return others.filter((room) => !taken.has(room.id)).map((room) => ({ ...room, housekeeping: now.get(room.id) ?? room.housekeeping }));
  } catch {
    return others;
  }
}

/** A room as the Move list names it: number, type and whether it is ready. */
export function roomChoice(room, property, t) {
  const type = property.roomTypes?.find((roomType) => roomType.id === room.roomTypeId)?.name;
  return { value: room.id, label: [room.number, type, t(`housekeeping.${room.housekeeping}`)].filter(Boolean).join(" · ") };
}
