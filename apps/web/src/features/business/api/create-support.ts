import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotencyHeaders, keyForAttempt } from '../../../lib/idempotency';
import { uploadWithProgress } from '../../../lib/upload';
import { businessKeys } from './keys';

export interface NewSupportRequest {
  titel: string;
  beschreibung: string;
  typ: number;
  files: File[];
}

/** POST /business/support (multipart, so files can travel); one idempotency key per submit attempt. */
export function useCreateBusinessSupport(onProgress?: (percent: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (r: NewSupportRequest) => {
      const body = new FormData();
      body.set('titel', r.titel);
      body.set('beschreibung', r.beschreibung);
      body.set('typ', String(r.typ));
      for (const f of r.files) body.append('files', f);
      return uploadWithProgress<{ message: string; id: number }>('/business/support', body, {
        onProgress,
        headers: idempotencyHeaders(keyForAttempt(r)),
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: businessKeys.all }),
  });
}
