/** Messages of the sync area: key → German text (backoffice.md section 8). */
export const SYNC_MSG = {} as const;
