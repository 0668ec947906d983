import { expect, test } from '@playwright/test';
import en from '../messages/en/partners.json';
import { stayFinder } from './support/booking-pages';
import { askPartner } from './support/sandbox';
import { watchPolicyViolations } from './support/policy-violations';
import { expectNoViolations } from './support/axe';

/** The partners' link builder: build a link with campaign tags, copy it, see its check and the search box. */

const t = en.partners.links;
const findStay = stayFinder(150);

test('a partner builds a house link with campaign tags, copies it, sees it checked, and gets the search box', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const violations = await watchPolicyViolations(page);
  const stay = await findStay();
  await page.goto('/en/partners/links');
  await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  const builder = page.getByRole('form', { name: t.form.heading });
  await builder.getByRole('radio', { name: t.form.pages.house }).check();
  // The houses are named as the page's language names them (the partner's English names here).
  const english = await askPartner<{ id: number; name: string }[]>('parkActiveHouses', 'EN');
  const dutch = await askPartner<{ id: number; name: string }[]>('parkActiveHouses', 'NL');
  const translated = english.find((house) => dutch.find((d) => d.id === house.id)?.name !== house.name)!;
  await expect(
    builder.getByRole('combobox', { name: t.form.house }).locator(`option[value="${translated.id}"]`),
  ).toHaveText(new RegExp(`^${translated.name}`));
  await builder.getByRole('combobox', { name: t.form.house }).selectOption(String(stay.houseId));
  await builder.getByRole('radio', { name: t.form.datesChosen }).check();
  await builder.getByLabel(t.form.startDate).fill(stay.startDate);
  await builder.getByLabel(t.form.endDate).fill(stay.endDate);
  await builder.getByLabel('Children', { exact: true }).fill('1');
  await builder.getByLabel(t.form.language).selectOption('de');
  await builder.getByLabel(t.form.utmSource).fill('newsletter');
  await builder.getByLabel(t.form.utmMedium).fill('email');
  await builder.getByLabel(t.form.utmCampaign).fill('summer 2026');
  await builder.getByLabel(t.form.cid).fill('nl-77');

  const expected = `${new URL(baseURL!).origin}/de/houses/${stay.houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}&adults=2&child0512=1&utm_source=newsletter&utm_medium=email&utm_campaign=summer+2026&cid=nl-77`;
  await expect(page.getByLabel(t.result.link, { exact: true })).toHaveValue(expected);
  await expect(page.getByRole('img', { name: t.result.qr })).toBeVisible();

  await page.getByRole('button', { name: t.result.copy }).click();
  await expect(page.getByRole('status').filter({ hasText: t.result.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

  const check = page.getByRole('region', { name: t.check.heading });
  await expect(check.getByText(t.check.noCorrections)).toBeVisible();
  await expect(check.getByText(t.check.stay.bookable)).toBeVisible();
  await expect(check.getByText(/^House .+ is active\.$/)).toBeVisible();
  // In the page's words: the link's language by its English name, the dates as the guest's pages write them.
  await expect(check.getByText(`Opens: ${t.form.pages.house} in German`)).toBeVisible();
  await expect(check.getByText(/^A guest sees: \d{1,2}\s[A-Z][a-z]{2}.*\d{4} · 2 adults, 1 child$/)).toBeVisible();
  await expect(check.getByText('utm_source=newsletter, utm_medium=email, utm_campaign=summer 2026, cid=nl-77')).toBeVisible();

  const snippet = page.getByLabel(t.embed.snippet);
  await expect(snippet).toHaveValue(/<holiday-search locale="de" utm-source="newsletter" utm-medium="email" campaign="summer 2026" campaign-id="nl-77"/);
  // The preview is the served script itself, in German as chosen.
  await expect(page.locator('holiday-search').getByRole('button', { name: 'Suchen' })).toBeVisible();

  expect(await violations()).toEqual([]);
  await expectNoViolations(page);
});

test('the check shows the corrections a hand-edited link gets, and a bad link is refused with a code', async ({ page, request }) => {
  await page.goto('/en/partners/links');
  await page.getByLabel(t.form.utmCampaign).fill('bad"tag');
  await expect(page.getByRole('alert').filter({ hasText: t.result.fixFirst })).toContainText(t.form.utmCampaign);
  await expect(page.getByLabel(t.result.link, { exact: true })).toHaveValue('');

  const res = await request.get(`/api/partners/link-check?url=${encodeURIComponent('/en/search?adults=40&startDate=2020-01-01&endDate=2020-01-03')}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { issues: { code: string }[]; correctedLink: string };
  expect(body.issues.map((issue) => issue.code)).toEqual(['start_in_past', 'adults_out_of_range']);
  expect(body.correctedLink).toMatch(/\/en\/search\?adults=20$/);

  const refused = await request.get(`/api/partners/link-check?url=${encodeURIComponent('https://evil.example/en/search')}`);
  expect(refused.status()).toBe(400);
  expect(refused.headers()['content-type']).toBe('application/problem+json');
  expect(((await refused.json()) as { code: string }).code).toBe('link_foreign_origin');
});
