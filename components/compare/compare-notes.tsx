import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import type { ComparedIds } from '@/lib/pages/compare-address';
import { MAX_COMPARED } from '@/lib/pages/compare-address';
import type { CompareSlot } from '@/lib/pages/compare';
import { Notice } from '@/components/ui/notice';
import { textLink } from '@/components/ui/styles';

/**
 * What the page could not do with the address, each in plain words: houses past the fourth left
 * out, pieces that are no house numbers, houses the partner does not know, and houses it could not
 * answer for just now (with a way to try again).
 */
export function CompareNotes({
  parsed,
  slots,
  retryHref,
}: {
  parsed: Pick<ComparedIds, 'beyondLimit' | 'malformed'>;
  slots: readonly CompareSlot[];
  /** The same address again, for the houses that could not be read now. */
  retryHref: string;
}) {
  const t = useTranslations('compare.notes');
  const idsOf = (kind: CompareSlot['kind']) =>
    slots.flatMap((slot) => (slot.kind === kind && slot.kind !== 'house' ? [String(slot.id)] : []));
  const unknown = idsOf('unknown');
  const rejected = idsOf('datesRejected');
  const unavailable = idsOf('unavailable');
  return (
    <div className="space-y-3 empty:hidden">
      {parsed.beyondLimit > 0 ? (
        <Notice tone="info">
          <p>{t('beyondLimit', { max: String(MAX_COMPARED), count: parsed.beyondLimit })}</p>
        </Notice>
      ) : null}
      {parsed.malformed.length > 0 ? (
        <Notice tone="warning">
          <p>{t('malformed', { list: parsed.malformed.map((piece) => `“${piece}”`).join(', ') })}</p>
        </Notice>
      ) : null}
      {unknown.length > 0 ? (
        <Notice tone="warning">
          <p>{t('unknown', { list: unknown.join(', '), count: unknown.length })}</p>
        </Notice>
      ) : null}
      {rejected.length > 0 ? (
        <Notice tone="warning">
          <p>{t('datesRejected', { list: rejected.join(', '), count: rejected.length })}</p>
        </Notice>
      ) : null}
      {unavailable.length > 0 ? (
        <Notice tone="warning" role="status">
          <p>{t('unavailable', { list: unavailable.join(', '), count: unavailable.length })}</p>
          <p>
            <Link href={retryHref} prefetch={false} className={textLink}>
              {t('retry')}
            </Link>
          </p>
        </Notice>
      ) : null}
    </div>
  );
}
