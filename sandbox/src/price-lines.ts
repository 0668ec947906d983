/**
 * Renders a quote: PriceItemSpecification lines per language, the amounts to pay and the
 * PriceResult. Everything is summed in cents, so the lines always add up exactly.
 */
import type { PriceItemSpecification, PriceResult } from '@/lib/partner-api/schemas';
import { formatDay } from './dates';
import { LABELS, type Lang, type Text } from './i18n';
import { numberOfPersons } from './party';
import { PARTIAL_PAYMENT_RATE, money, moneyText, type PriceGroup, type Quote } from './pricing';

export function groupCents(quote: Quote, group: PriceGroup): number {
  return quote.lines.filter((l) => l.group === group).reduce((sum, l) => sum + l.cents, 0);
}

/** What is paid to the partner online: everything except what is paid at the park. */
export function fullPayCents(quote: Quote): number {
  return groupCents(quote, 'PayInAdvance') + groupCents(quote, 'Deposit');
}

export function firstPayCents(quote: Quote): number | undefined {
  if (!quote.partialPaymentPossible) return undefined;
  return Math.round((fullPayCents(quote) * PARTIAL_PAYMENT_RATE) / 100) * 100;
}

const GROUP_LABEL: Record<PriceGroup, Text> = {
  PayInAdvance: LABELS.payInAdvance,
  Deposit: LABELS.deposit,
  PayAtLocation: LABELS.payAtLocation,
};

/** Header lines carry their group's subtotal; the single Total line is the sum of all non-header lines. */
export function priceSpecifications(quote: Quote, lang: Lang): PriceItemSpecification[] {
  const out: PriceItemSpecification[] = [];
  for (const group of ['PayInAdvance', 'Deposit', 'PayAtLocation'] as const) {
    const lines = quote.lines.filter((l) => l.group === group);
    if (lines.length === 0) continue;
    out.push({
      itemName: GROUP_LABEL[group][lang],
      itemValue: moneyText(groupCents(quote, group)),
      extrainfo: null,
      group,
      isHeader: true,
      itemType: 'Normal',
    });
    for (const l of lines) {
      const extrainfo =
        l.extrainfo === undefined ? null : typeof l.extrainfo === 'string' ? l.extrainfo : l.extrainfo[lang];
      out.push({
        itemName: l.name[lang],
        itemValue: moneyText(l.cents),
        extrainfo,
        group,
        isHeader: false,
        itemType: l.discount ? 'Discount' : 'Normal',
      });
    }
  }
  const total = quote.lines.reduce((sum, l) => sum + l.cents, 0);
  out.push({
    itemName: LABELS.total[lang],
    itemValue: moneyText(total),
    extrainfo: null,
    group: 'Total',
    isHeader: false,
    itemType: 'Normal',
  });
  return out;
}

/** discountedPrice equals fullPrice when no discount applies, so clients can always show it. */
export function priceResult(quote: Quote, omitZeroGroups: boolean): PriceResult {
  return {
    startDate: formatDay(quote.start),
    endDate: formatDay(quote.end),
    fullPrice: money(quote.fullPriceCents),
    discountedPrice: money(quote.discountedPriceCents),
    cancellationFundPossible: quote.cancellationFundPossible,
    ...(quote.cancellationFundPossible ? { cancellationFund: money(quote.cancellationFundCents) } : {}),
    numberOfPersons: numberOfPersons(quote.party, omitZeroGroups),
    numberOfPets: quote.party.pets,
  };
}
