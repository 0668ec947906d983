import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import type { CompanyDetails } from '@/lib/site-content/schema';

const linkClass = 'inline-flex min-h-11 items-center underline underline-offset-2 [overflow-wrap:anywhere]';

/** The help and legal pages, then the partners' page, in the order a guest looks for them. */
const LEGAL_LINKS = [
  ['/contact', 'contact'],
  ['/help', 'help'],
  ['/cancellation', 'cancellation'],
  ['/terms', 'terms'],
  ['/privacy', 'privacy'],
  ['/accessibility', 'accessibility'],
  ['/partners/links', 'partners'],
] as const;

/**
 * The footer of every page. `company` comes from the site content (lib/site-content), which only
 * the server reads, so the layout passes it in; without it the footer still links every page.
 */
export function SiteFooter({ company }: { company?: CompanyDetails }) {
  const t = useTranslations('footer');
  const legal = useTranslations('legal');
  const meta = useTranslations('meta');
  return (
    <footer className="render-when-near mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <p className="font-semibold text-slate-900">{meta('siteName')}</p>
          <p className="mt-1">{t('promise')}</p>
          {company ? <CompanyLine company={company} /> : null}
        </div>
        <nav aria-label={t('nav')} className="sm:justify-self-end">
          {/* Two columns where the longest link (nl, de) fits in one, else one column. */}
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))] gap-x-6 sm:grid-cols-[auto_auto]">
            <li>
              <Link href="/" className={linkClass}>
                {t('home')}
              </Link>
            </li>
            <li>
              <Link href="/search" className={linkClass}>
                {t('search')}
              </Link>
            </li>
            {LEGAL_LINKS.map(([href, key]) => (
              <li key={key}>
                <Link href={href} className={linkClass}>
                  {legal(`links.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/** Who runs the site, as a trader must say on every page: name, address and registration numbers. */
function CompanyLine({ company }: { company: CompanyDetails }) {
  const t = useTranslations('legal.company');
  const parts = [
    company.name,
    company.address.join(', '),
    company.chamberOfCommerce ? t('footerRegistration', { number: company.chamberOfCommerce }) : '',
    company.vatNumber ? t('footerVat', { number: company.vatNumber }) : '',
  ].filter((part) => part !== '');
  return <p className="mt-3 text-slate-700">{parts.join(' · ')}</p>;
}
