/** Messages of the insolvency area: key → German text (backoffice.md section 8). */
export const INSOLVENCY_MSG = {} as const;
