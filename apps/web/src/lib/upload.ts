import { api, ApiError, apiPath } from './api';
import { readStoredUser } from './auth-storage';

export interface UploadOptions {
  method?: string;
  /** Called with 0..100 while the body is being sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/**
 * A multipart call through XMLHttpRequest, for the upload progress that fetch does not report.
 * Same rules as `api()`: the /api prefix, the bearer token of the stored user, credentials, and an
 * `ApiError{status, message}` for any answer other than 2xx.
 */
export function uploadWithProgress<T>(path: string, body: FormData, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', apiPath(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(name, value);
    const user = readStoredUser();
    if (user?.accessToken) xhr.setRequestHeader('authorization', `Bearer ${user.accessToken}`);

    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let data: unknown = undefined;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(100);
        resolve(data as T);
        return;
      }
      if (xhr.status === 401) {
        // The session has ended: a call through the api client runs the one logout path it knows.
        void api('/auth/verify-token').catch(() => {});
      }
      const message = (data as { message?: string } | undefined)?.message ?? '';
      reject(new ApiError(xhr.status, message, data));
    };
    xhr.onerror = () => reject(new ApiError(0, ''));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));

    if (opts.signal) {
      if (opts.signal.aborted) {
        reject(new DOMException('Upload aborted', 'AbortError'));
        return;
      }
      opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}
