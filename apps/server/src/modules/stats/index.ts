// What other areas may use of this one: they import it from here, never from its files (eslint.config.js).
export { assertStatsScope } from './scope.js';
export { windowMonths } from './window.js';
