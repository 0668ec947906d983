import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import { Notice } from '@/components/ui/notice';
import { Section, panel } from '@/components/ui/section';
import { buttonPrimary, buttonSecondary, fieldInput, fieldLabel } from '@/components/ui/styles';

/**
 * The report page's sign-in: a plain HTML form, so it works without the page's script, posted
 * to the session route, which answers with a redirect back here (with the cookie, or an error).
 */
export async function ReportSignIn({ locale, error }: { locale: Locale; error: 'wrong' | 'limited' | null }) {
  const t = await getTranslations('partners.report.signIn');
  return (
    <Section id="report-sign-in" heading={t('heading')} className={`${panel.plain} max-w-md space-y-4 p-5`}>
      <p className="text-slate-700">{t('intro')}</p>
      {error ? (
        <Notice tone="error" role="alert">
          {t(error)}
        </Notice>
      ) : null}
      <form method="post" action="/api/partners/report/session" className="space-y-4">
        <input type="hidden" name="locale" value={locale} />
        <div>
          <label htmlFor="report-token" className={fieldLabel}>
            {t('token')}
          </label>
          <input
            id="report-token"
            name="token"
            type="password"
            required
            autoComplete="current-password"
            className={fieldInput}
            aria-invalid={error === 'wrong' ? true : undefined}
          />
        </div>
        <button type="submit" className={buttonPrimary}>
          {t('submit')}
        </button>
      </form>
    </Section>
  );
}

/** Clears the report cookie: a POST, so a link on another site cannot sign a partner out. */
export async function ReportSignOut({ locale }: { locale: Locale }) {
  const t = await getTranslations('partners.report');
  return (
    <form method="post" action="/api/partners/report/session">
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="intent" value="sign-out" />
      <button type="submit" className={buttonSecondary}>
        {t('signOut')}
      </button>
    </form>
  );
}
