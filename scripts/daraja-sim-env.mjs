// The API's Daraja settings for the simulator (apps/daraja-sim): the sandbox's public test values
// (../shared/reference/mpesa-daraja.md) and its initiator, for B2C/B2B payouts and Transaction
// Status (the simulator takes any security credential). One place for `npm start`, the browser
// tests and the payout fault campaign; each adds its own callback URL, payouts mode and timings.

/** The sandbox's Lipa na M-Pesa passkey for shortcode 174379 (public). */
export const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

/** MPESA_* for an API talking to the simulator at `simUrl`. */
export function darajaSimulatorEnv(simUrl) {
  return {
    MPESA_ENVIRONMENT: 'sandbox',
    MPESA_BASE_URL: simUrl,
    MPESA_CONSUMER_KEY: 'sim-consumer-key',
    MPESA_CONSUMER_SECRET: 'sim-consumer-secret',
    MPESA_SHORTCODE: '174379',
    MPESA_PASSKEY: SANDBOX_PASSKEY,
    MPESA_INITIATOR_NAME: 'testapi',
    MPESA_SECURITY_CREDENTIAL: 'sim-security-credential',
  };
}
