import type { AreaScreens } from './types';

/** Screens of the stats area by sidebar path (lazy); the area's issue fills it in. */
export const statsScreens: AreaScreens = {};
