import type { PlayerReportInput } from '@portal/shared';
import { signageCalls, type CallAnswer } from '@portal/shared/contracts';
import { callUrl } from '../../../lib/calls';

/**
 * The screen's calls (/ds/api, declared in contracts/signage.ts): no staff session, the device key
 * instead. Fetched apart from the app's api client on purpose: a 401 here means "register anew",
 * never "log a person out".
 */

const calls = signageCalls;

const STORE = { uuid: 'okds.uuid', key: 'okds.key', code: 'okds.code' } as const;

export interface DeviceIdentity {
  uuid: string;
  key: string | null;
  code: string | null;
}

export function readIdentity(): DeviceIdentity {
  let uuid = localStorage.getItem(STORE.uuid);
  if (!uuid) {
    uuid = crypto.randomUUID();
    localStorage.setItem(STORE.uuid, uuid);
  }
  return { uuid, key: localStorage.getItem(STORE.key), code: localStorage.getItem(STORE.code) };
}

export function forgetKey(): void {
  localStorage.removeItem(STORE.key);
  localStorage.removeItem(STORE.code);
}

/** The key came back 401: the device was registered anew elsewhere or removed. */
export class DeviceKeyRefused extends Error {}

/**
 * 409 on registering: this uuid is a device in service and this browser has not got its key (only
 * the key may register it anew). The screen starts over as a new device under a new uuid.
 */
export class UuidTaken extends Error {}

/** A new uuid for this browser (with no key or code): the server sees a new screen. */
export function forgetIdentity(): void {
  forgetKey();
  localStorage.removeItem(STORE.uuid);
}

/** Registers the screen (`registerSignageScreen`): keeps the key (shown once) and the code in this browser. */
export async function register(uuid: string, deviceType?: string): Promise<DeviceIdentity> {
  const res = await fetch(callUrl(calls.registerSignageScreen), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ uuid, ...(deviceType ? { device_type: deviceType } : {}) }),
  });
  if (res.status === 409) throw new UuidTaken();
  if (!res.ok) throw new Error(`register ${res.status}`);
  const { device_key, activation_code } = (await res.json()) as CallAnswer<typeof calls.registerSignageScreen>;
  localStorage.setItem(STORE.key, device_key);
  localStorage.setItem(STORE.code, activation_code);
  return { uuid, key: device_key, code: activation_code };
}

export const authHeader = (key: string) => ({ authorization: `Device ${key}` });

/**
 * What the screen plays now (`getSignagePlaylist`), telling what it shows (health-report.ts). Throws
 * DeviceKeyRefused on 401, a TypeError when the network is down.
 */
export async function fetchPlaylist(
  key: string,
  report: PlayerReportInput = {},
): Promise<CallAnswer<typeof calls.getSignagePlaylist>> {
  const res = await fetch(callUrl(calls.getSignagePlaylist, { ...report }), {
    headers: { ...authHeader(key), accept: 'application/json' },
    cache: 'no-store',
  });
  if (res.status === 401) throw new DeviceKeyRefused();
  if (!res.ok) throw new Error(`playlist ${res.status}`);
  return (await res.json()) as CallAnswer<typeof calls.getSignagePlaylist>;
}
