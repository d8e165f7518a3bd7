// A folio's document (`#/documents/{id}`), bank statements (`#/bank`) and the night audit, a salon's day
// close (`#/audit`).
export const routes = {
  documents: (retry = "") => import(`./document.js${retry}`),
  bank: (retry = "") => import(`./bank.js${retry}`),
  audit: (retry = "") => import(`./night-audit.js${retry}`),
};
