// A folio's document (`#/documents/{id}`), bank statements (`#/bank`) and the night audit, a salon's day
// close (`#/audit`); the companies a hotel bills (`#/companies`, `#/companies/{id}`) and their months'
// invoices (`#/company-invoices/{id}`).
export const routes = {
  documents: import.meta.resolve("./document.js"),
  companies: import.meta.resolve("./companies.js"),
  "company-invoices": import.meta.resolve("./company-invoice.js"),
  bank: import.meta.resolve("./bank.js"),
  audit: import.meta.resolve("./night-audit.js"),
};
