import { Fragment, type ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { textLink } from './styles';

/** The trail above a page's heading: the pages it links back to, then the page itself. */
export function Breadcrumbs({
  label,
  links,
  current,
  prefetch,
  truncate = false,
}: {
  label: string;
  links: readonly { href: string; label: string }[];
  current: ReactNode;
  prefetch?: false;
  truncate?: boolean;
}) {
  return (
    <nav aria-label={label} className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 text-slate-700">
        {links.map((link) => (
          <Fragment key={link.href}>
            <li>
              <Link
                href={link.href}
                prefetch={prefetch}
                className={`${textLink} inline-flex min-h-11 items-center`}
              >
                {link.label}
              </Link>
            </li>
            <li aria-hidden="true">/</li>
          </Fragment>
        ))}
        <li aria-current="page" className={truncate ? 'truncate' : undefined}>
          {current}
        </li>
      </ol>
    </nav>
  );
}
