/**
 * The contact feature's settings, from the environment (server.ts and `npm start`); the
 * root README's configuration table lists each with its default.
 */
import type { ContactSettings } from './contact/ContactSettings';
import { readInteger } from './readOperationSettings';

export const DEFAULT_CONTACT_FROM = 'Partners Network <no-reply@localhost>';

function readText(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  // A sender or an address with a line break would be a header of its own.
  if (/[\r\n]/.test(value)) throw new Error(`${name} must be one line`);
  return value.trim();
}

function readPrivacyUrl(value: string | undefined): string | undefined {
  const url = readText('CONTACT_PRIVACY_URL', value);
  if (url === undefined) return undefined;
  const isPath = url.startsWith('/') && !url.startsWith('//');
  const isWeb = URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
  if (!isPath && !isWeb) {
    throw new Error(`CONTACT_PRIVACY_URL must be an http(s) address or a path, got "${url}"`);
  }
  return url;
}

function readSmtpUrl(value: string | undefined): string | undefined {
  const url = readText('SMTP_URL', value);
  if (url !== undefined && !/^smtps?:\/\//.test(url)) {
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  return url;
}

/** Throws with the variable's name and what it takes on a bad value. */
export function readContactSettings(env: NodeJS.ProcessEnv): ContactSettings {
  return {
    smtpUrl: readSmtpUrl(env.SMTP_URL),
    from: readText('CONTACT_FROM', env.CONTACT_FROM) ?? DEFAULT_CONTACT_FROM,
    webhookSecret: readText('CONTACT_WEBHOOK_SECRET', env.CONTACT_WEBHOOK_SECRET),
    privacyNoticeUrl: readPrivacyUrl(env.CONTACT_PRIVACY_URL),
    retentionDays: readInteger(
      'CONTACT_RETENTION_DAYS',
      env.CONTACT_RETENTION_DAYS ?? '90',
      1,
      3650,
    ),
    limitPerHour: readInteger(
      'CONTACT_LIMIT_PER_HOUR',
      env.CONTACT_LIMIT_PER_HOUR ?? '5',
      0,
      10_000,
    ),
    waitSeconds: readInteger('CONTACT_WAIT_SECONDS', env.CONTACT_WAIT_SECONDS ?? '3', 0, 600),
    retrySeconds: readInteger('CONTACT_RETRY_SECONDS', env.CONTACT_RETRY_SECONDS ?? '30', 1, 3600),
    maxAttempts: readInteger('CONTACT_MAX_ATTEMPTS', env.CONTACT_MAX_ATTEMPTS ?? '12', 1, 100),
  };
}
