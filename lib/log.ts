import 'server-only';
import pino, { type Logger } from 'pino';
import { getSiteEnv } from './env';

/**
 * Structured JSON logs. Key headers and guest personal data are redacted by path; beyond that,
 * code logs ids and codes only, never request bodies (security checklist 5).
 */
export const REDACT_PATHS = [
  'key',
  'apiKey',
  'headers["x-security-key"]',
  'headers["x-partner"]',
  'headers.authorization',
  'headers.cookie',
  'req.headers["x-security-key"]',
  'req.headers["x-partner"]',
  'req.headers.cookie',
  'req.headers.authorization',
  '*.firstName',
  '*.firstname',
  '*.insertion',
  '*.lastName',
  '*.street',
  '*.address',
  '*.houseNumber',
  '*.houseNr',
  '*.postcode',
  '*.zipCode',
  '*.city',
  '*.email',
  '*.phone',
  '*.phoneNumber',
  '*.mobile',
  '*.mobilePhone',
  'guest',
  'body',
];

export function createLogger(destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: getSiteEnv().LOG_LEVEL,
    base: { app: 'partner-booking-site' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}

const globalForLog = globalThis as unknown as { __pbsLogger?: Logger };

export function getLogger(): Logger {
  globalForLog.__pbsLogger ??= createLogger();
  return globalForLog.__pbsLogger;
}
