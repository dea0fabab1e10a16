/** Messages of the rksv-orders area: key → German text (backoffice.md section 8). */
export const RKSV_ORDERS_MSG = {} as const;
