// What other areas may use of this one: they import it from here, never from its files (eslint.config.js).
export { customerCountryFilter, findInRegister } from './service.js';
export { timelineOf } from './timeline.js';
