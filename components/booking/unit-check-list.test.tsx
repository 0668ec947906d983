import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { checkHeldUnit } from '@/lib/booking/held-unit';
import { loadMessages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/locales';
import { UnitCheckList } from './unit-check-list';
import { unitMismatchOf } from './unit-check';
import { UnitMismatchNotice } from './flow/unit-mismatch-notice';

const PREFERENCES = [
  { id: 301, name: 'Ground floor' },
  { id: 307, name: 'Pet-free' },
];

async function render(locale: Locale, element: ReactElement): Promise<string> {
  const messages = await loadMessages(locale);
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Amsterdam">
      {element}
    </NextIntlClientProvider>,
  );
}

/** The text a reader gets, one line per list item. */
function text(html: string): string[] {
  return [...html.matchAll(/<li[^>]*>(.*?)<\/li>/gs)].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .trim(),
  );
}

describe('UnitCheckList', () => {
  it('writes out for each chosen preference and the pets what the held unit confirms', async () => {
    const check = checkHeldUnit({ allowPets: true, preferenceIds: [301] }, [301, 307], 1);
    const html = await render('en', <UnitCheckList check={check} preferences={PREFERENCES} />);
    expect(text(html)).toEqual([
      'Ground floor: confirmed for this unit',
      'Pet-free: not offered by this unit',
      'Pets: allowed in this unit',
    ]);
    // Nothing is only requested here, so there is nothing to explain about requests.
    expect(html).not.toContain('tries to meet it');
  });

  it('says "requested" where nobody confirmed a preference or the pets, and explains what that means', async () => {
    const check = checkHeldUnit({ allowPets: null, preferenceIds: null }, [307, 999], 2);
    const html = await render('en', <UnitCheckList check={check} preferences={PREFERENCES} />);
    expect(text(html)).toEqual([
      'Pet-free: requested (the park has not confirmed it)',
      'Preference no. 999: requested (the park has not confirmed it)',
      'Pets: requested (the park has not confirmed that this unit takes pets)',
    ]);
    expect(html).toContain('does not promise it');
    expect(html).not.toContain('confirmed for this unit');
  });

  it('keeps French typography: a no-break space before the colon', async () => {
    const check = checkHeldUnit({ allowPets: false, preferenceIds: [] }, [], 1);
    const html = await render('fr', <UnitCheckList check={check} preferences={PREFERENCES} />);
    expect(text(html)).toEqual(['Animaux\u202f: non acceptés dans ce logement']);
  });

  it('renders nothing when the guest chose no preference and brings no pets', async () => {
    const check = checkHeldUnit({ allowPets: false, preferenceIds: [] }, [], 0);
    expect(await render('en', <UnitCheckList check={check} preferences={PREFERENCES} />)).toBe('');
  });
});

describe('UnitMismatchNotice', () => {
  const check = checkHeldUnit({ allowPets: false, preferenceIds: [] }, [307], 1);
  const props = {
    mismatch: unitMismatchOf(check, PREFERENCES),
    accepted: false,
    onAcceptedChange: () => undefined,
    disabled: false,
    onChangePreferences: () => undefined,
    inputId: 'accept-unit',
  };

  it('is an alert naming the unit and each choice it cannot give, with both ways on', async () => {
    const html = await render(
      'en',
      <UnitMismatchNotice {...props} unitNumber="A12" showError={false} refused={false} />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('Unit A12 does not offer everything you chose');
    expect(text(html)).toEqual(['Pet-free', 'Pets (not allowed in this unit)']);
    // The decision is a labelled checkbox the guest ticks, and the way back is a button.
    expect(html).toMatch(
      /<label[^>]*><input[^>]*id="accept-unit"[^>]*type="checkbox"[^>]*\/><span>I book this unit as it is, without these choices<\/span><\/label>/,
    );
    expect(html).toMatch(/<button type="button"[^>]*>Change my preferences<\/button>/);
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('Nothing was booked');
  });

  it('ties the missing decision to the checkbox, and says nothing was booked after a refusal', async () => {
    const html = await render('de', <UnitMismatchNotice {...props} unitNumber={null} showError refused />);
    expect(html).toContain('Die vom Park reservierte Wohneinheit bietet nicht alles');
    expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="accept-unit-error"/);
    expect(html).toContain('id="accept-unit-error"');
    expect(html).toContain('Es wurde nichts gebucht');
    // The refusal says both ways out itself; the invitation is not repeated under it.
    expect(html).not.toContain('Buchen Sie diese Wohneinheit so, wie sie ist, oder ändern Sie Ihre Wünsche.');
  });

  it('still asks for the decision when only the server said the unit does not fit', async () => {
    const html = await render(
      'nl',
      <UnitMismatchNotice {...props} mismatch={null} unitNumber="7" showError={false} refused />,
    );
    expect(html).toContain('Woning 7 biedt niet alles wat je koos');
    expect(html).not.toContain('data-testid="unit-mismatch-items"');
    expect(html).toContain('type="checkbox"');
  });
});
