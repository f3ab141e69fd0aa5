/** Where the end-to-end stack listens, apart from `npm run dev`'s ports. */
export const E2E_APP_PORT = 3100;
export const E2E_BACKEND_PORT = 54329;
export const E2E_DIST_DIR = ".next-e2e";
export const E2E_APP_URL = `http://127.0.0.1:${E2E_APP_PORT}`;
export const E2E_BACKEND_URL = `http://127.0.0.1:${E2E_BACKEND_PORT}`;
export const E2E_CONTROL_PORT = 54330;
export const E2E_CONTROL_URL = `http://127.0.0.1:${E2E_CONTROL_PORT}`;
