/**
 * The server the e2e run starts (playwright.config.ts webServer): its port (E2E_PORT, default 3199, so
 * parallel runs can pick their own), fresh data, and the seeded administrator.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const ADMIN_EMAIL = 'admin-e2e@fieldbook.test';
export const ADMIN_PASSWORD = 'e2e-admin-password-4c1f';
/** An API origin the e2e server allows (API_ALLOWED_ORIGINS) where nothing answers: port 9 refuses at once. */
export const DEAD_API_ORIGIN = 'http://127.0.0.1:9';
