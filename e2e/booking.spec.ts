import { expect, test, type Page } from '@playwright/test';
import { SANDBOX_URL } from '../playwright.config';
import { clickThroughBusy, daysAhead, fillGuest, MESSAGES, type Locale } from './support/booking-pages';
import { watchPolicyViolations } from './support/policy-violations';
import { fieldMode, sandbox } from './support/sandbox';
import { expectNoViolations } from './support/axe';

/**
 * The booking flow end to end against the production build and the sandbox: a full booking in
 * every locale and with every payment type, the preference rules, a double click on confirm, a
 * reload in the middle, hold expiry, and the booked unit gone from the list afterwards.
 *
 * Tests tagged @seed also run in the `seed` project, against a sandbox that sends only the
 * fields the partner documents: no per-unit preferences or pets, no park ids, no payment URL.
 * There the site lets the park match preferences, and "pay now" ends on the thank-you page
 * with the payment instructions to follow by e-mail. In both modes the thank-you page shows the
 * partner's reservation code: the finalized transactionId.
 */

type PaymentType = 'Later' | 'NowFullAmount' | 'NowPartialPayment';

interface Stay {
  houseId: number;
  startDate: string;
  endDate: string;
}

interface HouseInfo {
  preferences?: { id: number; keyword?: string; serviceName?: string; cost?: number }[];
  numberOfPets?: { value?: number };
  availableStartDates?: string[];
  availableEndDates?: string[];
}

/**
 * A bookable stay far enough ahead for every payment type, on which the sandbox has no hold or
 * booking yet (so tests, and a retried worker, never share one).
 */
/**
 * The sandbox as the partner (demo credentials), for test data. Its rate limit counts these
 * calls together with the site's, so a 429 is waited out rather than read as data.
 */
