import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { loadMessages } from '@/lib/i18n/messages';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import type { SearchCriteria } from '@/lib/booking/deep-link';
import type { HouseType } from '@/lib/booking/types';
import { RefineForm } from './refine-form';
import { DEFAULT_SORT } from './result-options';

// The form's client navigation and links need the Next.js router: plain elements stand in.
vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: ReactNode }) => <a href={href}>{children}</a>,
}));
vi.mock('@/components/ui/get-form', () => ({
  GetForm: ({ action, children }: { action: string; children: ReactNode }) => (
    <form action={action}>{children}</form>
  ),
}));

const CRITERIA: SearchCriteria = {
  ...DEFAULT_PARTY,
  startDate: '2027-01-15',
  endDate: '2027-01-18',
  type: 2,
};

async function render(
  houseTypes: HouseType[],
  criteria: SearchCriteria = CRITERIA,
  limits: { typesUnsearchable?: boolean; parksUnidentified?: boolean } = {},
): Promise<string> {
  const messages = await loadMessages('en');
  return renderToStaticMarkup(
    <NextIntlClientProvider locale="en" messages={messages} timeZone="Europe/Amsterdam">
      <RefineForm
        locale="en"
        criteria={criteria}
        explicitDates
        sort={DEFAULT_SORT}
        petsAllowed={false}
        houseTypes={houseTypes}
        typesUnsearchable={limits.typesUnsearchable ?? false}
        parksUnidentified={limits.parksUnidentified ?? false}
      />
    </NextIntlClientProvider>,
  );
}

describe('the search’s house type filter', () => {
  it('keeps and shows a link’s house type the partner’s list does not name, so applying other filters keeps it', async () => {
    const html = await render([]);
    const select = /<select id="refine-type"[^>]*>([\s\S]*?)<\/select>/.exec(html)![1]!;
    expect(select).toMatch(/<option value="2" selected="">House type 2 \(from the link\)<\/option>/);
  });

  it('says plainly that results cannot be narrowed by type when the partner names no house types', async () => {
    const { type: _unset, ...withoutType } = CRITERIA;
    const html = await render([], withoutType);
    expect(html).not.toContain('id="refine-type"');
    expect(html).toContain('The booking service names no house types');
  });

  it('names a type the list has by its name, with no second option for it', async () => {
    const html = await render([{ id: 2, name: 'Villa' } as HouseType]);
    expect(html).toMatch(/<option value="2" selected="">Villa<\/option>/);
    expect(html).not.toContain('from the link');
  });

  it('says plainly that the partner’s house types cannot narrow its search when it names them without the id the search takes', async () => {
    const { type: _unset, ...withoutType } = CRITERIA;
    const html = await render([], withoutType, { typesUnsearchable: true });
    expect(html).not.toContain('id="refine-type"');
    expect(html).toContain('its search cannot be narrowed by them');
    expect(html).not.toContain('names no house types');
  });
});

describe('the search’s park filter', () => {
  it('says plainly that results cannot be narrowed by park when the partner does not say which park is which', async () => {
    const html = await render([], CRITERIA, { parksUnidentified: true });
    expect(html).not.toContain('id="refine-park"');
    expect(html).toContain('the results cannot be narrowed by park');
  });

  it('says nothing of parks when the partner describes none it cannot identify', async () => {
    expect(await render([], CRITERIA)).not.toContain('narrowed by park');
  });
});
