#!/usr/bin/env node
// `npm start`: install, build and start the whole product on the embedded default (SQLite in
// ./data, photos in ./data/uploads, email on the console) with M-Pesa and SMS played by the
// simulator (apps/daraja-sim: its phone page approves or cancels prompts, /phone/sms shows each
// phone's SMS). DATABASE_URL switches to PostgreSQL; real MPESA_* credentials switch to Safaricom,
// real AT_* credentials to Africa's Talking (each without the simulator; with both, none runs);
// with the simulator, sellers and riders are paid by B2C once an admin approves (MPESA_PAYOUTS=approval);
// PORT (default 3000), DARAJA_SIM_PORT (default 3100) and the rest are read by apps/api/src/config.ts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { build, install } from './run-steps.mjs';
import { darajaSimulatorEnv } from './daraja-sim-env.mjs';

install();
build();
const port = process.env.PORT ?? '3000';
const env = { ...process.env, PORT: port };
const children = [];
let stopping = false;
// Daraja credentials (not the callback settings) switch the simulator off.
const mpesaConfigured = ['MPESA_ENVIRONMENT', 'MPESA_CONSUMER_KEY', 'MPESA_CONSUMER_SECRET', 'MPESA_SHORTCODE', 'MPESA_PASSKEY', 'MPESA_BASE_URL'].some((name) => (process.env[name] ?? '') !== '');
// The same for Africa's Talking (AT_CALLBACK_SECRET alone does not count: it names our URL, not their account).
const smsConfigured = ['AT_ENVIRONMENT', 'AT_USERNAME', 'AT_API_KEY', 'AT_BASE_URL'].some((name) => (process.env[name] ?? '') !== '');
const simPort = process.env.DARAJA_SIM_PORT ?? '3100';

if (!mpesaConfigured || !smsConfigured) {
  const simEnv = { ...process.env, DARAJA_SIM_PORT: simPort };
  if (!smsConfigured) {
    // The simulator's "dashboard" sends delivery reports to the API's secret path, as Africa's Talking would.
    env.AT_CALLBACK_SECRET ||= randomBytes(16).toString('hex');
    simEnv.DARAJA_SIM_SMS_REPORT_URL = `http://127.0.0.1:${port}/api/sms/callbacks/${env.AT_CALLBACK_SECRET}/delivery`;
  }
  const sim = spawn('node', ['apps/daraja-sim/dist/main.js'], { stdio: 'inherit', env: simEnv });
  children.push(sim);
  sim.on('exit', (code) => {
    if (!stopping) {
      console.error(`\n=== the Daraja simulator stopped (exit ${code}); stopping`);
      stopAll('SIGTERM');
    }
  });
  await waitForHttp(`http://127.0.0.1:${simPort}/sim/prompts`);
}

if (!smsConfigured) {
  // The simulator's Africa's Talking sandbox account.
  Object.assign(env, { AT_ENVIRONMENT: 'sandbox', AT_USERNAME: 'sandbox', AT_API_KEY: 'sim-at-api-key', AT_BASE_URL: `http://127.0.0.1:${simPort}` });
  console.log(`\n=== SMS are simulated: read each phone's SMS at http://localhost:${simPort}/phone/sms`);
}

if (!mpesaConfigured) {
  // The simulator's sandbox credentials and initiator (Transaction Status for claims, and payouts).
  Object.assign(env, {
    ...darajaSimulatorEnv(`http://127.0.0.1:${simPort}`),
    MPESA_CALLBACK_BASE_URL: `http://127.0.0.1:${port}`,
    // Payouts: B2C/B2B to the simulator once an admin approves them on the admin screen
    // ('Approve payout'); MPESA_PAYOUTS=off or automatic in the environment says otherwise.
    MPESA_PAYOUTS: process.env.MPESA_PAYOUTS || 'approval',
  });
  // The Paybill buyers are shown: the simulator's shortcode, unless one is configured.
  env.PAYBILL_BUSINESS_NUMBER ||= '174379';
  env.PAYBILL_ACCOUNT_NAME ||= 'Escrow Delivery (M-Pesa simulator)';
  console.log(`\n=== M-Pesa is simulated: approve or cancel payment prompts at http://localhost:${simPort}/phone (PIN 1234)`);
}

console.log(`\n=== starting the API and the frontends: open http://localhost:${port}/`);
// The API as one bundled file (scripts/bundle-api.mjs, decision 0054).
const server = spawn('node', ['apps/api/dist/server.mjs'], { stdio: 'inherit', env });
children.push(server);
function stopAll(signal) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
server.on('exit', (code) => {
  stopAll('SIGTERM');
  process.exitCode = code ?? 0;
});

async function waitForHttp(url) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the Daraja simulator did not answer at ${url} within 15 s`);
}