async function partner<T>(pathAndQuery: string, base = sandbox.url): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${base}/bungalow/api/v1/booking/${pathAndQuery}`, {
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

interface UnitInfo {
  unitId: number;
  allowPets?: boolean;
  preferenceIds?: number[];
  nrPets?: number;
}

const searched: { houses?: { houseId: number }[] } = {};
const houses = new Map<number, HouseInfo>();

/**
 * Which preferences the free units offer. The seed-mode sandbox does not say; the full-mode
 * sandbox runs the same seeded catalogue, so it tells which unit offers what (test data only:
 * the site under test never sees it).
 */
async function offeredPreferences(stay: Stay, units: UnitInfo[]): Promise<Set<number>> {
  let known = units;
  if (fieldMode() === 'seed') {
    const catalogue = await partner<UnitInfo[]>(
      `availableHouseUnits?houseId=${stay.houseId}&adults=2&startDate=${stay.startDate}&endDate=${stay.endDate}`,
      SANDBOX_URL,
    );
    const byId = new Map(catalogue.map((unit) => [unit.unitId, unit.preferenceIds ?? []]));
    known = units.map((unit) => ({ ...unit, preferenceIds: byId.get(unit.unitId) ?? [] }));
  }
  return new Set(known.flatMap((unit) => unit.preferenceIds ?? []));
}

async function freshStay(
  filter: (house: HouseInfo, units: UnitInfo[]) => boolean = () => true,
): Promise<Stay & { house: HouseInfo; units: UnitInfo[] }> {
  const taken = await sandbox.reservations();
  searched.houses ??= (
    await partner<{ houseList: { houseId: number }[] }>('searchHouses?adults=2')
  ).houseList;
  for (const { houseId } of searched.houses) {
    const house = houses.get(houseId) ?? (await partner<HouseInfo>(`houseDetails/${houseId}?adults=2`));
    houses.set(houseId, house);
    const starts = (house.availableStartDates ?? [])
      .map((d) => d.slice(0, 10))
      .filter((d) => d >= daysAhead(50));
    for (const start of starts.slice(0, 6)) {
      const withStart = await partner<HouseInfo>(`houseDetails/${houseId}?adults=2&startDate=${start}`);
      const end = withStart.availableEndDates?.[0]?.slice(0, 10);
      if (!end) continue;
      const clash = taken.some(
        (r) => r.houseId === houseId && r.startDate.slice(0, 10) < end && start < r.endDate.slice(0, 10),
      );
      if (clash) continue;
      const units = await partner<UnitInfo[]>(
        `availableHouseUnits?houseId=${houseId}&adults=2&startDate=${start}&endDate=${end}`,
      );
      if (units.length === 0) continue;
      if (!filter(house, units)) break;
      return { houseId, startDate: start, endDate: end, house, units };
    }
  }
  throw new Error('no bookable stay left in the sandbox');
}

/** Reservations the sandbox made since `before` (a snapshot of transaction ids). */
async function madeSince(before: Set<string>) {
  return (await sandbox.reservations()).filter((r) => !before.has(r.transactionId));
}

async function snapshot(): Promise<Set<string>> {
  return new Set((await sandbox.reservations()).map((r) => r.transactionId));
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Opens a booking page like a patient guest: the partner's quota is shared by the whole site,
 * and when it is spent the page shows its designed "busy, retry in N s" state; retry then.
 */
async function open(page: Page, url: string) {
  const locale = url.slice(1, 3) as Locale;
  for (let attempt = 0; attempt < 6; attempt++) {
    await page.goto(url);
    // The page streams in after its skeleton; its heading says which page it became.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const busy = page.getByRole('heading', { level: 1, name: MESSAGES[locale].states.busyTitle });
    if ((await busy.count()) === 0) return;
    // After a partner 429 the whole site pauses for the rest of the partner's minute.
    const seconds = Number(
      /(\d+)/.exec((await page.locator('#main p').first().textContent()) ?? '')?.[1] ?? 2,
    );
    await page.waitForTimeout(Math.min(61, seconds + 1) * 1_000);
  }
  throw new Error('the booking service stayed busy');
}

const bookUrl = (locale: Locale, stay: Stay, extra = '') =>
  `/${locale}/book/${stay.houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}${extra}`;

/** Adds one extra on the services step: a piece of a per-piece service, or else a whole service. */
/**
 * On the open booking page: choosing pet-free accommodation blocks adding pets, a party with pets
 * cannot choose it, and a hand-made link with both is explained and cannot continue.
 */
async function expectPetsAndPetFreeBlocked(page: Page, stay: Stay, petFreeId: number) {
  const m = MESSAGES.en;
  const petFreeBox = page
    .locator(`label:has(input[type=checkbox])`)
    .filter({ hasText: /pet-free|Pet-free/i })
    .getByRole('checkbox');
  await petFreeBox.check();
  await expect(
    page.getByRole('button', { name: `${m.stepper.increase.replace('{label}', m.party.pets)}` }),
  ).toBeDisabled();
  await expect(page.getByText(m.preferences.petsBlockedByPetFree)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`prefs=${petFreeId}`));

  await open(page, bookUrl('en', stay, '&pets=1'));
  await expect(petFreeBox).toBeDisabled();
  await expect(page.getByText(m.preferences.blockedByPets)).toBeVisible();

  await open(page, bookUrl('en', stay, `&pets=1&prefs=${petFreeId}`));
  await expect(page.getByText(m.preferences.conflictTitle)).toBeVisible();
  await expect(page.getByRole('button', { name: m.nav.toServices })).toBeDisabled();
  await expectNoViolations(page);
}

async function addOneService(page: Page, locale: Locale) {
  const m = MESSAGES[locale];
  const more = page
    .getByRole('button', { name: new RegExp(`^${m.stepper.increase.replace('{label}', '')}`) })
    .first();
  if (await more.count()) await more.click();
  else await page.getByRole('checkbox').first().check();
}

/** From step 1 to the overview with its price specification. */
async function toOverview(
  page: Page,
  locale: Locale,
  opts: { pickUnit?: boolean } = {},
): Promise<string | null> {
  const m = MESSAGES[locale];
  let unitNumber: string | null = null;
  if (opts.pickUnit) {
    const radio = page
      .getByRole('radio', { name: new RegExp(m.units.unit.replace('{number}', '(\\w+)')) })
      .first();
    unitNumber = (await radio.getAttribute('value')) ?? null;
    await radio.check();
  }
  await page.getByRole('button', { name: m.nav.toServices }).click();
  await expect(page).toHaveURL(/step=services/);
  await addOneService(page, locale);
  await page.getByRole('button', { name: m.nav.toGuest }).click();
  await expect(page).toHaveURL(/step=guest/);
  await fillGuest(page, locale, { lastName: 'van den Berg-Özdemir' });
  await clickThroughBusy(page, locale, m.nav.toOverview, /step=overview/);
  await expect(page.getByTestId('price-specification')).toBeVisible();
  return unitNumber;
}

/** Every payment type in both field modes (@seed); every locale in the full mode. */
const FLOWS: { locale: Locale; payment: PaymentType; mobile?: boolean; seed?: boolean }[] = [
  { locale: 'nl', payment: 'Later', seed: true },
  { locale: 'en', payment: 'NowFullAmount', mobile: true, seed: true },
  { locale: 'de', payment: 'NowPartialPayment', seed: true },
  { locale: 'fr', payment: 'Later' },
  { locale: 'en', payment: 'NowPartialPayment' },
  { locale: 'fr', payment: 'NowFullAmount' },
];

test.describe('booking flow', () => {
  // The partner's quota is shared by the whole site: a step may wait out a pause.
  test.describe.configure({ timeout: 180_000 });

  for (const { locale, payment, mobile, seed } of FLOWS) {
    const tags = `${mobile ? '@mobile ' : ''}${seed ? '@seed ' : ''}`;
    test(`${tags}books end to end in ${locale} paying ${payment}`, async ({ page }) => {
      const errors = watchErrors(page);
      const violations = await watchPolicyViolations(page);
      const m = MESSAGES[locale];
      const seedMode = fieldMode() === 'seed';
      const stay = await freshStay();
      const offered = await offeredPreferences(stay, stay.units);
      const before = await snapshot();
      await open(page, bookUrl(locale, stay));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const total = page.getByTestId('running-total').filter({ visible: true });
      const totalBefore = await total.textContent();

      // A preference some free unit offers changes the running total. Without unit data the
      // site cannot tell which one that is (every one can be chosen, the park confirms it), so
      // the test picks it from what it knows of the catalogue.
      const preferences = stay.house.preferences ?? [];
      const index = preferences.findIndex((p) => offered.has(p.id) && (p.cost ?? 0) > 0);
      if (seedMode && preferences.length > 0) {
        await expect(page.getByTestId('preferences-intro')).toHaveText(m.preferences.introParkConfirms);
      }
      if (index !== -1) {
        const pref = page.getByRole('checkbox').nth(index);
        await expect(pref).toBeEnabled();
        await pref.check();
        await expect(total).not.toHaveText(totalBefore ?? '');
      }
      await toOverview(page, locale);
      await expectNoViolations(page);

      const option = {
        Later: m.payment.later,
        NowFullAmount: m.payment.full,
        NowPartialPayment: m.payment.partial,
      }[payment];
      await page.getByRole('radio', { name: option }).check();
      await page.getByRole('checkbox', { name: m.payment.accept }).check();
      // Only the full-mode sandbox names a payment page; without one the booking is made and
      // the partner e-mails how to pay.
      const paysOnline = payment !== 'Later' && !seedMode;
      await clickThroughBusy(
        page,
        locale,
        m.payment.confirm,
        paysOnline ? /\/__pay\// : /booking\/thank-you/,
      );

      if (paysOnline) {
        await expect(page).toHaveURL(/\/__pay\//);
        await page.getByRole('button', { name: 'Pay' }).click();
      }
      await expect(page).toHaveURL(new RegExp(`/${locale}/booking/thank-you`));
      await expect(page.getByRole('heading', { level: 1, name: m.thankYou.title })).toBeVisible();
      const made = await madeSince(before);
      expect(made).toHaveLength(1);
      // The code the park knows: the transactionId, which finalize made the reservation code.
      await expect(page.getByTestId('reservation-code')).toHaveText(made[0]!.transactionId);
      await expect(
        page.getByText(
          payment === 'Later'
            ? m.thankYou.received
            : paysOnline
              ? m.thankYou.processing
              : m.thankYou.paymentFollows,
        ),
      ).toBeVisible();
      if (payment !== 'Later' && !paysOnline)
        await expect(page.getByText(m.thankYou.paymentByEmail)).toBeVisible();

      expect(made[0]?.status).toBe(
        payment === 'Later' ? 'Confirmed' : paysOnline ? 'Paid' : 'AwaitingPayment',
      );
      expect(made[0]?.finalizeCalls).toBe(1);
      expect(errors).toEqual([]);
      // The guest form's checks (zod in the browser) ran without compiling code.
      expect(await violations()).toEqual([]);
    });
  }

  test('a double click on confirm makes one finalize', async ({ page }) => {
    const m = MESSAGES.en;
    const stay = await freshStay();
    const before = await snapshot();
    await open(page, bookUrl('en', stay));
    await toOverview(page, 'en');
    await page.getByRole('radio', { name: m.payment.later }).check();
    await page.getByRole('checkbox', { name: m.payment.accept }).check();
    const confirm = page.getByRole('button', { name: m.payment.confirm });
    await confirm.dblclick();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/booking\/thank-you/);
    const reservations = await madeSince(before);
    expect(reservations).toHaveLength(1);
    expect(reservations[0]!.finalizeCalls).toBe(1);
    expect(reservations[0]!.status).toBe('Confirmed');
  });

  test('a dropped connection on confirm, then a retry, still makes one finalize', async ({ page }) => {
    const m = MESSAGES.en;
    const stay = await freshStay();
    const before = await snapshot();
    await open(page, bookUrl('en', stay));
    await toOverview(page, 'en');
    let dropped = false;
    // The request reaches the server, which books; the answer never reaches the browser.
    await page.route('**/api/booking/finalize', async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('radio', { name: m.payment.later }).check();
    await page.getByRole('checkbox', { name: m.payment.accept }).check();
    await page.getByRole('button', { name: m.payment.confirm }).click();
    await expect(page.getByText(m.errors.network)).toBeVisible();
    await page.getByRole('button', { name: m.payment.confirm }).click();
    await expect(page).toHaveURL(/\/en\/booking\/thank-you/);
    const made = await madeSince(before);
    expect(made).toHaveLength(1);
    expect(made[0]!.finalizeCalls).toBe(1);
  });

  test('@mobile a reload in the middle of the flow loses nothing', async ({ page }) => {
    const m = MESSAGES.nl;
    const stay = await freshStay();
    await open(page, bookUrl('nl', stay));
    await page.getByRole('button', { name: m.nav.toServices }).click();
    await expect(page).toHaveURL(/step=services/);
    await addOneService(page, 'nl');
    await expect(page).toHaveURL(/svc=/);
    const totalBefore = await page.getByTestId('running-total').filter({ visible: true }).textContent();
    await page.reload();
    await expect(page.getByTestId('running-total').filter({ visible: true })).toHaveText(totalBefore ?? '');

    await page.getByRole('button', { name: m.nav.toGuest }).click();
    await page.getByLabel(m.guest.firstName, { exact: true }).fill('Zoë');
    await page.getByLabel(m.guest.email, { exact: true }).fill('zoe@example.nl');
    await page.reload();
    await expect(page.getByLabel(m.guest.firstName, { exact: true })).toHaveValue('Zoë');
    await expect(page.getByLabel(m.guest.email, { exact: true })).toHaveValue('zoe@example.nl');

    // Back and forward between steps keep the choices too.
    await page.goBack();
    await expect(page).toHaveURL(/step=services/);
    await page.goForward();
    await expect(page.getByLabel(m.guest.firstName, { exact: true })).toHaveValue('Zoë');
    await expectNoViolations(page);

    // Back to step 1 with the browser, then forward with the button: the extras chosen on step 2 stay.
    await page.goBack();
    await page.goBack();
    await expect(page).not.toHaveURL(/step=/);
    await page.getByRole('button', { name: m.nav.toServices }).click();
    await expect(page).toHaveURL(/step=services.*svc=/);
    await expect(page.getByTestId('running-total').filter({ visible: true })).toHaveText(totalBefore ?? '');
  });

  test('after a booking the booked unit is no longer offered for those nights (issue)', async ({
    page,
    browser,
  }) => {
    const m = MESSAGES.en;
    const stay = await freshStay((_house, units) => units.length >= 2);
    await open(page, bookUrl('en', stay));
    const unitId = await toOverview(page, 'en', { pickUnit: true });
    expect(unitId).not.toBeNull();
    await page.getByRole('radio', { name: m.payment.later }).check();
    await page.getByRole('checkbox', { name: m.payment.accept }).check();
    await page.getByRole('button', { name: m.payment.confirm }).click();
    await expect(page).toHaveURL(/thank-you/);

    const other = await browser.newPage();
    await open(other, bookUrl('en', stay));
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(other.locator(`input[type=radio][name=unit][value="${unitId}"]`)).toHaveCount(0);
    await other.close();
  });

  test('an expired hold is explained and can be renewed', async ({ page }) => {
    const m = MESSAGES.en;
    const stay = await freshStay();
    const before = await snapshot();
    await open(page, bookUrl('en', stay));
    await toOverview(page, 'en');
    await fetch(`${sandbox.url}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 31 * 60_000 }),
    });
    await page.getByRole('radio', { name: m.payment.later }).check();
    await page.getByRole('checkbox', { name: m.payment.accept }).check();
    await page.getByRole('button', { name: m.payment.confirm }).click();
    await expect(page.getByText(m.hold.expiredTitle)).toBeVisible();
    await page.getByRole('button', { name: m.hold.renew }).click();
    await expect(page.getByTestId('price-specification')).toBeVisible();
    await page.getByRole('radio', { name: m.payment.later }).check();
    await page.getByRole('checkbox', { name: m.payment.accept }).check();
    await page.getByRole('button', { name: m.payment.confirm }).click();
    await expect(page).toHaveURL(/thank-you/);
    const made = await madeSince(before);
    expect(made.map((r) => r.status).sort()).toEqual(['Confirmed', 'Expired']);
    expect(made.map((r) => r.finalizeCalls).sort()).toEqual([1, 1]);
  });
});

