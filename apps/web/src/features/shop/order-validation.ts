import { zod4Resolver } from 'mantine-form-zod-resolver';
import { rksvOrderFormSchema } from '@portal/shared';

/** Loaded on first focus of the order form (useDeferredValidation). */
export const validateOrder = zod4Resolver(rksvOrderFormSchema);
