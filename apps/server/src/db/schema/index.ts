export * from './reference.js';
export * from './customers.js';
export * from './users.js';
export * from './sessions.js';
export * from './mail.js';
export * from './rate-limits.js';
export * from './tasks.js';
export * from './notifications.js';
