// How the desk names a folio line: a room night's description carries its date for the record
// ("Garden Double, night of 2026-11-24"), which the folio and the documents show in their own date
// column, in the page's language; so the name alone is shown beside it.

const NIGHT_SUFFIX = /, night of \d{4}-\d{2}-\d{2}$/;

/** A folio or document line's description, without the night a date column already shows. */
export function lineLabel(line) {
  return line.night ? line.description.replace(NIGHT_SUFFIX, "") : line.description;
}
