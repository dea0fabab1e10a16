import { Navigate, useRoutes, type RouteObject } from 'react-router';
import '../../styles/full.css';
import { lazyPage } from '../../app/lazy-page';
import { CatchAll, RequireCustomer } from '../auth/guards';
import BusinessLayout from './business-layout';

/** The business customers' routes under /business-dashboard, in the area's own chunk. */
const BusinessOverview = lazyPage(() => import('./business-overview'));
const BusinessSectionPage = lazyPage(() => import('./business-section-page'));
const ProfilePage = lazyPage(() => import('../auth/profile-page'));

const routes: RouteObject[] = [
  {
    element: (
      <RequireCustomer>
        <BusinessLayout />
      </RequireCustomer>
    ),
    children: [
      { index: true, element: <BusinessOverview /> },
      { path: 'overview', element: <BusinessOverview /> },
      { path: 'profile', element: <ProfilePage /> },
      // 'branches' ranks above 'branches/*', whose splat also matches an empty rest: without it the
      // section redirected to itself. The spec's branches/new and branches/{id} lead to the section.
      { path: 'branches', element: <BusinessSectionPage section="branches" /> },
      { path: 'branches/*', element: <Navigate to="/business-dashboard/branches" replace /> },
      { path: ':section', element: <BusinessSectionPage /> },
    ],
  },
  // Unknown paths inside the area go where the app's catch-all sends them.
  { path: '*', element: <CatchAll /> },
];

export default function BusinessRoutes() {
  return useRoutes(routes);
}
