/** Sessions last this long unless SESSION_TTL_SECONDS says otherwise. */
export const DEFAULT_SESSION_TTL_SECONDS = 8 * 60 * 60;
/** An invitation link is valid this long. */
export const INVITATION_TTL_HOURS = 72;
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
/** Sign-in attempts allowed per IP and per email within the window. */
export const LOGIN_RATE_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 } as const;

/** Emergency support: 150 EUR per started hour, excl. VAT (cents). */
export const EMERGENCY_PRICE_CENTS_PER_HOUR = 15000;

/** DEP exports exist from this year on; the last selectable year is the current one. */
export const DEP_FIRST_YEAR = 2017;
/** A menu change needs this many working days of lead time. */
export const MENU_CHANGE_MIN_WORKING_DAYS = 3;
export const CUSTOMER_SEARCH_MIN = 3;
