/** Messages of the ratings area: key → German text (backoffice.md section 8). */
export const RATINGS_MSG = {} as const;
