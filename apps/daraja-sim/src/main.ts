#!/usr/bin/env node
// Runs the simulator as a process: `node dist/main.js`. Configured by environment variables,
// stopped cleanly (exit 0) by SIGTERM or SIGINT.
import { z } from 'zod';
import { startDarajaSim } from './start-daraja-sim.js';

// An empty variable means "not set", as in most shells' `VAR= command`.
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  DARAJA_SIM_PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(65_535).default(3100)),
  DARAJA_SIM_HOST: z.preprocess(unsetIfEmpty, z.string().default('127.0.0.1')),
  // How C2B payloads show the customer's phone number.
  DARAJA_SIM_MSISDN: z.preprocess(unsetIfEmpty, z.enum(['sha256', 'masked', 'plain']).default('sha256')),
  // Where Africa's Talking delivery reports go (the dashboard's callback URL); unset: none are sent.
  DARAJA_SIM_SMS_REPORT_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).optional()),
});

const env = envSchema.safeParse(process.env);
if (!env.success) {
  console.error(`daraja-sim: bad environment: ${env.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  process.exit(1);
}

const sim = await startDarajaSim({
  port: env.data.DARAJA_SIM_PORT,
  host: env.data.DARAJA_SIM_HOST,
  msisdnFormat: env.data.DARAJA_SIM_MSISDN,
  ...(env.data.DARAJA_SIM_SMS_REPORT_URL ? { sms: { deliveryReportUrl: env.data.DARAJA_SIM_SMS_REPORT_URL } } : {}),
});
console.log(`Daraja simulator listening on ${sim.url} (phone page ${sim.url}/phone, SMS inbox ${sim.url}/phone/sms)`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    sim.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('daraja-sim: close failed', error);
        process.exit(1);
      },
    );
  });
}
