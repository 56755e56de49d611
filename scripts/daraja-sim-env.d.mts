export const SANDBOX_PASSKEY: string;
/** MPESA_* for an API talking to the simulator at `simUrl`. */
export function darajaSimulatorEnv(simUrl: string): Record<string, string>;
