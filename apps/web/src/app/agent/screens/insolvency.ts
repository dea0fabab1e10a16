import type { AreaScreens } from './types';

/** Screens of the insolvency area by sidebar path (lazy); the area's issue fills it in. */
export const insolvencyScreens: AreaScreens = {};
