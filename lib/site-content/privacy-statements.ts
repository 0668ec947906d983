import { checkSiteEnv, type Env, type SiteEnvValues } from '@/lib/env-schema';

/**
 * What the privacy page says about analytics and the booking ledger, from the settings that
 * decide them, so the statement never promises less, or more, than the site does: which analytics
 * the site feeds (the data layer, ANALYTICS_DATALAYER) and whether it waits for consent
 * (ANALYTICS_CONSENT), and whether bookings are kept (LEDGER) and for how long
 * (LEDGER_RETENTION_DAYS). Pure: the page hands it the site's settings.
 */

export interface PrivacySettings {
  readonly analytics: { readonly enabled: boolean; readonly consent: SiteEnvValues['ANALYTICS_CONSENT'] };
  readonly ledger: { readonly enabled: boolean; readonly retentionDays: number };
}

type Settings = Pick<SiteEnvValues, 'ANALYTICS_DATALAYER' | 'ANALYTICS_CONSENT' | 'LEDGER' | 'LEDGER_RETENTION_DAYS'>;

export function privacySettingsOf(values: Settings): PrivacySettings {
  return {
    analytics: { enabled: values.ANALYTICS_DATALAYER === 'on', consent: values.ANALYTICS_CONSENT },
    ledger: { enabled: values.LEDGER === 'on', retentionDays: values.LEDGER_RETENTION_DAYS },
  };
}

/** The settings from raw variables, with the site's defaults; throws on a value the site refuses. */
export function privacySettingsFrom(env: Env): PrivacySettings {
  const checked = checkSiteEnv(env);
  if (!checked.ok) throw new Error(checked.problems.join('; '));
  return privacySettingsOf(checked.value);
}

export interface PrivacyStatement {
  /** The section's anchor on the page. */
  readonly id: 'analytics' | 'ledger';
  /** Message keys under legal.privacy. */
  readonly heading: string;
  readonly paragraphs: readonly { readonly key: string; readonly values?: Record<string, number> }[];
}

export function privacyStatements(settings: PrivacySettings): PrivacyStatement[] {
  const { analytics, ledger } = settings;
  const consent = analytics.consent === 'required' ? 'analyticsConsent' : 'analyticsNoConsent';
  return [
    {
      id: 'analytics',
      heading: 'analyticsHeading',
      paragraphs: analytics.enabled ? [{ key: 'analyticsDataLayer' }, { key: consent }] : [{ key: 'analyticsOff' }],
    },
    {
      id: 'ledger',
      heading: 'ledgerHeading',
      paragraphs: [ledger.enabled ? { key: 'ledgerOn', values: { days: ledger.retentionDays } } : { key: 'ledgerOff' }],
    },
  ];
}
