'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { CHILD_GROUPS, type Party } from '@/lib/booking/party';
import { formatDateRange, STAY_DATE_STYLE } from '@/lib/booking/date-format';
import { formatMoney } from '@/lib/booking/money';
import type { Locale } from '@/lib/i18n/locales';
import { plainSpaces } from './plain-spaces';

/** Money, stays, parties and cost types in the page's language. */
export function useBookingFormat(locale: Locale) {
  const t = useTranslations('booking');
  // formatMoney already writes one kind of space, a no-break one, in every language.
  const money = useCallback((amount: number) => formatMoney(amount, locale), [locale]);
  const stay = useCallback(
    (start: string, end: string) => plainSpaces(formatDateRange(start, end, locale, STAY_DATE_STYLE)),
    [locale],
  );
  const party = useCallback(
    (p: Party) => {
      const parts = [t('party.adultsCount', { count: p.adults })];
      for (const group of CHILD_GROUPS) {
        if (p[group] > 0) parts.push(t(`party.${group}Count`, { count: p[group] }));
      }
      if (p.pets > 0) parts.push(t('party.petsCount', { count: p.pets }));
      return parts.join(', ');
    },
    [t],
  );
  const costType = useCallback(
    (type: string) => {
      switch (type) {
        case 'PER_NIGHT':
        case 'PER_PERSON':
        case 'PER_PERSON_PER_NIGHT':
        case 'PER_PIECE':
        case 'PER_STAY':
          return t(`costType.${type}`);
        default:
          return t('costType.PER_STAY');
      }
    },
    [t],
  );
  return { money, stay, party, costType };
}
