// The core needs only these Web Crypto calls and btoa, which Node 20+, Deno, Bun and browsers
// provide on globalThis. Declared here so the core's lib stays free of DOM and Node types.
declare global {
  // eslint-disable-next-line no-var
  var crypto: {
    getRandomValues<T extends Uint8Array | Uint32Array>(array: T): T;
    randomUUID(): string;
  };
  function btoa(data: string): string;
}
export {};
