import { zod4Resolver } from 'mantine-form-zod-resolver';
import { loginSchema } from '@portal/shared';

/** Loaded on first focus of the sign-in form (useDeferredValidation). */
export const validateLogin = zod4Resolver(loginSchema);
