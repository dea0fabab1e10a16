import type { ContentFile } from '@portal/shared';
import { uploadWithProgress } from '../../../lib/upload';

/** POST /okds-upload (multipart file, duration) with progress. */
export function uploadFile(file: File, duration: number, onProgress: (percent: number) => void) {
  const body = new FormData();
  body.append('duration', String(duration));
  body.append('file', file);
  return uploadWithProgress<{ message: string; file: ContentFile }>('/okds-upload', body, { onProgress });
}
