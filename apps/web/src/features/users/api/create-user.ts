import type { CreateUserInput } from '@portal/shared';
import { usersCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** A new staff account; the invitation mail goes out, the answer carries the message (`createUser`). */
export const createUser = (input: CreateUserInput) => callApi(usersCalls.createUser, input);
