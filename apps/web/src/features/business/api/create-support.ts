import { useMutation, useQueryClient } from '@tanstack/react-query';
import { businessCalls } from '@portal/shared/contracts';
import { callUrl, invalidateArea } from '../../../lib/calls';
import { idempotencyHeaders, keyForAttempt } from '../../../lib/idempotency';
import { uploadWithProgress } from '../../../lib/upload';

const call = businessCalls.createBusinessSupportRequest;

export interface NewSupportRequest {
  titel: string;
  beschreibung: string;
  typ: number;
  files: File[];
}

/**
 * A support request with its files (`createBusinessSupportRequest`), always multipart so the upload
 * reports its progress (lib/upload.ts: fetch does not); one idempotency key per submit attempt.
 */
export function useCreateBusinessSupport(onProgress?: (percent: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (r: NewSupportRequest) => {
      const body = new FormData();
      body.set('titel', r.titel);
      body.set('beschreibung', r.beschreibung);
      body.set('typ', String(r.typ));
      for (const f of r.files) body.append(call.multipart.fileField, f);
      return uploadWithProgress<{ message: string; id: number }>(callUrl(call), body, {
        method: call.method,
        onProgress,
        headers: idempotencyHeaders(keyForAttempt(r)),
      });
    },
    onSuccess: () => invalidateArea(qc, call.area),
  });
}
