import { useTranslations } from 'next-intl';
import { AlertIcon, CheckIcon, InfoIcon } from '@/components/ui/icons';
import { cx } from '@/components/ui/cx';
import { checkedPreferences, hasChoicesToCheck, type PreferenceStatus, type UnitCheck } from './unit-check';

type RowStatus = PreferenceStatus | 'refused';

const ICONS = { confirmed: CheckIcon, requested: InfoIcon, lacking: AlertIcon, refused: AlertIcon } as const;
const TONES: Record<RowStatus, string> = {
  confirmed: 'text-brand-700',
  requested: 'text-slate-600',
  lacking: 'text-amber-800',
  refused: 'text-amber-800',
};

/**
 * Each chosen preference, and the pets when the party brings any, with what the unit confirms of
 * it: confirmed, requested (nobody confirmed it) or not offered by this unit. The status is
 * written out, so it never rests on the icon or the colour. Renders nothing when nothing was
 * chosen. Used on the overview before paying and on the thank-you page.
 */
export function UnitCheckList({
  check,
  preferences,
  className,
}: {
  check: UnitCheck;
  /** The house's preferences with their names in the page's language. */
  preferences: readonly { id: number; name: string }[];
  className?: string;
}) {
  const t = useTranslations('booking');
  if (!hasChoicesToCheck(check)) return null;
  const rows: { key: string; label: string; status: RowStatus; text: string; testId: string }[] =
    checkedPreferences(check, preferences).map((pref) => ({
      key: `pref-${pref.id}`,
      label: pref.name ?? t('unitCheck.preferenceById', { id: pref.id }),
      status: pref.status,
      text: t(`unitCheck.${pref.status}`),
      testId: 'unit-check-preference',
    }));
  if (check.pets !== 'none') {
    const status: RowStatus =
      check.pets === 'confirmed' ? 'confirmed' : check.pets === 'refused' ? 'refused' : 'requested';
    rows.push({
      key: 'pets',
      label: t('party.pets'),
      status,
      text: t(`unitCheck.pets_${status}`),
      testId: 'unit-check-pets',
    });
  }
  const anyRequested = rows.some((row) => row.status === 'requested');
  return (
    <div className={cx('space-y-2', className)}>
      <ul className="space-y-1" data-testid="unit-check">
        {rows.map((row) => {
          const Icon = ICONS[row.status];
          return (
            <li
              key={row.key}
              className="flex items-start gap-2"
              data-testid={row.testId}
              data-status={row.status}
            >
              <Icon className={cx('mt-0.5 shrink-0', TONES[row.status])} />
              <span>
                {t.rich('unitCheck.row', {
                  name: row.label,
                  status: row.text,
                  label: (chunks) => <span className="font-medium">{chunks}</span>,
                  state: (chunks) => <span className={TONES[row.status]}>{chunks}</span>,
                })}
              </span>
            </li>
          );
        })}
      </ul>
      {anyRequested ? <p className="text-sm text-slate-600">{t('unitCheck.requestedNote')}</p> : null}
    </div>
  );
}
