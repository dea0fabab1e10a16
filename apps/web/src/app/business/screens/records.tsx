import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../lazy-page';
import { titled } from '../../page-title';

const BusinessSectionPage = lazyPage(() => import('../../../features/business/business-section-page'));
const ProfilePage = lazyPage(() => import('../../../features/auth/profile-page'));

/**
 * Routes of the business dashboard over what the customer keeps or receives (documents, branches,
 * news, profile), relative to /business-dashboard; they rank before the generic `:section` route.
 */
export const recordsRoutes: RouteObject[] = [
  { path: 'profile', element: titled(['business.sections.profile', 'business.title'], <ProfilePage />) },
  // 'branches' ranks above 'branches/*', whose splat also matches an empty rest: without it the
  // section redirected to itself. The spec's branches/new and branches/{id} lead to the section.
  {
    path: 'branches',
    element: titled(['business.sections.branches', 'business.title'], <BusinessSectionPage section="branches" />),
  },
  { path: 'branches/*', element: <Navigate to="/business-dashboard/branches" replace /> },
];
