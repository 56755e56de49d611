import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@escrow/test-kit';
import { defineConfig, devices } from '@playwright/test';
import { startE2eMailbox } from './e2e/accounts-mailbox.ts';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';
import { darajaSimulatorEnv } from './scripts/daraja-sim-env.mjs';

// The browser tests run against the production build served by the real API. Build the
// backend and the frontends first (`npm run build`); e2e/global-setup.ts fails early when they are missing.

// Playwright loads this file again in each worker; the values chosen by the first load are
// passed down through the environment so every process agrees on one server.
process.env.E2E_PORT ??= String(await freePort());
// M-Pesa and SMS are the simulator (apps/daraja-sim), a process of its own as with `npm start`.
process.env.E2E_SIM_PORT ??= String(await freePort());
// The secret path of the API's SMS delivery report route, which the simulator's "dashboard" points at.
process.env.E2E_AT_CALLBACK_SECRET ??= randomBytes(16).toString('hex');
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'escrow-e2e-'));
// A real SMTP server the API sends its email to; the tests read the mails from E2E_MAIL_DIR.
process.env.E2E_MAIL_DIR ??= join(process.env.E2E_DATA_DIR, 'e2e-mail');
process.env.E2E_SMTP_PORT ??= String(await startE2eMailbox(process.env.E2E_MAIL_DIR));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const simURL = `http://127.0.0.1:${process.env.E2E_SIM_PORT}`;

/** The one command that starts the server under test: the compiled API, as `npm start` runs it. */
const SERVER_COMMAND = 'node apps/api/dist/server.mjs';

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A JSON report as well when asked for one (scripts/test.mjs reads it for its summary).
  reporter: [[process.env.CI ? 'line' : 'list'], ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : [])],
  // Playwright empties its output folder on start; a subfolder keeps other tools' results.
  outputDir: 'test-results/playwright',
  // 60 s: the seller and admin tests walk many screens, and the suite shares 2 cores with the API.
  timeout: 60_000,
  // 10 s: the suite shares a 2-core machine with the API and Chromium, and lazy chunks can take over 5 s under load.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() } }],
  webServer: [
    {
      command: 'node apps/daraja-sim/dist/main.js',
      url: `${simURL}/sim/prompts`,
      env: {
        DARAJA_SIM_PORT: String(process.env.E2E_SIM_PORT),
        DARAJA_SIM_HOST: '127.0.0.1',
        // Paybill payers' numbers as plain MSISDNs, so the delivery code goes to them by SMS (tests read it there).
        DARAJA_SIM_MSISDN: 'plain',
        DARAJA_SIM_SMS_REPORT_URL: `${baseURL}/api/sms/callbacks/${process.env.E2E_AT_CALLBACK_SECRET}/delivery`,
      },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      timeout: 30_000,
    },
    {
    command: SERVER_COMMAND,
    url: `${baseURL}/api/health`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      SMTP_FROM: 'Escrow Delivery <no-reply@escrow-e2e.test>',
      // Tests that run many code- or phone-bearing requests give each browser context and API
      // client its own X-Forwarded-For address (e2e/kit/seed.ts), so parallel tests do not
      // share per-address rate limits; without the header the TCP peer counts, as before.
      TRUST_PROXY_HOPS: '1',
      // The Paybill the buyer page shows (the admin's configuration falls back to these).
      PAYBILL_BUSINESS_NUMBER: '522533',
      PAYBILL_ACCOUNT_NAME: 'Escrow Delivery Ltd',
      // The simulator's sandbox credentials, as `npm start` sets them.
      ...darajaSimulatorEnv(simURL),
      MPESA_CALLBACK_BASE_URL: baseURL,
      // Payouts by B2C to the simulator once an admin approves them ('Approve payout'), as `npm start` runs them.
      MPESA_PAYOUTS: 'approval',
      // The payout worker's round when nothing wakes it (approvals and retries do): a lost Result is asked about soon.
      MPESA_PAYOUT_INTERVAL_SECONDS: '2',
      // SMS to the simulator's Africa's Talking sandbox, as `npm start` sets it; each phone's SMS at ${simURL}/phone/sms.
      AT_ENVIRONMENT: 'sandbox',
      AT_USERNAME: 'sandbox',
      AT_API_KEY: 'sim-at-api-key',
      AT_BASE_URL: simURL,
      AT_CALLBACK_SECRET: String(process.env.E2E_AT_CALLBACK_SECRET),
    },
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    timeout: 60_000,
    },
  ],
});
