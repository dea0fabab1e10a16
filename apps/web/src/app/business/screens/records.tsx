import type { RouteObject } from 'react-router';
import { ChangePasswordForm } from '../../../features/auth/change-password-form';
import { lazyPage } from '../../../lib/lazy-page';
import { titled } from '../../page-title';

const AREA = ['business-records'] as const;
const DocumentsPage = lazyPage(() => import('../../../features/business-records/documents-page'), AREA);
const BranchesPage = lazyPage(() => import('../../../features/business-records/branches-page'), AREA);
const BranchFormPage = lazyPage(() => import('../../../features/business-records/branch-form-page'), AREA);
const NewsPage = lazyPage(() => import('../../../features/business-records/news-page'), AREA);
const ProfilePage = lazyPage(() => import('../../../features/business-records/profile-page'), AREA);

const title = (section: string) => [`business.sections.${section}`, 'business.title'];

/**
 * Routes of the business dashboard over what the customer keeps or receives (documents, branches,
 * news, profile), relative to /business-dashboard; they rank before the generic `:section` route.
 * The profile gets the staff's change-password form from here: a feature imports no other feature.
 */
export const recordsRoutes: RouteObject[] = [
  { path: 'documents', element: titled(title('documents'), <DocumentsPage />) },
  { path: 'branches', element: titled(title('branches'), <BranchesPage />) },
  // The spec's links: branches/new and branches/{id} (anything else there shows "not found").
  { path: 'branches/:id', element: titled(title('branches'), <BranchFormPage />) },
  { path: 'news', element: titled(title('news'), <NewsPage />) },
  { path: 'profile', element: titled(title('profile'), <ProfilePage passwordForm={<ChangePasswordForm />} />) },
];
