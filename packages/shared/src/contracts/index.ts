/** Every call of the portal, declared once per area (define.ts); the server serves them, the web fetches them. */
export * from './define.js';
export { cashbookCalls } from './cashbook.js';
