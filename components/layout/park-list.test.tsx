import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider, useLocale } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { loadMessages } from '@/lib/i18n/messages';
import type { Park } from '@/lib/booking/types';
import { ParksSection } from './park-list';

// next-intl's navigation imports `next/navigation`, which Node cannot resolve outside a Next.js
// build; a plain link with the locale prefix stands in for it.
vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode; className?: string }) => (
    <a href={`/${useLocale()}${href}`} {...rest}>
      {children}
    </a>
  ),
}));

async function render(parks: Park[], unidentified = 0): Promise<string> {
  const messages = await loadMessages('en');
  return renderToStaticMarkup(
    <NextIntlClientProvider locale="en" messages={messages} timeZone="Europe/Amsterdam">
      <ParksSection parks={parks} unidentified={unidentified} />
    </NextIntlClientProvider>,
  );
}

describe('the landing page’s parks', () => {
  it('are not announced when the partner names no park the site can link to', async () => {
    expect(await render([])).toBe('');
  });

  it('are listed under their heading, each linking to its park page', async () => {
    const messages = await loadMessages('en');
    const html = await render([{ id: 2, name: 'De Eikenhof', facilities: [] } as unknown as Park]);
    expect(html).toContain(`>${(messages.home as { parks: string }).parks}</h2>`);
    expect(html).toContain('href="/en/parks/2"');
    expect(html).toContain('De Eikenhof');
  });

  it('say plainly that the partner’s parks cannot be listed when its park data does not say which is which', async () => {
    const html = await render([], 3);
    expect(html).toContain('<h2');
    expect(html).toContain('3 parks of the booking service cannot be listed here');
    expect(html).not.toContain('href="/en/parks/');
  });

  it('list the parks that can be linked to and name how many cannot', async () => {
    const html = await render([{ id: 2, name: 'De Eikenhof', facilities: [] } as unknown as Park], 1);
    expect(html).toContain('href="/en/parks/2"');
    expect(html).toContain('One more park of the booking service cannot be listed here');
  });
});
