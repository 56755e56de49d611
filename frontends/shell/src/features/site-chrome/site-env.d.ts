// Build-time settings of the public site (Vite reads VITE_* variables when it builds the
// shell; see site-config.ts). All optional.
interface ImportMetaEnv {
  readonly VITE_VERIFIED_SELLERS_URL?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SUPPORT_PHONE?: string;
}
