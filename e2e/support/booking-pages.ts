import { expect, type Page } from '@playwright/test';
import de from '../../messages/de/booking.json';
import en from '../../messages/en/booking.json';
import fr from '../../messages/fr/booking.json';
import nl from '../../messages/nl/booking.json';
import { sandbox } from './sandbox';

/** What the booking specs share: the messages, the sandbox as test-data source, and page opening. */

export const MESSAGES = { nl: nl.booking, en: en.booking, de: de.booking, fr: fr.booking };
export type Locale = keyof typeof MESSAGES;

export interface Stay {
  houseId: number;
  startDate: string;
  endDate: string;
}

export const daysAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The sandbox as the partner, for test data; a 429 (the quota the site shares) is waited out. */
async function partner<T>(pathAndQuery: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${sandbox.url}/bungalow/api/v1/booking/${pathAndQuery}`, {
      headers: { 'x-security-key': 'demo-key', 'x-partner': 'demo-partner', language: 'EN' },
    });
    if (res.ok) return (await res.json()) as T;
    if (res.status !== 429 || attempt >= 4)
      throw new Error(`sandbox answered ${res.status} to ${pathAndQuery}`);
    await new Promise((resolve) =>
      setTimeout(resolve, 1_000 * Math.min(61, Number(res.headers.get('retry-after') ?? 5))),
    );
  }
}

/**
 * A finder of bookable stays at least `minDaysAhead` away for the party in `query`, on which the
 * sandbox has no booking yet, which this finder has not handed out before and which pass the
 * caller's `fits`, when given. Each spec starts from its own distance, so specs do not hold each
 * other's stays.
 */
export function stayFinder(
  minDaysAhead: number,
  query = 'adults=2',
): (fits?: (stay: Stay) => boolean | Promise<boolean>) => Promise<Stay> {
  const used = new Set<string>();
  return async (fits) => {
    const taken = await sandbox.reservations();
    const { houseList } = await partner<{ houseList: { houseId: number }[] }>(`searchHouses?${query}`);
    for (const { houseId } of houseList) {
      const house = await partner<{ availableStartDates?: string[] }>(`houseDetails/${houseId}?${query}`);
      const starts = (house.availableStartDates ?? [])
        .map((d) => d.slice(0, 10))
        .filter((d) => d >= daysAhead(minDaysAhead));
      for (const start of starts.slice(0, 6)) {
        const withStart = await partner<{ availableEndDates?: string[] }>(
          `houseDetails/${houseId}?${query}&startDate=${start}`,
        );
        const end = withStart.availableEndDates?.[0]?.slice(0, 10);
        if (!end || used.has(`${houseId}|${start}`)) continue;
        const clash = taken.some(
          (r) => r.houseId === houseId && r.startDate.slice(0, 10) < end && start < r.endDate.slice(0, 10),
        );
        if (clash) continue;
        const units = await partner<unknown[]>(
          `availableHouseUnits?houseId=${houseId}&${query}&startDate=${start}&endDate=${end}`,
        );
        if (units.length === 0) continue;
        const stay = { houseId, startDate: start, endDate: end };
        if (fits && !(await fits(stay))) continue;
        used.add(`${houseId}|${start}`);
        return stay;
      }
    }
    throw new Error('no bookable stay that fits left in the sandbox');
  };
}

export const bookUrl = (locale: Locale, stay: Stay) =>
  `/${locale}/book/${stay.houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}`;

/**
 * Opens a booking page; when the partner's shared quota is spent the page shows its "busy"
 * state, which is waited out like a patient guest would.
 */
export async function open(page: Page, locale: Locale, url: string) {
  const busy = page.getByRole('heading', { level: 1, name: MESSAGES[locale].states.busyTitle });
  for (let attempt = 0; attempt < 6; attempt++) {
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    if ((await busy.count()) === 0) return;
    await page.waitForTimeout(31_000);
  }
  throw new Error('the booking service stayed busy');
}

/**
 * Clicks a button that places or confirms with the partner; when the shared quota is spent the
 * step says the service is busy, and the guest tries again a moment later.
 */
export async function clickThroughBusy(page: Page, locale: Locale, name: string, done: RegExp) {
  const busy = new RegExp(MESSAGES[locale].errors.busy.split('.')[0]!);
  for (let attempt = 0; attempt < 6; attempt++) {
    await page.getByRole('button', { name }).click();
    const outcome = await Promise.race([
      page
        .waitForURL(done, { timeout: 30_000 })
        .then(() => 'done' as const)
        .catch(() => 'timeout' as const),
      page
        .getByText(busy)
        .first()
        .waitFor({ timeout: 30_000 })
        .then(() => 'busy' as const)
        .catch(() => 'timeout' as const),
    ]);
    if (outcome === 'done') return;
    if (outcome === 'timeout') break;
    await page.waitForTimeout(2_000);
  }
  throw new Error('the booking service stayed busy');
}

/** A guest's details as the guest step asks for them (the country is chosen from the list). */
export interface TestGuest {
  readonly firstName: string;
  readonly lastName: string;
  readonly street: string;
  readonly houseNumber: string;
  readonly postcode: string;
  readonly city: string;
  readonly country: string;
  readonly email: string;
  readonly phone: string;
}

export const TEST_GUEST: TestGuest = {
  firstName: 'Anna',
  lastName: 'van den Berg',
  street: 'Keizersgracht',
  houseNumber: '12a',
  postcode: '1015 CX',
  city: 'Amsterdam',
  country: 'NL',
  email: 'anna.berg@example.nl',
  phone: '020 123 4567',
};

/** Fills the guest step's fields, found by their labels in `locale`, with `guest` over TEST_GUEST. */
export async function fillGuest(page: Page, locale: Locale, guest: Partial<TestGuest> = {}): Promise<void> {
  const m = MESSAGES[locale].guest;
  const g = { ...TEST_GUEST, ...guest };
  await page.getByLabel(m.firstName, { exact: true }).fill(g.firstName);
  await page.getByLabel(m.lastName, { exact: true }).fill(g.lastName);
  await page.getByLabel(m.street, { exact: true }).fill(g.street);
  await page.getByLabel(m.houseNumber, { exact: true }).fill(g.houseNumber);
  await page.getByLabel(m.postcode, { exact: true }).fill(g.postcode);
  await page.getByLabel(m.city, { exact: true }).fill(g.city);
  await page.getByLabel(m.country, { exact: true }).selectOption(g.country);
  await page.getByLabel(m.email, { exact: true }).fill(g.email);
  await page.getByLabel(m.phone, { exact: true }).fill(g.phone);
}

/** From step 1 of `stay` to its guest step, with no extras. */
export async function toGuestStep(page: Page, locale: Locale, stay: Stay): Promise<void> {
  const m = MESSAGES[locale];
  await open(page, locale, bookUrl(locale, stay));
  await page.getByRole('button', { name: m.nav.toServices }).click();
  await expect(page).toHaveURL(/step=services/);
  await page.getByRole('button', { name: m.nav.toGuest }).click();
  await expect(page).toHaveURL(/step=guest/);
}

/** From step 1 of `stay` to its overview, with no extras and TEST_GUEST's details: the hold is placed there. */
export async function toOverview(page: Page, locale: Locale, stay: Stay): Promise<void> {
  const m = MESSAGES[locale];
  await toGuestStep(page, locale, stay);
  await fillGuest(page, locale);
  await clickThroughBusy(page, locale, m.nav.toOverview, /step=overview/);
}
