// Calendar days and wall clocks, shared by the desk and the guest site.
//
// Dates of stays are calendar days in the property's time zone: `YYYY-MM-DD`, or their day number
// (days since 1970-01-01), both computed at UTC so that no time zone shifts them. Instants are UTC;
// a property's wall clock (`YYYY-MM-DDTHH:MM`, what `<input type="datetime-local">` shows) is read in
// its own zone, never the browser's.

export const DAY_MS = 86_400_000;
const pad = (number) => String(number).padStart(2, "0");

/** Days since 1970-01-01 of a `YYYY-MM-DD`, or null for anything else (no 2026-02-30, no 2026-2-1). */
export function dayNumber(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? "");
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return Math.round(time / DAY_MS);
}

/** `YYYY-MM-DD` of a day number. */
export function isoDay(number) {
  const date = new Date(number * DAY_MS);
  return `${String(date.getUTCFullYear()).padStart(4, "0")}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A date plus some days: `addDays("2026-12-01", 1)` is `"2026-12-02"`; null for no date. */
export function addDays(iso, days) {
  const number = dayNumber(iso);
  return number === null ? null : isoDay(number + days);
}

/** Nights from an arrival to a departure (`YYYY-MM-DD`): 2 from 2026-12-01 to 2026-12-03. */
export function nightsBetween(arrival, departure) {
  return dayNumber(departure) - dayNumber(arrival);
}

/**
 * Today's date (`YYYY-MM-DD`) where the browser is: only for what has no property yet (the guest
 * site's calendar, until the server has said the hotels' today).
 */
export function localToday(now = new Date()) {
  return isoDay(Math.floor((now.getTime() - now.getTimezoneOffset() * 60_000) / DAY_MS));
}

/**
 * Minutes since 1970-01-01T00:00 of a wall clock `YYYY-MM-DDTHH:MM`, with optional seconds and
 * offset, which are not compared (a form's times are the property's wall clock); null otherwise.
 */
export function wallMinute(text) {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(:\d{2})?(Z|[+-]\d{2}:\d{2})?$/.exec(text ?? "");
  if (!match) return null;
  const day = dayNumber(match[1]);
  const hour = Number(match[2]);
  const minute = Number(match[3]);
  if (day === null || hour > 23 || minute > 59) return null;
  return day * 1440 + hour * 60 + minute;
}

/** `YYYY-MM-DDTHH:MM` of a wall minute: what `<input type="datetime-local">` takes. */
export function isoWallMinute(minutes) {
  const day = Math.floor(minutes / 1440);
  const inDay = minutes - day * 1440;
  return `${isoDay(day)}T${pad(Math.floor(inDay / 60))}:${pad(inDay % 60)}`;
}

const zoneParts = new Map();

/** Milliseconds a time zone is ahead of UTC at an instant (+7 h for Asia/Bangkok). */
function zoneOffset(ms, timeZone) {
  let format = zoneParts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric",
      minute: "numeric", second: "numeric",
    });
    zoneParts.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The wall clock (`YYYY-MM-DDTHH:MM`) of an instant in a zone. */
export function wallClock(instant, timeZone) {
  const ms = typeof instant === "number" ? instant : Date.parse(instant);
  return new Date(ms + zoneOffset(ms, timeZone)).toISOString().slice(0, 16);
}

/**
 * Today's date (`YYYY-MM-DD`) in a zone: a hotel's day is its own, not the browser's and not UTC's
 * (at 03:00 in Chiang Mai it is still yesterday in UTC).
 */
export function todayIn(timeZone, now = Date.now()) {
  return wallClock(now, timeZone).slice(0, 10);
}

/**
 * The instant (RFC 3339 in UTC, on the minute) of a wall clock `YYYY-MM-DDTHH:MM` in a zone. A time
 * that a daylight-saving change skips is taken as the same clock reading after the change.
 */
export function instantOfWallClock(wall, timeZone) {
  const asUTC = Date.parse(`${wall}:00Z`);
  if (Number.isNaN(asUTC)) throw new RangeError(`'${wall}' is not a time like 2026-11-22T10:30`);
  let ms = asUTC - zoneOffset(asUTC, timeZone);
  ms = asUTC - zoneOffset(ms, timeZone);
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}
