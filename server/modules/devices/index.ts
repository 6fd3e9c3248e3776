/**
 * Devices (docs/devices.md): the browser's fingerprint as the site checks it before keeping it
 * (on the session, the sign-up and the deposit, in the modules that own those), and the SEON
 * adapter: its fraud checks at sign-up and deposit, queued as jobs, their answers for the back office.
 */
export { deviceFacts, readDeviceId, readSeonSession, type DeviceFacts } from './fingerprint.ts';
export { createSeon, readSeonAnswer, seonRequestBody, SEON_DEFAULT_API_URL, SEON_JOB, type Seon, type SeonCheckRequest, type SeonConfig, type SeonPlayer } from './seon.ts';
