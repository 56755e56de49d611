/** The shell's in-app navigation, handed to each rider page (frontends/shell/src/remotes/rider-routes.tsx). */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** The dashboard's address for a phone, and a job's address (its key, if any, is kept on the device). */
export const jobsPath = (phone: string) => `/rider?phone=${encodeURIComponent(phone)}`;
export const jobPath = (orderId: string, phone: string) => `/rider/${encodeURIComponent(orderId)}?phone=${encodeURIComponent(phone)}`;
