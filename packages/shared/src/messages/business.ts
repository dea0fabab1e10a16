/** Messages of the business dashboard: key → German text. */
export const BUSINESS_MSG = {} as const;
