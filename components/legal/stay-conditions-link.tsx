import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { cx } from '@/components/ui/cx';
import { textLink } from '@/components/ui/styles';

/**
 * "Cancellation policy and park conditions" before a guest books: the partner's park conditions
 * when it gives them, and a link to the cancellation page, which says what applies when it does
 * not. No heading of its own, so it fits under any heading level; no hooks beyond translations,
 * so a server page or a client step can render it.
 */
export function StayConditionsLink({
  conditions,
  className,
}: {
  /** The partner's park conditions for this stay (house or park data); empty or absent = not given. */
  conditions?: string | null;
  className?: string;
}) {
  const t = useTranslations('legal.stayConditions');
  const text = conditions?.trim();
  return (
    <div className={cx('rounded-lg border border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-800', className)}>
      {text ? (
        <div className="py-2">
          <p className="font-semibold text-slate-900">{t('parkConditions')}</p>
          <p className="mt-1 whitespace-pre-line">{text}</p>
        </div>
      ) : null}
      <p>
        <Link href="/cancellation" className={cx(textLink, 'inline-flex min-h-11 items-center')}>
          {t('link')}
        </Link>
      </p>
    </div>
  );
}