test.describe('preferences and units', () => {
  test.describe.configure({ timeout: 180_000 });

  test('@seed without unit data, preferences stay choosable and pets still exclude pet-free', async ({
    page,
  }) => {
    test.skip(fieldMode() !== 'seed', 'the sandbox sends per-unit data in full mode');
    const m = MESSAGES.en;
    const stay = await freshStay(
      (house, units) =>
        (house.numberOfPets?.value ?? 0) > 0 &&
        units.some((u) => (u.nrPets ?? 0) > 0) &&
        (house.preferences ?? []).some((p) => p.keyword === 'pet-free'),
    );
    const petFree = stay.house.preferences!.find((p) => p.keyword === 'pet-free')!;
    await open(page, bookUrl('en', stay));
    await expect(page.getByTestId('preferences-intro')).toHaveText(m.preferences.introParkConfirms);
    // Nothing is greyed out for want of a unit: the park matches the preferences.
    await expect(page.getByText(m.preferences.noUnit)).toHaveCount(0);
    const boxes = page.getByRole('checkbox');
    for (let i = 0; i < (await boxes.count()); i++) await expect(boxes.nth(i)).toBeEnabled();

    await expectPetsAndPetFreeBlocked(page, stay, petFree.id);
  });

  test('@seed when no free unit offers the chosen preference, the guest is told so and led back to the choices', async ({
    page,
  }) => {
    test.skip(fieldMode() !== 'seed', 'with unit data the page itself offers only what a free unit has');
    const m = MESSAGES.en;
    const stay = await freshStay((house) => (house.preferences ?? []).some((p) => p.keyword !== 'pet-free'));
    const preference = stay.house.preferences!.find((p) => p.keyword !== 'pet-free')!;
    await open(page, bookUrl('en', stay));
    await page.getByRole('checkbox', { name: preference.serviceName }).check();
    await expect(page).toHaveURL(new RegExp(`prefs=${preference.id}`));
    await page.getByRole('button', { name: m.nav.toServices }).click();
    await expect(page).toHaveURL(/step=services/);
    await page.getByRole('button', { name: m.nav.toGuest }).click();
    await expect(page).toHaveURL(/step=guest/);
    await fillGuest(page, 'en');
    // The partner answers as it does when every unit offering the preference is taken.
    await sandbox.fault({ operation: 'preRegisterReservation', type: 'status', status: 409, count: 1 });
    try {
      await page.getByRole('button', { name: m.nav.toOverview }).click();
      const notice = page.getByRole('alert').filter({ hasText: m.errors.preferences_unavailable });
      await expect(notice).toBeVisible();
      await expect(page.getByText(m.errors.unit_taken)).toHaveCount(0);
      await notice.getByRole('button', { name: m.nav.toPreferences }).click();
    } finally {
      await sandbox.clearFaults();
    }
    await expect(page).not.toHaveURL(/step=guest/);
    await expect(page.getByRole('checkbox', { name: preference.serviceName })).toBeChecked();
    await page.getByRole('checkbox', { name: preference.serviceName }).uncheck();
    await page.getByRole('button', { name: m.nav.toServices }).click();
    await page.getByRole('button', { name: m.nav.toGuest }).click();
    // The guest's details were kept; without the preference the partner holds a unit.
    await clickThroughBusy(page, 'en', m.nav.toOverview, /step=overview/);
    await expect(page.getByTestId('price-specification')).toBeVisible();
  });

  test('pets and pet-free accommodation block each other, with an explanation', async ({ page }) => {
    const stay = await freshStay(
      (house, units) =>
        (house.numberOfPets?.value ?? 0) > 0 &&
        units.some((u) => u.allowPets) &&
        units.some((u) =>
          u.preferenceIds?.includes(house.preferences?.find((p) => p.keyword === 'pet-free')?.id ?? -1),
        ),
    );
    const petFree = stay.house.preferences!.find((p) => p.keyword === 'pet-free')!;
    await open(page, bookUrl('en', stay));
    await expectPetsAndPetFreeBlocked(page, stay, petFree.id);
  });

  test('a preference that leaves no unit is disabled, and the count of matching units follows the choices', async ({
    page,
  }) => {
    const narrowing = (house: HouseInfo, units: { preferenceIds?: number[] }[]) =>
      (house.preferences ?? []).find((p) => {
        const offering = units.filter((u) => u.preferenceIds?.includes(p.id)).length;
        return p.keyword !== 'pet-free' && offering > 0 && offering < units.length;
      });
    const stay = await freshStay((house, units) => {
      const offered = new Set(units.flatMap((u) => u.preferenceIds ?? []));
      return (
        (house.preferences ?? []).some((p) => !offered.has(p.id)) && narrowing(house, units) !== undefined
      );
    });
    const units = await partner<{ preferenceIds?: number[] }[]>(
      `availableHouseUnits?houseId=${stay.houseId}&adults=2&startDate=${stay.startDate}&endDate=${stay.endDate}`,
    );
    const pref = narrowing(stay.house, units)!;
    await open(page, bookUrl('en', stay));
    const count = page.getByTestId('matching-units');
    const initial = await count.textContent();
    // With nothing else chosen, no free unit offers it at all: "other choices" would be wrong.
    await expect(page.getByText(MESSAGES.en.preferences.noUnitFree).first()).toBeVisible();
    await expect(page.getByText(MESSAGES.en.preferences.noUnit)).toHaveCount(0);
    await expect(page.getByRole('checkbox', { disabled: true }).first()).toBeDisabled();

    await page.getByRole('checkbox', { name: pref.serviceName }).check();
    await expect(count).not.toHaveText(initial ?? '');
    await expect(page.getByText(MESSAGES.en.preferences.noUnit).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`prefs=${pref.id}`));
    await expect(page.getByRole('button', { name: MESSAGES.en.nav.toServices })).toBeEnabled();

    // A link asking for preferences no unit combines explains itself and cannot continue.
    const all = stay.house.preferences!.map((p) => p.id).join(',');
    await open(page, bookUrl('en', stay, `&prefs=${all}`));
    await expect(page.getByText(MESSAGES.en.units.noMatchTitle)).toBeVisible();
    await expect(page.getByRole('button', { name: MESSAGES.en.nav.toServices })).toBeDisabled();
  });
});
