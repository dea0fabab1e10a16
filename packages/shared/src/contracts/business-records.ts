import { z } from 'zod';
import {
  branchInputSchema,
  branchSchema,
  documentIdSchema,
  documentListSchema,
  newsInputSchema,
  newsListSchema,
  newsPostListSchema,
  newsPostSchema,
  newsQuerySchema,
  profileInputSchema,
  profileSchema,
  recordsIdSchema,
  recordsPageQuerySchema,
} from '../schemas/business-records.js';
import { messageSchema } from '../user.js';
import { access, defineCalls, fileAnswer } from './define.js';

const customer = access.customerOnly;
const branchAnswer = z.object({ message: z.string(), code: z.string().optional(), branch: branchSchema });
const newsAnswer = z.object({ message: z.string(), code: z.string().optional(), post: newsPostSchema });

/** What the business customer keeps or receives: documents, branches, news, profile. */
export const businessRecordsCalls = defineCalls('business', {
  listBusinessDocuments: {
    method: 'GET',
    path: '/api/business/documents',
    access: customer,
    summary: 'Documents shared with the caller’s customer record and shared files of their tasks, newest first',
    query: recordsPageQuerySchema,
    answer: documentListSchema,
    errors: [400, 401, 403],
  },
  downloadBusinessDocument: {
    method: 'GET',
    path: '/api/business/documents/:id/download',
    access: customer,
    summary: 'One of the caller’s documents as a download (404 for any other)',
    params: documentIdSchema,
    answer: fileAnswer('application/octet-stream'),
    errors: [400, 401, 403, 404],
  },
  listBusinessBranches: {
    method: 'GET',
    path: '/api/business/branches',
    access: customer,
    summary: 'The caller’s branches by name',
    answer: z.array(branchSchema),
    errors: [400, 401, 403],
  },
  createBusinessBranch: {
    method: 'POST',
    path: '/api/business/branches',
    access: customer,
    summary: 'Add a branch {name, address, zipcode, city, phone?, opening_hours?}',
    body: branchInputSchema,
    answer: branchAnswer,
    status: 201,
    idempotent: true,
    errors: [400, 401, 403, 409],
  },
  updateBusinessBranch: {
    method: 'PUT',
    path: '/api/business/branches/:id',
    access: customer,
    summary: 'Change one of the caller’s branches',
    params: recordsIdSchema,
    body: branchInputSchema,
    answer: branchAnswer,
    errors: [400, 401, 403, 404, 409],
  },
  deleteBusinessBranch: {
    method: 'DELETE',
    path: '/api/business/branches/:id',
    access: customer,
    summary: 'Remove one of the caller’s branches',
    params: recordsIdSchema,
    answer: messageSchema,
    errors: [400, 401, 403, 404],
  },
  listBusinessNews: {
    method: 'GET',
    path: '/api/business/news',
    access: customer,
    summary: 'Published news newest first in the reader’s language (German fallback), unread marked',
    query: newsQuerySchema,
    answer: newsListSchema,
    errors: [400, 401, 403],
  },
  markBusinessNewsRead: {
    method: 'POST',
    path: '/api/business/news/:id/read',
    access: customer,
    summary: 'Mark a published post read for the caller',
    params: recordsIdSchema,
    answer: messageSchema,
    errors: [400, 401, 403, 404],
  },
  getBusinessProfile: {
    method: 'GET',
    path: '/api/business/profile',
    access: customer,
    summary: 'The caller’s customer record and sign-in e-mail',
    answer: profileSchema,
    errors: [400, 401, 403, 404],
  },
  updateBusinessProfile: {
    method: 'PUT',
    path: '/api/business/profile',
    access: customer,
    summary: 'Change the contact data {kontaktperson?, email?, telefon?} (company and number stay with staff)',
    body: profileInputSchema,
    answer: z.object({ message: z.string(), code: z.string().optional(), profile: profileSchema }),
    errors: [400, 401, 403, 404],
  },
});

/** Staff share files with a customer record: they appear in the customer's business dashboard (documents). */
export const customerDocumentCalls = defineCalls('customers', {
  uploadCustomerDocuments: {
    method: 'POST',
    path: '/api/customers/:id/documents',
    access: access.staffWith('tasks'),
    audit: { subject: 'customer', id: 'id' },
    summary:
      'Share files with a customer record (multipart: files); the customer downloads them in the business dashboard',
    params: recordsIdSchema,
    multipart: { fileField: 'files' },
    answer: z.object({
      message: z.string(),
      code: z.string().optional(),
      documents: z.array(
        z.object({ id: z.string(), name: z.string(), mime: z.string(), size: z.number(), created_at: z.string() }),
      ),
    }),
    status: 201,
    errors: [400, 401, 403, 404, 413, 415],
  },
});

/** The admins' news posts (/agent-dashboard/news): every post, published or still waiting for its date. */
export const newsCalls = defineCalls('news', {
  listNews: {
    method: 'GET',
    path: '/api/news',
    access: access.admin,
    summary: 'All news posts, newest publish date first',
    query: recordsPageQuerySchema,
    answer: newsPostListSchema,
    errors: [400, 401, 403],
  },
  createNews: {
    method: 'POST',
    path: '/api/news',
    access: access.admin,
    audit: { subject: 'news', answer: 'post.id' },
    summary: 'Write a post {title, text, published_from, translations?: {en, fr, ar}}',
    body: newsInputSchema,
    answer: newsAnswer,
    status: 201,
    idempotent: true,
    errors: [400, 401, 403],
  },
  updateNews: {
    method: 'PUT',
    path: '/api/news/:id',
    access: access.admin,
    audit: { subject: 'news', id: 'id' },
    summary: 'Change a post',
    params: recordsIdSchema,
    body: newsInputSchema,
    answer: newsAnswer,
    errors: [400, 401, 403, 404],
  },
  deleteNews: {
    method: 'DELETE',
    path: '/api/news/:id',
    access: access.admin,
    audit: { subject: 'news', id: 'id' },
    summary: 'Delete a post',
    params: recordsIdSchema,
    answer: messageSchema,
    errors: [400, 401, 403, 404],
  },
});
