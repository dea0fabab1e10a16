import { useParams, useRoutes, type RouteObject } from 'react-router';
import '../../styles/full.css';
import { lazyPage } from '../../lib/lazy-page';
import { titled } from '../page-title';
import { CatchAll, RequireCustomer } from '../../features/auth/guards';
import { BUSINESS_SECTIONS } from '../../features/business/sections';
import { ownDataRoutes } from './screens/own-data';
import { recordsRoutes } from './screens/records';

/** The business customers' routes under /business-dashboard, in the area's own chunk. */
const BusinessOverview = lazyPage(() => import('../../features/business/business-overview'), ['business']);
// The shell carries the area's strings too: its sidebar names the screens entry.
const BusinessLayout = lazyPage(() => import('./business-layout'), ['business']);
const BusinessSectionPage = lazyPage(() => import('../../features/business/business-section-page'));

const OVERVIEW_TITLE = ['business.sections.overview', 'business.title'];

/** A section's screen with the section's title (an unknown section is sent on by the screen itself). */
function SectionWithTitle() {
  const { section = '' } = useParams();
  const known = (BUSINESS_SECTIONS as readonly string[]).includes(section);
  return titled(
    known ? [`business.sections.${section}`, 'business.title'] : ['business.title'],
    <BusinessSectionPage />,
  );
}

const routes: RouteObject[] = [
  {
    element: (
      <RequireCustomer>
        <BusinessLayout />
      </RequireCustomer>
    ),
    children: [
      { index: true, element: titled(OVERVIEW_TITLE, <BusinessOverview />) },
      { path: 'overview', element: titled(OVERVIEW_TITLE, <BusinessOverview />) },
      ...ownDataRoutes,
      ...recordsRoutes,
      { path: ':section', element: <SectionWithTitle /> },
    ],
  },
  // Unknown paths inside the area go where the app's catch-all sends them.
  { path: '*', element: <CatchAll /> },
];

export default function BusinessRoutes() {
  return useRoutes(routes);
}
