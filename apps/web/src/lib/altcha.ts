import { useCallback, useEffect, useRef, useState } from 'react';
import { solveChallenge, solveChallengeWorkers, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { publicFormsCalls } from '@portal/shared/contracts';
import { callApi } from './calls';

/**
 * The proof of work behind the public forms' slider: a challenge from GET /web/challenge, solved in
 * the background (in web workers when the page provides them, else on the main thread — WebCrypto
 * is asynchronous, so the page stays responsive), and handed over as the base64 payload of
 * `{challenge, solution}` that the form sends as its `altcha` field. Each payload is single use:
 * `take()` hands the current one out and starts on the next.
 */
export type AltchaStatus = 'solving' | 'ready' | 'error';

export interface UseAltchaOptions {
  /** A module worker running altcha-lib's worker handler with the WebCrypto SHA-256 key derivation. */
  createWorker?: () => Worker;
}

/** A fresh challenge (`getChallenge`); the declaration checks its outline, altcha-lib reads its parameters. */
const fetchChallenge = async (signal: AbortSignal) =>
  (await callApi(publicFormsCalls.getChallenge, {}, { signal })) as unknown as Challenge;

export interface AltchaHandle {
  status: AltchaStatus;
  /** Milliseconds the last solve took (for diagnostics and tests). */
  solveMs: number | null;
  /** The payload of a solved, unexpired challenge; each call consumes one. */
  take(): Promise<string>;
}

interface Pending {
  payload: Promise<string>;
  /** Epoch ms after which the server refuses it (with a minute of margin). */
  usableUntil: number;
}

const RENEW_MARGIN_MS = 60_000;

async function solve(challenge: Challenge, createWorker: (() => Worker) | undefined, controller: AbortController) {
  if (createWorker && typeof Worker !== 'undefined') {
    try {
      const concurrency = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2));
      return await solveChallengeWorkers({ challenge, concurrency, createWorker, controller });
    } catch {
      // Workers refused (old browser, policy): do the work here.
    }
  }
  return solveChallenge({ challenge, deriveKey, controller });
}

const encode = (challenge: Challenge, solution: Solution) =>
  btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));

export interface Proof {
  /** The base64 payload of `{challenge, solution}` for the `altcha` field (single use). */
  payload: string;
  /** Epoch ms after which the server refuses it (with a minute of margin). */
  usableUntil: number;
  solveMs: number;
}

/** One proof of work: a challenge fetched and solved. For pages that need no slider state (the order page). */
export async function solveProof({
  createWorker,
  controller = new AbortController(),
}: UseAltchaOptions & { controller?: AbortController } = {}): Promise<Proof> {
  const challenge = await fetchChallenge(controller.signal);
  const expires = (challenge.parameters.expiresAt ?? 0) * 1000;
  const started = performance.now();
  const solution = await solve(challenge, createWorker, controller);
  if (!solution) throw new Error('altcha: not solved');
  return {
    payload: encode(challenge, solution),
    usableUntil: expires ? expires - RENEW_MARGIN_MS : Number.POSITIVE_INFINITY,
    solveMs: Math.round(performance.now() - started),
  };
}

export function useAltcha({ createWorker }: UseAltchaOptions = {}): AltchaHandle {
  const [status, setStatus] = useState<AltchaStatus>('solving');
  const [solveMs, setSolveMs] = useState<number | null>(null);
  const current = useRef<Pending | null>(null);
  const controllers = useRef(new Set<AbortController>());
  const renewTimer = useRef<number | undefined>(undefined);
  const mounted = useRef(true);

  const start = useCallback((): Pending => {
    const controller = new AbortController();
    controllers.current.add(controller);
    setStatus('solving');
    const pending: Pending = { payload: Promise.resolve(''), usableUntil: Number.POSITIVE_INFINITY };
    pending.payload = (async () => {
      try {
        const challenge = await fetchChallenge(controller.signal);
        const expires = (challenge.parameters.expiresAt ?? 0) * 1000;
        pending.usableUntil = expires ? expires - RENEW_MARGIN_MS : Number.POSITIVE_INFINITY;
        const started = performance.now();
        const solution = await solve(challenge, createWorker, controller);
        if (!solution) throw new Error('altcha: not solved');
        if (mounted.current && current.current === pending) {
          setSolveMs(Math.round(performance.now() - started));
          setStatus('ready');
          // Fetch a fresh one shortly before this one expires, so a slow form still has a valid proof.
          window.clearTimeout(renewTimer.current);
          if (Number.isFinite(pending.usableUntil))
            renewTimer.current = window.setTimeout(
              () => {
                if (mounted.current && current.current === pending) current.current = start();
              },
              Math.max(0, pending.usableUntil - Date.now()),
            );
        }
        return encode(challenge, solution);
      } catch (e) {
        if (mounted.current && current.current === pending) setStatus('error');
        throw e;
      } finally {
        controllers.current.delete(controller);
      }
    })();
    // Nobody may be waiting yet: keep an early failure from being reported as unhandled.
    pending.payload.catch(() => {});
    return pending;
  }, [createWorker]);

  useEffect(() => {
    mounted.current = true;
    const all = controllers.current;
    current.current = start();
    return () => {
      mounted.current = false;
      window.clearTimeout(renewTimer.current);
      for (const c of all) c.abort();
      all.clear();
      current.current = null;
    };
  }, [start]);

  const take = useCallback(async (): Promise<string> => {
    let pending = current.current;
    if (!pending || Date.now() > pending.usableUntil) pending = start();
    // Handed out: it is single use. The next one starts once this one is settled.
    current.current = null;
    try {
      return await pending.payload;
    } catch {
      // The prepared one failed (network, expiry): one more try while the person waits.
      return await start().payload;
    } finally {
      if (mounted.current) current.current = start();
    }
  }, [start]);

  return { status, solveMs, take };
}
