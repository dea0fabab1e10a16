import type { CreateUserInput } from '@portal/shared';
import { api } from '../../../lib/api';

/** POST /create-user: a new staff account; the invitation mail goes out, the answer carries the message. */
export function createUser(input: CreateUserInput) {
  return api<{ message: string }>('/create-user', { method: 'POST', body: input });
}
