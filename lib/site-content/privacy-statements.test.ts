import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@/lib/i18n/locales';
import { privacyStatements, privacySettingsFrom, type PrivacySettings } from './privacy-statements';

const legal = {
  nl: (await import('@/messages/nl/legal.json')).default,
  en: (await import('@/messages/en/legal.json')).default,
  de: (await import('@/messages/de/legal.json')).default,
  fr: (await import('@/messages/fr/legal.json')).default,
} as Record<Locale, Record<string, unknown>>;

/** The privacy page's words about analytics and the ledger, as a guest reads them. */
function text(settings: PrivacySettings, locale: Locale = 'en'): string {
  const t = createTranslator({ locale, messages: legal[locale], namespace: 'legal.privacy' as never }) as unknown as (
    key: string,
    values?: Record<string, string | number>,
  ) => string;
  return privacyStatements(settings)
    .flatMap((section) => [t(section.heading), ...section.paragraphs.map(({ key, values }) => t(key, values))])
    .join('\n');
}

const defaults = privacySettingsFrom({});

describe('the privacy statement follows the settings', () => {
  it('by default: no analytics, and bookings kept in the ledger for 1096 days', () => {
    expect(defaults).toEqual({
      analytics: { enabled: false, consent: 'required' },
      ledger: { enabled: true, retentionDays: 1096 },
    });
    const words = text(defaults);
    expect(words).toMatch(/no analytics/i);
    expect(words).not.toMatch(/dataLayer/);
    expect(words).toContain('1096 days');
  });

  it('names the data layer when analytics is on, and whether it waits for consent', () => {
    const asked = text(privacySettingsFrom({ ANALYTICS_DATALAYER: 'on' }));
    expect(asked).toContain('window.dataLayer');
    expect(asked).toContain('analytics_consent');
    const unasked = text(privacySettingsFrom({ ANALYTICS_DATALAYER: 'on', ANALYTICS_CONSENT: 'not-required' }));
    expect(unasked).toContain('window.dataLayer');
    expect(unasked).not.toContain('analytics_consent');
    expect(unasked).not.toMatch(/no analytics/i);
  });

  it('says no booking is kept with the ledger off, and the retention it is given otherwise', () => {
    expect(text(privacySettingsFrom({ LEDGER: 'off' }))).not.toMatch(/\d+ days/);
    expect(text(privacySettingsFrom({ LEDGER: 'off' }))).toMatch(/keeps no record of your booking/i);
    expect(text(privacySettingsFrom({ LEDGER_RETENTION_DAYS: '30' }))).toContain('30 days');
  });

  it.each(LOCALES)('has every sentence in %s, with the number of days filled in', (locale) => {
    for (const settings of [
      defaults,
      privacySettingsFrom({ ANALYTICS_DATALAYER: 'on', LEDGER: 'off' }),
      privacySettingsFrom({ ANALYTICS_DATALAYER: 'on', ANALYTICS_CONSENT: 'not-required', LEDGER_RETENTION_DAYS: '400' }),
    ]) {
      const words = text(settings, locale);
      expect(words).not.toMatch(/legal\.privacy|\{days\}/);
      if (settings.ledger.enabled) expect(words).toContain(String(settings.ledger.retentionDays));
    }
  });
});
