/** Rows per page of the signage tables. */
export const SIGNAGE_PAGE = 25;
