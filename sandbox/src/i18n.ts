/** The four partner languages and every fixed label the sandbox translates. */
import { PARTNER_LANGUAGES, type PartnerLanguage } from '@/lib/partner-api/schemas';

export type Lang = PartnerLanguage;
export type Text = Readonly<Record<Lang, string>>;

export const LANGS = PARTNER_LANGUAGES;

/** The `language` header, case-insensitive; missing or unknown falls back to NL (the documented default). */
export function parseLanguage(header: string | undefined): Lang {
  const upper = (header ?? '').trim().toUpperCase();
  return (LANGS as readonly string[]).includes(upper) ? (upper as Lang) : 'NL';
}

export function text(nl: string, en: string, de: string, fr: string): Text {
  return { NL: nl, EN: en, DE: de, FR: fr };
}

/** Same word in every language (brand-like names). */
export function same(value: string): Text {
  return text(value, value, value, value);
}

export const LABELS = {
  nrPersons: text('Personen', 'Persons', 'Personen', 'Personnes'),
  bedrooms: text('Slaapkamers', 'Bedrooms', 'Schlafzimmer', 'Chambres'),
  bathrooms: text('Badkamers', 'Bathrooms', 'Badezimmer', 'Salles de bain'),
  numberOfPets: text('Huisdieren', 'Pets', 'Haustiere', 'Animaux'),
  numberOfBeds: text('Bedden', 'Beds', 'Betten', 'Lits'),
  surface: text('Oppervlakte', 'Surface area', 'Wohnfläche', 'Surface'),
  parkingLot: text('Parkeerplaatsen', 'Parking spaces', 'Parkplätze', 'Places de parking'),
  preferencesGroup: text('Voorkeuren', 'Preferences', 'Wünsche', 'Préférences'),
  mandatoryGroup: text('Verplichte kosten', 'Mandatory costs', 'Pflichtkosten', 'Frais obligatoires'),
  payInAdvance: text('Vooraf te betalen', 'Pay in advance', 'Im Voraus zu zahlen', "À payer d'avance"),
  deposit: text('Borg', 'Deposit', 'Kaution', 'Caution'),
  damageDeposit: text(
    'Borg (wordt na vertrek terugbetaald)',
    'Damage deposit (refunded after departure)',
    'Kaution (wird nach der Abreise erstattet)',
    'Caution (remboursée après le départ)',
  ),
  payAtLocation: text('Ter plaatse te betalen', 'Pay at the park', 'Vor Ort zu zahlen', 'À payer sur place'),
  total: text('Totaal', 'Total', 'Gesamt', 'Total'),
  rent: text('Huur', 'Rent', 'Miete', 'Location'),
  nights: text('nachten', 'nights', 'Nächte', 'nuits'),
  extraPersons: text(
    'Toeslag extra personen',
    'Extra person surcharge',
    'Zuschlag weitere Personen',
    'Supplément personnes supplémentaires',
  ),
  pets: text('Toeslag huisdieren', 'Pet surcharge', 'Zuschlag Haustiere', 'Supplément animaux'),
  earlyBooking: text(
    'Vroegboekkorting',
    'Early booking discount',
    'Frühbucherrabatt',
    'Réduction réservation anticipée',
  ),
  lastMinute: text(
    'Last-minutekorting',
    'Last-minute discount',
    'Last-Minute-Rabatt',
    'Réduction dernière minute',
  ),
  cancellationFund: text('Annuleringsfonds', 'Cancellation fund', 'Stornofonds', "Fonds d'annulation"),
} as const satisfies Record<string, Text>;
