import { expect, test, type Locator, type Page } from '@playwright/test';
import de from '../messages/de/legal.json';
import en from '../messages/en/legal.json';
import fr from '../messages/fr/legal.json';
import nl from '../messages/nl/legal.json';
import content from '../content/site-content.json';
import { expectNoViolations } from './support/axe';
import { afterTwoFrames } from './support/layout';

const MESSAGES = { en: en.legal, de: de.legal, fr: fr.legal, nl: nl.legal };
type Locale = keyof typeof MESSAGES;
const LOCALES = Object.keys(MESSAGES) as Locale[];
const PAGES = ['contact', 'help', 'privacy', 'terms', 'cancellation', 'accessibility'] as const;

/** Presses Tab until `target` has the focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('the element was not reached with Tab');
}

function footerLinks(page: Page) {
  return page.getByRole('contentinfo').getByRole('navigation');
}

test.describe('help and legal pages', () => {
  for (const locale of LOCALES) {
    test(`each page renders in ${locale} with its heading, title and language versions`, async ({ page }) => {
      const t = MESSAGES[locale];
      for (const name of PAGES) {
        const response = await page.goto(`/${locale}/${name}`);
        expect(response?.status(), name).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t[name].title);
        await expect(page).toHaveTitle(new RegExp(`^${t[name].title} · `));
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        for (const other of LOCALES) {
          await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute(
            'href',
            new RegExp(`/${other}/${name}$`),
          );
        }
        await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
          'href',
          new RegExp(`/nl/${name}$`),
        );
      }
    });
  }

  test('the contact page shows the configured company, marked as example data', async ({ page }) => {
    await page.goto('/nl/contact');
    const main = page.getByRole('main');
    await expect(main.getByText(content.company.name)).toBeVisible();
    await expect(main.getByText(MESSAGES.nl.company.example)).toBeVisible();
    await expect(main.getByRole('link', { name: content.company.email })).toHaveAttribute(
      'href',
      `mailto:${content.company.email}`,
    );
    await expect(main.getByRole('link', { name: content.company.phone })).toHaveAttribute(
      'href',
      /^tel:\+31\d+$/,
    );
    // The Dutch override of the opening hours, not the base (English) lines.
    await expect(main.getByText(content.locales.nl.company.openingHours[0]!)).toBeVisible();
    await expect(main.getByText(content.company.openingHours[0]!)).toHaveCount(0);
  });

  test('the cancellation page shows the parks’ own conditions from the partner', async ({ page }) => {
    await page.goto('/en/cancellation');
    const parks = page.getByRole('region', { name: MESSAGES.en.cancellation.parksHeading });
    await expect(parks.getByText(MESSAGES.en.cancellation.parksIntro)).toBeVisible();
    await expect(parks.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(parks.getByText(/Check-in from/).first()).toBeVisible();
    const questions = page.getByRole('region', { name: MESSAGES.en.cancellation.questionsHeading });
    await questions.getByRole('link', { name: MESSAGES.en.links.contact }).click();
    await expect(page).toHaveURL(/\/en\/contact$/);
  });

  test('the accessibility statement names its target, how to report a problem with the site’s contact details, and its date', async ({
    page,
  }) => {
    for (const locale of LOCALES) {
      await page.goto(`/${locale}/accessibility`);
      const main = page.getByRole('main');
      await expect(main.getByText(/WCAG\)? 2\.2/).first()).toBeVisible();
      await expect(main.getByText(/\bAA\b/).first()).toBeVisible();
      await expect(main.getByRole('link', { name: content.company.email })).toHaveAttribute(
        'href',
        `mailto:${content.company.email}`,
      );
      await expect(main.getByRole('link', { name: content.company.phone })).toHaveAttribute('href', /^tel:/);
      await expect(main.locator('time[datetime]')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    }
  });

  test('the sitemap lists every page in every language with its alternates', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    for (const name of PAGES) {
      for (const locale of LOCALES) {
        expect(xml, `${locale}/${name}`).toContain(`/${locale}/${name}</loc>`);
        expect(xml).toContain(`hreflang="${locale}" href="`);
      }
      expect(xml).toMatch(new RegExp(`hreflang="x-default"[^>]*href="[^"]*/nl/${name}"`));
    }
    // The home page's fallback is the bare address, which picks the browser's language.
    expect(xml).toMatch(/hreflang="x-default"[^>]*href="http[^"]*:\d+\/"/);
  });

  for (const name of PAGES) {
    test(`axe finds no violations on the ${name} page`, async ({ page }) => {
      await page.goto(`/en/${name}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page);
    });
  }

  test('@mobile axe finds no violations on the contact page on a phone', async ({ page }) => {
    await page.goto('/fr/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page);
  });
});

test('@mobile no help or legal page scrolls sideways on a 360-pixel phone in any language, however long its words', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const wider: string[] = [];
  for (const locale of LOCALES) {
    for (const name of PAGES) {
      await page.goto(`/${locale}/${name}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Against the screen's width: a phone widens its layout viewport to content that overflows.
      const overflow = (await page.evaluate(() => document.documentElement.scrollWidth)) - 360;
      if (overflow > 0) wider.push(`/${locale}/${name}: ${overflow} px`);
    }
  }
  expect(wider).toEqual([]);
});

test.describe('the footer', () => {
  test('every link fits its column on a 320-pixel phone in every language', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const cut: string[] = [];
    for (const locale of LOCALES) {
      await page.goto(`/${locale}/help`);
      const spill = await footerLinks(page).evaluate((nav) =>
        [...nav.querySelectorAll('li')].flatMap((item) => {
          const range = document.createRange();
          range.selectNodeContents(item);
          const text = range.getBoundingClientRect();
          const box = item.getBoundingClientRect();
          return text.right > Math.min(box.right, window.innerWidth) + 1 ? [item.textContent ?? ''] : [];
        }),
      );
      cut.push(...spill.map((name) => `${locale}: ${name}`));
    }
    expect(cut).toEqual([]);
  });

  for (const name of PAGES) {
    test(`@mobile reaches the ${name} page by keyboard`, async ({ page }) => {
      const t = MESSAGES.de;
      // Start from another short page, so the footer is a few Tab presses away.
      await page.goto(name === 'privacy' ? '/de/terms' : '/de/privacy');
      const link = footerLinks(page).getByRole('link', { name: t.links[name], exact: true });
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/de/${name}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t[name].title);
    });
  }

  test('@mobile the page ends where it ended before the footer was laid out: a jump to the end stays there', async ({
    page,
  }) => {
    await page.goto('/en/help');
    const end = () => page.evaluate(() => document.documentElement.scrollHeight);
    const before = await end();
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    await afterTwoFrames(page);
    expect(await end()).toBe(before);
  });

  test('@mobile links the partners’ page, with touch targets of at least 44 px', async ({ page }) => {
    await page.goto('/en/help');
    const nav = footerLinks(page);
    await expect(nav.getByRole('link', { name: MESSAGES.en.links.partners })).toHaveAttribute(
      'href',
      '/en/partners/links',
    );
    const links = await nav.getByRole('link').all();
    expect(links.length).toBe(PAGES.length + 3);
    for (const link of links) {
      const box = await link.boundingBox();
      expect(box?.height ?? 0, (await link.textContent()) ?? '').toBeGreaterThanOrEqual(44);
    }
  });
});

test('every page’s footer names the company from the site content', async ({ page }) => {
  await page.goto('/nl');
  await expect(page.getByRole('contentinfo')).toContainText('Example Holiday Parks B.V.');
});
