import type { SmsStatusCode } from '../public-types.js';

/** The per-recipient statusCode names of Africa's Talking's bulk SMS reply (fact sheet, section 8). */
export const SMS_STATUS_NAMES: Readonly<Record<SmsStatusCode, string>> = {
  100: 'Processed',
  101: 'Sent',
  102: 'Queued',
  401: 'RiskHold',
  402: 'InvalidSenderId',
  403: 'InvalidPhoneNumber',
  404: 'UnsupportedNumberType',
  405: 'InsufficientBalance',
  406: 'UserInBlacklist',
  407: 'CouldNotRoute',
  500: 'InternalServerError',
  501: 'GatewayError',
  502: 'RejectedByGateway',
};

export const SMS_STATUS_CODES = Object.keys(SMS_STATUS_NAMES).map(Number) as SmsStatusCode[];

/** 100-102: Africa's Talking took the message (its reply's `status` then says 'Success'). */
export const isAcceptedStatus = (code: SmsStatusCode): boolean => code >= 100 && code <= 102;
