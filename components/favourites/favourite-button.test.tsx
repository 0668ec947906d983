// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadMessages } from '@/lib/i18n/messages';
import { FAVOURITES_KEY } from '@/lib/favourites/store';
import { FavouriteButton } from './favourite-button';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let messages: Awaited<ReturnType<typeof loadMessages>>;

beforeAll(async () => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  messages = await loadMessages('en');
});

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(
    null,
    '',
    '/en/search?startDate=2027-06-04&endDate=2027-06-11&adults=3&sort=price',
  );
});

afterEach(() => {
  document.body.innerHTML = '';
});

function tree(node: ReactNode) {
  return (
    <NextIntlClientProvider locale="en" messages={messages} timeZone="Europe/Amsterdam">
      {node}
    </NextIntlClientProvider>
  );
}

const heart = <FavouriteButton id={42} name="Dune Lodge" picture="https://pics.example/42.jpg" />;

function keep(ids: number[]) {
  localStorage.setItem(
    FAVOURITES_KEY,
    JSON.stringify({ houses: ids.map((id) => ({ id, name: `H${id}`, query: '' })) }),
  );
}

function stored(): number[] {
  const text = localStorage.getItem(FAVOURITES_KEY);
  return text ? (JSON.parse(text) as { houses: { id: number }[] }).houses.map((house) => house.id) : [];
}

/** The server's HTML put in the document and hydrated, as a browser gets it from the page store. */
async function hydrate(node: ReactNode): Promise<{ container: HTMLElement; errors: unknown[] }> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree(node));
  document.body.append(container);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, tree(node), { onRecoverableError: (error) => errors.push(error) });
  });
  return { container, errors };
}

describe('the favourite heart', () => {
  it('renders the same neutral box on the server whatever this browser keeps', () => {
    const withoutIt = renderToString(tree(heart));
    keep([42]);
    const withIt = renderToString(tree(heart));
    expect(withIt).toBe(withoutIt);
    expect(withIt).not.toContain('<button');
    expect(withIt).not.toContain('aria-pressed');
  });

  it('shows whether the house is kept once the page has hydrated, without a hydration mismatch', async () => {
    keep([7, 42]);
    const { container, errors } = await hydrate(heart);
    expect(errors).toEqual([]);
    const button = container.querySelector('button')!;
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Keep Dune Lodge in your favourites');
  });

  it('keeps the house in localStorage with the stay and party of the page, and lets it go again', async () => {
    const { container } = await hydrate(heart);
    const button = container.querySelector('button')!;
    expect(button.getAttribute('aria-pressed')).toBe('false');

    await act(async () => button.click());
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY)!)).toEqual({
      houses: [
        {
          id: 42,
          name: 'Dune Lodge',
          picture: 'https://pics.example/42.jpg',
          query: 'startDate=2027-06-04&endDate=2027-06-11&adults=3',
        },
      ],
    });

    await act(async () => button.click());
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(stored()).toEqual([]);
  });

  it('keeps every heart of the page in step (the same house on a card and in the heading)', async () => {
    const { container } = await hydrate(
      <>
        {heart}
        <FavouriteButton id={42} name="Dune Lodge" place="page" />
      </>,
    );
    const [first, second] = container.querySelectorAll('button');
    await act(async () => first!.click());
    expect(second!.getAttribute('aria-pressed')).toBe('true');
  });

  it('follows a change made in another tab', async () => {
    const { container } = await hydrate(heart);
    keep([42]);
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: FAVOURITES_KEY }));
    });
    expect(container.querySelector('button')!.getAttribute('aria-pressed')).toBe('true');
  });
});
