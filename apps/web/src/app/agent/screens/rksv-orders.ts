import type { AreaScreens } from './types';

/** Screens of the rksv-orders area by sidebar path (lazy); the area's issue fills it in. */
export const rksvOrdersScreens: AreaScreens = {};
