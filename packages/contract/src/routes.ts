/** The API's route table, shared by the server (registration) and the web client (calls). */
export const apiRoutes = {
  health: "/healthz",
  contact: "/api/contact",
} as const;
