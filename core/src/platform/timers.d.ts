// The core needs only these timers (a lease renewed while its work runs, lease-renewal.ts), which
// Node 20+, Deno, Bun and browsers provide on globalThis. Declared here so the core's lib stays
// free of DOM and Node types; what they return is opaque here.
declare global {
  function setInterval(handler: () => void, timeout: number): unknown;
  function clearInterval(id: unknown): void;
}
export {};
