// What JSON makes of a core view (branded cents -> number, Date -> string, readonly kept). It lives
// in the core beside the views because the core's view schemas are held to it too (decision 0063).
export type { Wire } from '@escrow/core';
