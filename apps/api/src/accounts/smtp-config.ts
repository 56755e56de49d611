import type { SmtpSettings } from '@escrow/notify-smtp';
import { z } from 'zod';

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const smtpEnvSchema = z.object({
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')),
  SMTP_HOST: optional(z.string().trim().min(1)),
  SMTP_PORT: optional(z.coerce.number().int().min(1).max(65_535)),
  SMTP_SECURE: optional(z.enum(['true', 'false'], { error: 'must be true or false' })),
  SMTP_USER: optional(z.string().min(1)),
  SMTP_PASS: optional(z.string().min(1)),
  SMTP_FROM: optional(z.string().trim().min(3).max(200)),
  // Connections to the server the outbox sends on at once (default 5).
  SMTP_MAX_CONNECTIONS: optional(z.coerce.number().int().min(1).max(50)),
});

/**
 * Email by SMTP when SMTP_URL or SMTP_HOST is set (then SMTP_FROM is required: a made-up sender
 * is refused by real mail servers); otherwise undefined, and notifications stay on the console.
 * Returns the problems instead of throwing, for loadConfig to report with the rest.
 */
export function smtpSettingsFromEnv(env: NodeJS.ProcessEnv): { smtp?: SmtpSettings; problems: string[] } {
  const parsed = smtpEnvSchema.safeParse(env);
  if (!parsed.success) return { problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  const v = parsed.data;
  if (!v.SMTP_URL && !v.SMTP_HOST) return { problems: [] };
  if (!v.SMTP_FROM) return { problems: ['SMTP_FROM: required when SMTP_URL or SMTP_HOST is set (e.g. "Escrow Delivery <no-reply@example.co.ke>")'] };
  const pool = v.SMTP_MAX_CONNECTIONS ? { maxConnections: v.SMTP_MAX_CONNECTIONS } : {};
  const smtp: SmtpSettings = v.SMTP_URL
    ? { url: v.SMTP_URL, from: v.SMTP_FROM, ...pool }
    : {
        host: v.SMTP_HOST,
        ...(v.SMTP_PORT ? { port: v.SMTP_PORT } : {}),
        ...(v.SMTP_SECURE ? { secure: v.SMTP_SECURE === 'true' } : {}),
        ...(v.SMTP_USER ? { user: v.SMTP_USER } : {}),
        ...(v.SMTP_PASS ? { pass: v.SMTP_PASS } : {}),
        from: v.SMTP_FROM,
        ...pool,
      };
  return { smtp, problems: [] };
}
