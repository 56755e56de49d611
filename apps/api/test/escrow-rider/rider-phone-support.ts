import { client, type World } from '../escrow-support/world.js';
import { readRiderCodeSms, riderCodeSmsCount, riderProofCookie } from '../helpers/rider-code-sms.js';

/**
 * A rider proves the phone as the rider page does: asks for a code, reads it from the SMS,
 * enters it. Answers the proof cookie (a Cookie header value).
 */
export async function proveRiderPhone(world: World, phone: string, address?: string): Promise<string> {
  const api = client(world.app);
  const source = { db: world.handle.db, consoleFile: world.consoleFile };
  // Codes asked for earlier are sent first, so the count says which SMS is this one.
  await world.sendOutboxNow();
  const before = await riderCodeSmsCount(source, phone);
  const sent = await api.post('/api/rider/phone-code', { json: { phone }, ...(address ? { address } : {}) });
  if (sent.status !== 200) throw new Error(`phone code: ${sent.status} ${sent.text}`);
  const code = await readRiderCodeSms(source, phone, before + 1);
  const proved = await api.post('/api/rider/phone-proof', { json: { phone, code }, ...(address ? { address } : {}) });
  const cookie = riderProofCookie(proved.headers);
  if (proved.status !== 200 || !cookie) throw new Error(`phone proof: ${proved.status} ${proved.text}`);
  return cookie;
}
