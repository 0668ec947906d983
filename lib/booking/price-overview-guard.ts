/**
 * The price specification (types.ts PriceOverview) checked without zod, for the house page's
 * quote read in the browser. It accepts what PriceOverviewSchema (overview.ts) accepts; the
 * booking pages and the server keep that schema.
 */
import { arrayOf, isBoolean, isNumber, isString, nullable, optional, shape } from '@/lib/validation/guards';
import { isCalendarDate } from './dates';
import type { PriceLineDetail } from './price-line-info';
import type { PriceGroup, PriceLine, PriceOverview } from './types';

const isPriceLineDetail = shape<PriceLineDetail>({
  factors: optional(arrayOf(isNumber)),
  unitPrice: optional(isNumber),
  percent: optional(isNumber),
  date: optional(isCalendarDate),
});

const isPriceLine = shape<PriceLine>({
  name: isString,
  amount: nullable(isNumber),
  text: isString,
  info: optional(isString),
  detail: optional(isPriceLineDetail),
  type: isString,
  isDiscount: isBoolean,
});

const isPriceGroup = shape<PriceGroup>({
  id: isString,
  header: optional(isString),
  subtotal: optional(isNumber),
  lines: arrayOf(isPriceLine),
});

export const isPriceOverview = shape<PriceOverview>({
  groups: arrayOf(isPriceGroup),
  total: nullable(isNumber),
});
