// What other areas may use of this one: they import it from here, never from its files (eslint.config.js).
export { stageCondition } from './stage-sql.js';
export { cardStateSql } from './card-state-sql.js';
export { replacementPrefill } from './replacement.js';
export { maySeeOrder } from './access.js';
