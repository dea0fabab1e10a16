import type { AreaScreens } from './types';

/** Screens of the sync area by sidebar path (lazy); the area's issue fills it in. */
export const syncScreens: AreaScreens = {};
