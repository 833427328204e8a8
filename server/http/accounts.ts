import { createRouter } from "./router";

// Filled by the issue that owns these routes.
export const accountsApi = createRouter();
