import { sim } from './daraja-sim.ts';

/**
 * The SMS a rider receives, read the way the rider reads them: from the messages on the phone.
 * The API under test sends SMS through Africa's Talking's API on the simulator
 * (playwright.config.ts), whose inbox per number this reads (GET /sim/sms/messages, newest first).
 */
async function riderCodesTo(phone: string): Promise<string[]> {
  const messages = await sim().sms.messagesTo(phone);
  return [...messages]
    .reverse()
    .map((sms) => /rider code is (\d{6})/.exec(sms.message)?.[1])
    .filter((code): code is string => code !== undefined);
}

/** How many rider-code SMS `phone` (E.164) has received so far. */
export async function riderCodeSmsCount(phone: string): Promise<number> {
  return (await riderCodesTo(phone)).length;
}

/** The code in the `nth` rider-code SMS to `phone` (E.164; 1 = the first), waiting for it to arrive. */
export async function readRiderCodeSms(phone: string, nth = 1, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = (await riderCodesTo(phone))[nth - 1];
    if (code !== undefined) return code;
    if (Date.now() > deadline) throw new Error(`no rider code SMS number ${nth} to ${phone} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
