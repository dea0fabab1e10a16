/** The longest texts of a card's life (issue 32): the server's schemas, the messages and the web's counters. */
export const RKSV_CARD_NOTE_MAX = 500;
export const RKSV_CARD_TYPE_MAX = 60;
export const RKSV_DEADLINE_PAGE_DEFAULT = 50;
export const RKSV_DEADLINE_PAGE_MAX = 200;
/** The deadline list counts each kind up to this many. */
export const RKSV_DEADLINE_COUNT_CAP = 1000;
