import { describe, expect, it } from 'vitest';
import { selectionFromAddress, selectionText } from './address-selection';

const offered = {
  preferences: [{ id: 11 }, { id: 12 }],
  services: [{ id: 201 }, { id: 202 }],
  units: [{ id: 7 }],
};

describe('selectionFromAddress', () => {
  it('is null when the page was rendered for the selection the address holds', () => {
    const rendered = selectionText({
      preferenceIds: [11],
      services: [{ id: 201, quantity: 2 }],
      cancellationFund: false,
    });
    expect(selectionFromAddress('startDate=2027-01-01&prefs=11&svc=201x2', rendered, offered)).toBeNull();
  });

  it('takes the extras the address holds when the page was rendered before they were added', () => {
    const rendered = selectionText({ preferenceIds: [], services: [], cancellationFund: false });
    expect(selectionFromAddress('step=services&svc=201x2', rendered, offered)).toEqual({
      preferenceIds: [],
      services: [{ id: 201, quantity: 2 }],
      cancellationFund: false,
    });
  });

  it('takes removals too: an address without extras empties a page rendered with them', () => {
    const rendered = selectionText({
      preferenceIds: [],
      services: [{ id: 201, quantity: 2 }],
      cancellationFund: true,
    });
    expect(selectionFromAddress('step=services', rendered, offered)).toEqual({
      preferenceIds: [],
      services: [],
      cancellationFund: false,
    });
  });

  it('drops ids the stay does not offer, like the server does', () => {
    const rendered = selectionText({ preferenceIds: [], services: [], cancellationFund: false });
    expect(selectionFromAddress('unit=8&prefs=11,99&svc=201x1,999x3&cf=1', rendered, offered)).toEqual({
      preferenceIds: [11],
      services: [{ id: 201, quantity: 1 }],
      cancellationFund: true,
    });
    expect(selectionFromAddress('unit=7', rendered, offered)).toMatchObject({ unitId: 7 });
  });
});
