// A folio's document (`#/documents/{id}`), bank statements (`#/bank`) and the night audit, a salon's day
// close (`#/audit`).
export const routes = {
  documents: import.meta.resolve("./document.js"),
  bank: import.meta.resolve("./bank.js"),
  audit: import.meta.resolve("./night-audit.js"),
};
