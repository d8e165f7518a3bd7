// An appointment's page: `#/appointments/{id}`.
export const routes = {
  appointments: import.meta.resolve("./appointment.js"),
};
