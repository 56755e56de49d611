export { SmtpNotifier, type SmtpSettings } from './smtp-notifier.js';
