import 'server-only';
/**
 * The partner's price specification (a list of lines with amounts as text) as grouped lines
 * for the booking summary. The amount format is undocumented ("289.00" in the docs, "289,00" in
 * Dutch-looking examples), so amounts are read tolerantly and shown as text when unreadable.
 */
import { roundToCents, toCents } from '@/lib/booking/costs';
import { isCalendarDate } from '@/lib/booking/dates';
import type { PriceLineDetail } from '@/lib/booking/price-line-info';
import { PRICE_GROUPS, type PriceGroup, type PriceLine, type PriceOverview } from '@/lib/booking/types';
import type { PriceItemSpecification } from '../schemas';
import { cleanText } from './helpers';

const GROUPED = (sep: string) => new RegExp(`^\\d{1,3}(?:\\${sep}\\d{3})+$`);

/** The integer part without grouping separators, or null when the grouping is malformed. */
function ungroup(integer: string, sep: string | null): string | null {
  if (sep === null) return /^\d+$/.test(integer) ? integer : null;
  return GROUPED(sep).test(integer) ? integer.split(sep).join('') : null;
}

function stripCurrency(text: string): string {
  return text.replace(/^(?:€|EUR)\s*/i, '').replace(/\s*(?:€|EUR)$/i, '');
}

/** Which separator groups thousands and which one (if any) starts the decimals. */
function splitSeparators(body: string): { groupSep: string | null; decimalSep: string | null } | null {
  const kinds = [...new Set(body.match(/[., ]/g) ?? [])];
  if (kinds.length === 0) return { groupSep: null, decimalSep: null };
  if (kinds.length === 1) {
    const sep = kinds[0] ?? '';
    // Spaces only group; "1.234" and "1.234.567" are thousands, since amounts never carry three decimals.
    const grouped =
      sep === ' ' || body.split(sep).length > 2 || (GROUPED(sep).test(body) && !body.startsWith('0'));
    return grouped ? { groupSep: sep, decimalSep: null } : { groupSep: null, decimalSep: sep };
  }
  if (kinds.length > 2) return null;
  // Two kinds: the one that comes last separates the decimals, and must be a dot or a comma.
  const decimalSep =
    body.at(Math.max(body.lastIndexOf('.'), body.lastIndexOf(','), body.lastIndexOf(' '))) ?? '';
  if (decimalSep === ' ') return null;
  return { groupSep: kinds.find((kind) => kind !== decimalSep) ?? null, decimalSep };
}

/**
 * An amount in euros from text such as "289.00", "289,00", "1.234,50", "1,234.50", "1 234,50",
 * "-15.00", "€ 12" or "12,-"; null for anything else (empty, words, malformed grouping).
 */
export function parseAmount(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  let body = stripCurrency(text.replace(/[\u00a0\u2009\u202f]/g, ' ').trim());
  const negative = /^[-\u2212]/.test(body);
  if (negative) body = stripCurrency(body.slice(1).trim());
  body = body.replace(/[.,]-$/, ''); // "12,-" is Dutch for a whole amount
  if (!/^\d[\d., ]*$/.test(body) || /[., ]$/.test(body)) return null;

  const separators = splitSeparators(body);
  if (!separators) return null;
  const { groupSep, decimalSep } = separators;
  const decimalAt = decimalSep === null ? -1 : body.lastIndexOf(decimalSep);
  const integer = decimalAt === -1 ? body : body.slice(0, decimalAt);
  const fraction = decimalAt === -1 ? '' : body.slice(decimalAt + 1);
  const whole = ungroup(integer, groupSep);
  if (whole === null || !/^\d*$/.test(fraction)) return null;
  const value = roundToCents(Number(`${whole}.${fraction || '0'}`));
  return negative && value !== 0 ? -value : value;
}

// A day at the end of a detail, bare or in brackets: "2 × 12.50 (2027-01-10)".
const TRAILING_DATE = /(?:^|\s)\(?(\d{4}-\d{2}-\d{2})\)?$/;
const PERCENT = /^([-+\u2212]?\d+(?:[.,]\d+)?)\s*%$/;
// An amount rather than a count: it has cents, a currency, or the Dutch ",-".
const MONEY_LIKE = /[.,]\d{1,2}$|[.,]-$|€|EUR/i;

/**
 * The partner's detail text of a price line read into numbers and a day, so the page can write
 * it in its own language: "2 × 3 × 4.25" (counts, then the unit price), "-10%", a day such as
 * "(2027-01-10)", or a product followed by a day. Null for anything else ("2 nachten", words):
 * such text is shown as the partner wrote it.
 */
