/**
 * What a browser says about its device (docs/devices.md): the built-in collector's visitor id
 * (FingerprintJS, 32 hex characters today) and, when SEON runs, its agent's session. Both come
 * from the browser, so both are checked here before anything stores them: printable ASCII, of a
 * bounded length. A value that fails is dropped, not refused: a player whose browser sent nothing
 * usable (a blocker, an old browser, a script that did not load) signs up and deposits as usual.
 */

/** A device id: 8 to 128 printable characters without spaces (FingerprintJS's are 32 hex). */
const DEVICE_ID = /^[\x21-\x7e]{8,128}$/;
/** SEON's agent session: an opaque base64-like payload of a few kilobytes; 16 KB bounds it. */
const SEON_SESSION = /^[\x21-\x7e]{1,16384}$/;

export function readDeviceId(value: unknown): string | null {
  return typeof value === 'string' && DEVICE_ID.test(value) ? value : null;
}

export function readSeonSession(value: unknown): string | null {
  return typeof value === 'string' && SEON_SESSION.test(value) ? value : null;
}

/** The device facts of one call (sign-up, sign-in, deposit), as the modules that store them take them. */
export type DeviceFacts = { deviceId: string | null; seonSession: string | null };

export const deviceFacts = (input: { device_id?: unknown; seon_session?: unknown }): DeviceFacts => ({
  deviceId: readDeviceId(input.device_id),
  seonSession: readSeonSession(input.seon_session),
});
