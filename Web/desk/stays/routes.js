// A stay's page: `#/stays/{id}`.
export const routes = {
  stays: import.meta.resolve("./stay.js"),
};
