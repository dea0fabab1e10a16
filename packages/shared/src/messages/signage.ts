/** Messages of the signage area: key → German text (backoffice.md section 8). */
export const SIGNAGE_MSG = {} as const;
