import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { pathParams, schemaKeys, type Call, type CallAnswer, type CallInput } from '@portal/shared/contracts';
import { api, apiBlob, ApiError } from './api';
import { idempotencyHeaders, keyForAttempt } from './idempotency';
import { saveBlob } from './save-blob';
import { uploadWithProgress } from './upload';

/**
 * The web side of the declarations (packages/shared/src/contracts): every call is fetched by
 * `callApi(calls.x, input)`, read with `useCallQuery`, changed with `useCallMutation`, saved with
 * `downloadCall`. The declaration says where the input's fields go (path, query, body, multipart),
 * whether the call takes an Idempotency-Key, and what the answer must look like: an answer that is
 * not JSON (a proxy's HTML page) or not of the declared shape becomes an ApiError of that kind,
 * shown in words by lib/errors.ts. No area writes a client of its own.
 */

type Input = Record<string, unknown>;

const isZod = (a: Call['answer']): a is z.ZodType => a !== null && typeof (a as z.ZodType).safeParse === 'function';

/** The path with its parameters filled in, and the query string of the declared query fields. */
export function callUrl(call: Call, input: Input = {}): string {
  let path = call.path;
  for (const p of pathParams(call.path)) path = path.replace(`:${p}`, encodeURIComponent(String(input[p] ?? '')));
  const query = new URLSearchParams();
  for (const k of schemaKeys(call.query)) {
    const v = input[k];
    if (v === undefined || v === null || v === '') continue;
    for (const one of Array.isArray(v) ? v : [v]) query.append(k, String(one));
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The fields that go into the body: the declared body's (or, for a body without fields, all the rest),
 * after the `beside` fields. A multipart call sends a form (a call that also takes JSON: only with
 * files, or when its progress is watched); its files come last, after every field the server checks first.
 */
function bodyOf(call: Call, input: Input, opts: CallOptions): unknown {
  const keys = schemaKeys(call.body ?? call.multipart?.fields);
  const taken = new Set([...pathParams(call.path), ...schemaKeys(call.query)]);
  const body: Input = { ...opts.beside };
  for (const [k, v] of Object.entries(input))
    if (k !== 'files' && (keys.length ? keys.includes(k) : !taken.has(k))) body[k] = v;
  const files = (input.files as readonly Blob[] | undefined) ?? [];
  if (!call.multipart || (call.multipart.orJson && !files.length && !opts.onProgress)) return body;
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) form.append(k, String(v));
  const { fileField, indexedFiles } = call.multipart;
  files.forEach((f, i) => form.append(indexedFiles ? `${fileField}${i}` : fileField, f));
  return form;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** A create call's key for this attempt (default: one per input object, kept across its retries). */
  idempotencyKey?: string;
  /** Sign-in calls: a 401 there is a wrong password, not an ended session. */
  skipUnauthorizedHandler?: boolean;
  /** 0..100 while a multipart body is sent (then sent through XMLHttpRequest: fetch reports no upload progress). */
  onProgress?: (percent: number) => void;
  /**
   * Fields a check reads before the declared schema (the public forms' proof of work and honeypot),
   * sent first, beside the declared fields the schema takes.
   */
  beside?: Record<string, string>;
}

/** One call of the API, typed by its declaration. */
export async function callApi<C extends Call>(
  call: C,
  input: CallInput<C>,
  opts: CallOptions = {},
): Promise<CallAnswer<C>> {
  const values = (input ?? {}) as Input;
  const url = callUrl(call, values);
  const fail = (kind: 'notJson' | 'shape', status: number, body?: unknown) =>
    new ApiError(status, '', body, { kind, area: call.area });
  if (call.answer && 'file' in call.answer) {
    try {
      return (await apiBlob(url, opts.signal)) as CallAnswer<C>;
    } catch (e) {
      if (e instanceof ApiError && typeof e.body === 'string') throw fail('notJson', e.status, e.body);
      throw e;
    }
  }
  const hasBody = call.method !== 'GET' && (call.body !== undefined || call.multipart !== undefined);
  const body = hasBody ? bodyOf(call, values, opts) : undefined;
  const headers = call.idempotent ? idempotencyHeaders(opts.idempotencyKey ?? keyForAttempt(values)) : undefined;
  let data: unknown;
  try {
    data =
      body instanceof FormData && opts.onProgress
        ? await uploadWithProgress<unknown>(url, body, {
            method: call.method,
            onProgress: opts.onProgress,
            signal: opts.signal,
            headers,
          })
        : await api<unknown>(url, {
            method: call.method,
            body,
            signal: opts.signal,
            skipUnauthorizedHandler: opts.skipUnauthorizedHandler,
            headers,
          });
  } catch (e) {
    // An error page that is not JSON: the API is not reachable as it should be.
    if (e instanceof ApiError && typeof e.body === 'string' && e.body.trim().startsWith('<'))
      throw fail('notJson', e.status, e.body);
    throw e;
  }
  if (!isZod(call.answer)) return undefined as CallAnswer<C>;
  if (typeof data === 'string') throw fail('notJson', 200, data);
  if (!call.answer.safeParse(data).success) throw fail('shape', 200, data);
  return data as CallAnswer<C>;
}

/** The query key of a call: its area first, so `invalidateArea` refreshes every screen of the area. */
export const callKey = (call: Call, input?: unknown): QueryKey =>
  input === undefined ? [call.area, call.name] : [call.area, call.name, input];

/** TanStack Query options of a read (for `useQuery`, `useQueries`, prefetching). */
export const callQuery = <C extends Call>(call: C, input: CallInput<C>) =>
  queryOptions({
    queryKey: callKey(call, input),
    queryFn: ({ signal }) => callApi(call, input, { signal }),
  });

/**
 * A read paged by `cursor` → `nextCursor` as an infinite query ("Mehr laden" appends the next page):
 * the input without the cursor keys it, each page is the call with the cursor of the page before.
 */
export const callPagesQuery = <C extends Call>(call: C, input: CallInput<C>, enabled = true) =>
  infiniteQueryOptions({
    queryKey: [...callKey(call, input), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      callApi(call, { ...(input as Input), cursor: pageParam ?? undefined } as CallInput<C>, { signal }),
    initialPageParam: null as unknown,
    getNextPageParam: (last: CallAnswer<C>) => (last as { nextCursor?: unknown }).nextCursor ?? undefined,
    enabled,
  });

type QueryExtras<C extends Call> = Omit<UseQueryOptions<CallAnswer<C>, Error>, 'queryKey' | 'queryFn'>;

/** A read as a hook: `useCallQuery(calls.x, input, { enabled, placeholderData })`. */
export function useCallQuery<C extends Call>(call: C, input: CallInput<C>, options: QueryExtras<C> = {}) {
  return useQuery({ ...callQuery(call, input), ...options } as UseQueryOptions<CallAnswer<C>, Error>);
}

/** Marks every query of an area stale (after a change the area's screens show). */
export const invalidateArea = (qc: ReturnType<typeof useQueryClient>, area: string) =>
  qc.invalidateQueries({ queryKey: [area] });

type MutationExtras<C extends Call> = Omit<UseMutationOptions<CallAnswer<C>, Error, CallInput<C>>, 'mutationFn'> & {
  /** Areas whose queries are stale after success (default: the call's own area; [] for none). */
  invalidates?: string[];
  /** Refresh them also when the call failed (a reversal another screen may have done already). */
  refreshOnError?: boolean;
  /** The upload's progress (0..100) of a multipart call. */
  onProgress?: (percent: number) => void;
};

/** A change as a hook: `useCallMutation(calls.x).mutate(input)`; the area's queries refresh on success. */
export function useCallMutation<C extends Call>(call: C, options: MutationExtras<C> = {}) {
  const qc = useQueryClient();
  const { invalidates = [call.area], refreshOnError = false, onProgress, onSuccess, onError, ...rest } = options;
  const refresh = () => Promise.all(invalidates.map((a) => invalidateArea(qc, a)));
  return useMutation<CallAnswer<C>, Error, CallInput<C>>({
    ...rest,
    mutationFn: (input) => callApi(call, input, { onProgress }),
    onSuccess: async (...args) => {
      await refresh();
      await (onSuccess as ((...a: typeof args) => unknown) | undefined)?.(...args);
    },
    onError: async (...args) => {
      if (refreshOnError) void refresh();
      await (onError as ((...a: typeof args) => unknown) | undefined)?.(...args);
    },
  });
}

/** A file call saved under `name` (CSV, PDF): fetched with the session as every call is. */
export async function downloadCall<C extends Call>(call: C, input: CallInput<C>, name: string): Promise<Blob> {
  const blob = (await callApi(call, input)) as Blob;
  saveBlob(blob, name);
  return blob;
}
