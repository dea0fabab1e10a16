/** Messages of the cashbook area: key → German text (backoffice.md section 8). */
export const CASHBOOK_MSG = {} as const;
