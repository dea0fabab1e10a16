import { defineMessages } from './define.js';
/** Messages of the stats area: key → German text (backoffice.md section 8). */
export const STATS_MSG = defineMessages('stats', {
  invalidAgent: 'Ungültiger Mitarbeiter',
  otherAgent: 'Sie dürfen nur Ihre eigenen Statistiken ansehen.',
});