export function parsePriceLineInfo(text: string): PriceLineDetail | null {
  let rest = text.replace(/[\u00a0\u2009\u202f]/g, ' ').trim();
  const detail: PriceLineDetail = {};
  const day = TRAILING_DATE.exec(rest);
  if (day) {
    const date = day[1] ?? '';
    if (!isCalendarDate(date)) return null;
    detail.date = date;
    rest = rest.slice(0, day.index).trim();
  }
  if (rest === '') return detail.date === undefined ? null : detail;

  const percent = PERCENT.exec(rest);
  if (percent) {
    detail.percent = Number((percent[1] ?? '').replace('\u2212', '-').replace(',', '.'));
    return Number.isFinite(detail.percent) ? detail : null;
  }

  const parts = rest.split(/\s*[×x*]\s*/i);
  const last = parts.at(-1) ?? '';
  const counts = MONEY_LIKE.test(last) ? parts.slice(0, -1) : parts;
  if (!counts.every((part) => /^\d+$/.test(part))) return null;
  if (counts.length > 0) detail.factors = counts.map(Number);
  if (counts.length < parts.length) {
    const unitPrice = parseAmount(last);
    if (unitPrice === null) return null;
    detail.unitPrice = unitPrice;
  } else if (counts.length < 2) {
    // A lone count ("3") says nothing readable on its own.
    return null;
  }
  return detail;
}

export function mapPriceLine(item: PriceItemSpecification): PriceLine {
  const text = cleanText(item.itemValue);
  const amount = parseAmount(text);
  const type = cleanText(item.itemType) || 'Normal';
  const line: PriceLine = {
    name: cleanText(item.itemName),
    amount,
    text,
    type,
    isDiscount: type.toLowerCase() === 'discount' || (amount !== null && amount < 0),
  };
  const info = cleanText(item.extrainfo);
  if (info) {
    line.info = info;
    const detail = parsePriceLineInfo(info);
    if (detail) line.detail = detail;
  }
  return line;
}

/** Where lines that name no group go: counted in the price like an undocumented group. */
const UNGROUPED = 'Other';

/**
 * Every field is optional, `group` too, and the partner's Total line is one of the lines: without
 * its group it would be counted as one more cost, and the price shown would be twice the stay's.
 * When no line is grouped Total, the last readable line without a group whose amount is the sum
 * of every other line is the partner's total, and is moved to the Total group. A line that adds
 * up nothing stays a cost.
 */
function separateUngroupedTotal(groups: Map<string, PriceGroup>): void {
  const ungrouped = groups.get(UNGROUPED);
  if (groups.has('Total') || !ungrouped) return;
  const candidate = ungrouped.lines.findLast((line) => line.amount !== null);
  if (!candidate) return;
  const others = [...groups.values()].flatMap((group) => group.lines).filter((line) => line !== candidate);
  if (others.length === 0 || others.some((line) => line.amount === null)) return;
  const sum = others.reduce((cents, line) => cents + toCents(line.amount!), 0);
  if (sum !== toCents(candidate.amount!)) return;
  ungrouped.lines = ungrouped.lines.filter((line) => line !== candidate);
  groups.set('Total', { id: 'Total', lines: [candidate] });
}

/**
 * Lines grouped PayInAdvance, Deposit, PayAtLocation, Total, then any undocumented group in the
 * order it first appears. A header line names its group (and may carry its sum); a group
 * without lines is left out.
 */
export function mapPriceOverview(items: readonly PriceItemSpecification[] | null | undefined): PriceOverview {
  const groups = new Map<string, PriceGroup>();
  for (const item of items ?? []) {
    const named = cleanText(item.group);
    // A header without its group cannot say which lines it heads.
    if (item.isHeader === true && !named) continue;
    const id = named || UNGROUPED;
    let group = groups.get(id);
    if (!group) {
      group = { id, lines: [] };
      groups.set(id, group);
    }
    if (item.isHeader === true) {
      const header = cleanText(item.itemName);
      const subtotal = parseAmount(item.itemValue);
      if (header && group.header === undefined) group.header = header;
      if (subtotal !== null && group.subtotal === undefined) group.subtotal = subtotal;
      continue;
    }
    group.lines.push(mapPriceLine(item));
  }
  separateUngroupedTotal(groups);
  const rank = (id: string) => {
    const index = (PRICE_GROUPS as readonly string[]).indexOf(id);
    return index === -1 ? PRICE_GROUPS.length : index;
  };
  const ordered = [...groups.values()]
    .filter((group) => group.lines.length > 0)
    .sort((a, b) => rank(a.id) - rank(b.id)); // stable: unknown groups keep their first-seen order
  const totalLines = groups.get('Total')?.lines ?? [];
  const total = totalLines.findLast((line) => line.amount !== null)?.amount ?? null;
  return { groups: ordered, total };
}
