/** The contact feature's settings (issue 26); `readContactSettings.ts` reads them from the environment. */
export interface ContactSettings {
  /** SMTP_URL (nodemailer's `smtp://user:pass@host:587`, `smtps://…`); unset: mails are only logged. */
  smtpUrl: string | undefined;
  /** CONTACT_FROM: the sender of every mail. */
  from: string;
  /** CONTACT_WEBHOOK_SECRET: signs webhook bodies; unset: webhook requests wait for it. */
  webhookSecret: string | undefined;
  /** CONTACT_PRIVACY_URL: the operator's privacy notice, linked from the form's consent. */
  privacyNoticeUrl: string | undefined;
  /** CONTACT_RETENTION_DAYS: delivered and failed requests are deleted this long after. */
  retentionDays: number;
  /** CONTACT_LIMIT_PER_HOUR: contact requests a client may send in an hour; 0: no limit. */
  limitPerHour: number;
  /** CONTACT_WAIT_SECONDS: least time between opening the form and sending it. */
  waitSeconds: number;
  /** CONTACT_RETRY_SECONDS: the first retry's delay; each next one doubles, up to an hour. */
  retrySeconds: number;
  /** CONTACT_MAX_ATTEMPTS: delivery attempts before a request is given up (failed). */
  maxAttempts: number;
}
