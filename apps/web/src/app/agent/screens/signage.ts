import type { AreaScreens } from './types';

/** Screens of the signage area by sidebar path (lazy); the area's issue fills it in. */
export const signageScreens: AreaScreens = {};
