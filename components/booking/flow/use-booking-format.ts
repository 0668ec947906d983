'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { Party } from '@/lib/booking/party';
import { formatDateRange, STAY_DATE_STYLE } from '@/lib/booking/date-format';
import { formatMoney } from '@/lib/booking/money';
import type { Locale } from '@/lib/i18n/locales';
import { plainSpaces } from './plain-spaces';
import { describeParty } from '../party-text';

/** Money, stays, parties and cost types in the page's language. */
export function useBookingFormat(locale: Locale) {
  const t = useTranslations('booking');
  const counts = useTranslations('party.counts');
  // formatMoney already writes one kind of space, a no-break one, in every language.
  const money = useCallback((amount: number) => formatMoney(amount, locale), [locale]);
  const stay = useCallback(
    (start: string, end: string) => plainSpaces(formatDateRange(start, end, locale, STAY_DATE_STYLE)),
    [locale],
  );
  const party = useCallback(
    (p: Party) => describeParty(p, (field, count) => counts(field, { count })),
    [counts],
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
