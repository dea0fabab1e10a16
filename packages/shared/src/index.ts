export * from './enums.js';
export * from './constants.js';
export * from './user.js';
export * from './schemas/auth.js';
export * from './format.js';
export * from './calendar.js';
export * from './schemas/tasks.js';
