import { expect, test } from '@playwright/test';
import { askPartner } from './support/sandbox';
import { waitForHydration } from './support/hydration';
import { waitForLiveSearchForm } from './support/search-form';


interface PartnerSearch {
  houseList: Array<{ houseId: number; name: string; price?: { startDate: string; endDate: string } }>;
  houseCount: number;
}

const PAGES = {
  nl: { heading: 'Vakantiehuizen zoeken', arrival: 'Aankomst', found: /^(\d+) huizen gevonden$/, intl: 'nl-NL' },
  en: { heading: 'Search holiday houses', arrival: 'Arrival', found: /^(\d+) houses found$/, intl: 'en-GB' },
  de: { heading: 'Ferienhäuser suchen', arrival: 'Anreise', found: /^(\d+) Häuser gefunden$/, intl: 'de-DE' },
  fr: { heading: 'Rechercher une maison de vacances', arrival: 'Arrivée', found: /^(\d+) maisons trouvées$/, intl: 'fr-FR' },
} as const;

const spaces = (text: string) => text.replace(/\s/g, ' ');

async function defaultStay() {
  const all = await askPartner<PartnerSearch>('searchHouses');
  const house = all.houseList.find((h) => h.price)!;
  return { startDate: house.price!.startDate.slice(0, 10), endDate: house.price!.endDate.slice(0, 10) };
}

test.describe('languages', () => {
  for (const [locale, expected] of Object.entries(PAGES)) {
    test(`@mobile a deep link opens the right search in ${locale}`, async ({ page }) => {
      const { startDate, endDate } = await defaultStay();
      const query = `startDate=${startDate}&endDate=${endDate}&adults=2&child0304=1`;
      const partner = await askPartner<PartnerSearch>(`searchHouses?${query}`, locale.toUpperCase());
      await page.goto(`/${locale}/search?${query}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.heading);
      await expect(page.getByLabel(expected.arrival)).toHaveValue(startDate);
      const heading = page.getByRole('heading', { level: 2, name: expected.found });
      await expect(heading).toHaveText(expected.found);
      expect(Number(expected.found.exec((await heading.textContent()) ?? '')?.[1])).toBe(partner.houseCount);
      // Prices are in the page language's euro format.
      const sample = spaces(new Intl.NumberFormat(expected.intl, { style: 'currency', currency: 'EUR' }).format(1.5));
      const euroPattern = sample.startsWith('€') ? /€\s?\d/ : /\d,\d{2}\s€/;
      await expect(page.getByRole('article').first()).toContainText(euroPattern);
    });
  }

  test('the language switcher keeps the page and the criteria', async ({ page }) => {
    const { startDate, endDate } = await defaultStay();
    const query = `startDate=${startDate}&endDate=${endDate}&adults=3&sort=price-desc`;
    await page.goto(`/en/search?${query}`);
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: /Deutsch/ }).click();
    await expect(page).toHaveURL(`/de/search?${query}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ferienhäuser suchen');
    await expect(page.getByLabel('Anreise')).toHaveValue(startDate);
    await expect(page.getByLabel('Sortieren nach')).toHaveValue('price-desc');

    const house = (await askPartner<PartnerSearch>('searchHouses')).houseList[0]!;
    await page.goto(`/de/houses/${house.houseId}?startDate=${startDate}&endDate=${endDate}&adults=3`);
    await page.getByRole('navigation', { name: 'Sprache' }).getByRole('link', { name: /Français/ }).click();
    await expect(page).toHaveURL(`/fr/houses/${house.houseId}?startDate=${startDate}&endDate=${endDate}&adults=3`);
    await expect(page.getByRole('heading', { level: 2, name: 'Disponibilité et prix' })).toBeVisible();
  });

  test('the switcher follows choices made on the house page', async ({ page }) => {
    const search = await askPartner<PartnerSearch>('searchHouses');
    const house = search.houseList.find((h) => h.price)!;
    await page.goto(`/en/houses/${house.houseId}`);
    await waitForHydration(page, '#book button');
    const panel = page.getByRole('region', { name: 'Availability and price' });
    await panel.getByRole('button', { name: /^Who is coming/ }).click();
    await panel.getByRole('button', { name: 'Adults: one more' }).click();
    await expect(page).toHaveURL(/adults=3/);
    const dutch = page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: /Nederlands/ });
    await expect(dutch).toHaveAttribute('href', `/nl/houses/${house.houseId}?adults=3`);
  });

  test('/ picks the language from Accept-Language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/fr$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trouvez votre maison de vacances');
    // Searchers in another language are pointed at that same bare address.
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      'href',
      /^(https?:\/\/[^/]+\/?|\/)$/,
    );
    await context.close();
  });

  test('a booking page writes its stay one way in its heading, its stay card and its summary, in every language', async ({
    page,
  }) => {
    const all = await askPartner<PartnerSearch>('searchHouses');
    const house = all.houseList.find((h) => h.price)!;
    const stay = `startDate=${house.price!.startDate.slice(0, 10)}&endDate=${house.price!.endDate.slice(0, 10)}`;
    for (const locale of Object.keys(PAGES)) {
      await page.goto(`/${locale}/book/${house.houseId}?${stay}&adults=2`);
      const dates = page.getByTestId('stay-dates').filter({ visible: true });
      await expect(dates).toHaveCount(3);
      const texts = (await dates.allTextContents()).map(spaces);
      expect(new Set(texts), `${locale}: ${texts.join(' | ')}`).toEqual(new Set([texts[0]]));
    }
  });

  test('@mobile on a narrow phone the site name in the header never runs under the language links, in any language', async ({
    page,
  }) => {
    for (const width of [320, 360]) {
      await page.setViewportSize({ width, height: 640 });
      for (const locale of Object.keys(PAGES)) {
        await page.goto(`/${locale}/help`);
        const header = page.getByRole('banner');
        const name = header.getByRole('link').first();
        const languages = header.getByRole('navigation').last();
        const nameBox = (await name.boundingBox())!;
        const languagesBox = (await languages.boundingBox())!;
        // The name's text may wrap, shrink or be left to screen readers (a 1-pixel box), but what
        // is shown ends before the first language link starts.
        const textRight = await name.evaluate((link) => {
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
          let right = 0;
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if ((node.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) right = Math.max(right, rect.right);
          }
          return right;
        });
        expect(textRight, `${locale} at ${width} px`).toBeLessThanOrEqual(languagesBox.x);
        expect(nameBox.x + nameBox.width, `${locale} at ${width} px`).toBeLessThanOrEqual(languagesBox.x);
      }
    }
  });

  test('validation messages and dates follow the page language', async ({ page }) => {
    const { startDate } = await defaultStay();
    await page.goto('/de/search');
    await waitForLiveSearchForm(page);
    await page.getByLabel('Anreise').fill(startDate);
    await page.getByLabel('Abreise').fill('');
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    await expect(page.getByText('Wählen Sie auch ein Abreisedatum oder löschen Sie das Anreisedatum.')).toBeVisible();

    await page.goto('/fr/search');
    const note = page.getByText('Ce que nous avons supposé').locator('..');
    await expect(note).toContainText(/novembre|décembre|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre/);
  });
});
