export { africasTalkingConfigFromEnv, AT_DEFAULT_TIMEOUT_MS, AT_HOSTS, type AfricasTalkingConfig, type AfricasTalkingEnvironment } from './config.js';
export { AfricasTalkingSmsNotifier } from './africastalking-sms-notifier.js';
export { parseDeliveryReport, type ParseResult } from './delivery-report.js';
export { RECIPIENT_STATUSES, recipientStatus, type RecipientStatus } from './recipient-status.js';
