export { startDarajaSim } from './start-daraja-sim.js';
export { SANDBOX_PASSKEY, SANDBOX_SHORT_CODE } from './config/resolve-options.js';
export { SimControlError } from './controls/sim-control-error.js';
export type {
  DarajaSim,
  DarajaSimOptions,
  MsisdnFormat,
  PayBillInput,
  PayBillResult,
  ResolvedStkBehaviour,
  SimCallback,
  SimCallbackKind,
  SimPrompt,
  SimShortCode,
  SimSms,
  SimSmsControls,
  SimSmsOptions,
  SmsBehaviour,
  SmsDeliveryStatus,
  SmsStatusCode,
  StkBehaviour,
  StkCallbackMode,
  StkOutcome,
  StkTransactionType,
} from './public-types.js';
