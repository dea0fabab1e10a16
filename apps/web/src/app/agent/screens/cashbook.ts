import type { AreaScreens } from './types';

/** Screens of the cashbook area by sidebar path (lazy); the area's issue fills it in. */
export const cashbookScreens: AreaScreens = {};
