/** Messages of the stats area: key → German text (backoffice.md section 8). */
export const STATS_MSG = {} as const;
