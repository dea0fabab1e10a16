// A web worker that solves ALTCHA challenges with WebCrypto SHA-256 (altcha-lib's worker handler):
// the proof of work runs off the main thread, several workers in parallel on a phone's cores.
import { handler } from 'altcha-lib/workers/shared';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

handler({ deriveKey });
