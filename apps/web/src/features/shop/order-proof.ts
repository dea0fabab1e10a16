import { solveProof } from '../../lib/altcha';

/**
 * The order's proof of work, loaded only when the buyer starts on the form: the solver (altcha-lib)
 * and its worker stay out of the prerendered /rksv page's first load.
 */
const createWorker = () => new Worker(new URL('../public-forms/altcha-worker.ts', import.meta.url), { type: 'module' });

export const solveOrderProof = () => solveProof({ createWorker });
