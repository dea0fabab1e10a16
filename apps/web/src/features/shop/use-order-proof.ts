import { useCallback, useRef } from 'react';
import type { Proof } from '../../lib/altcha';

const load = () => import('./order-proof').then((m) => m.solveOrderProof());

/**
 * The order calls need the public forms' proof of work. It is solved in the background from the
 * buyer's first focus on the form (the solver is loaded only then), so it is usually ready by the
 * time they submit; `take()` hands it out (single use) and solves a fresh one if it is missing,
 * failed or about to expire.
 */
export function useOrderProof() {
  const next = useRef<Promise<Proof> | null>(null);

  const prepare = useCallback(() => {
    if (next.current) return;
    const p = load();
    p.catch(() => {}); // reported when taken
    next.current = p;
  }, []);

  const take = useCallback(async (): Promise<string> => {
    const pending = next.current ?? load();
    next.current = null;
    let proof: Proof | null = null;
    try {
      proof = await pending;
    } catch {
      // The prepared one failed (network): one more try while the buyer waits.
    }
    if (!proof || Date.now() > proof.usableUntil) proof = await load();
    return proof.payload;
  }, []);

  return { prepare, take };
}
