import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categorySchema, type CreateCategoryInput } from '@portal/shared';
import { cashbookCall } from './client';
import { invalidateCashbook } from './query-keys';

/** POST /cashbook/categories {name, description, type} */
export const createCategory = (body: CreateCategoryInput) =>
  cashbookCall('/categories', categorySchema, { method: 'POST', body });

export function useCreateCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => void invalidateCashbook(qc) });
}
