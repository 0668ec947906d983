'use client';

import { useLocale, useTranslations } from 'next-intl';
import { usePathname as useFullPathname, useSearchParams } from 'next/navigation';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { samePageQuery } from '@/lib/seo/page-params';
import { routing } from '@/lib/i18n/routing';
import { cx } from '@/components/ui/cx';

/** Each language's own name, so a guest finds theirs whatever the page language. */
const ENDONYMS: Record<string, string> = { nl: 'Nederlands', en: 'English', de: 'Deutsch', fr: 'Français' };

function LanguageLinks({ query }: { query: string }) {
  const t = useTranslations('header');
  const locale = useLocale();
  const pathname = usePathname();
  const href = query ? `${pathname}?${query}` : pathname;
  return (
    <nav aria-label={t('language')}>
      <ul className="flex items-center">
        {routing.locales.map((code) => (
          <li key={code}>
            <Link
              href={href}
              locale={code}
              prefetch={false}
              hrefLang={code}
              lang={code}
              aria-current={code === locale ? 'true' : undefined}
              className={cx(
                // 40 px wide on a phone (44 high), so the site name beside them keeps its words.
                'flex h-11 w-10 items-center justify-center rounded-lg text-sm font-semibold uppercase sm:w-11',
                code === locale
                  ? 'bg-brand-600 text-on-brand'
                  : 'text-slate-800 underline-offset-4 hover:bg-brand-50 hover:underline',
              )}
            >
              {code}
              <span className="sr-only"> {ENDONYMS[code]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Switches the language on the same page, keeping the search criteria in the address. No
 * Suspense boundary on purpose: a fallback would put links without the criteria in the HTML
 * and leave the real ones to a script. Every route is rendered per request, so the address is
 * known while the page renders.
 *
 * Only the page's own parameters are kept (lib/seo/page-params.ts): a shareable page is rendered
 * without the click ids and unknown parameters of the guest's address, which the browser still
 * shows, so the links the browser renders match the server's, and no click id is passed on.
 */
export function LanguageSwitcher() {
  return <LanguageLinks query={samePageQuery(useFullPathname(), useSearchParams())} />;
}
