/**
 * Mandatory services, optional services and preferences. Ids are stable across seeds; each
 * house offers a seeded subset at its own price.
 */
import type { CostType } from '@/lib/booking/costs';
import { text, type Text } from './i18n';

export interface ServiceDef {
  readonly id: number;
  readonly keyword: string;
  readonly name: Text;
  readonly group: Text;
  readonly costType: CostType;
  readonly baseCents: number;
  readonly hasDatePicker: boolean;
  /** Months (1-12) in which the service is offered; absent = all year. */
  readonly months?: readonly number[];
}

const cleaning = text('Schoonmaak', 'Cleaning', 'Reinigung', 'Ménage');
const linen = text('Linnengoed', 'Linen', 'Wäsche', 'Linge');
const baby = text('Baby en kind', 'Baby and child', 'Baby und Kind', 'Bébé et enfant');
const food = text('Eten en drinken', 'Food and drink', 'Essen und Trinken', 'Restauration');
const leisure = text('Vrije tijd', 'Leisure', 'Freizeit', 'Loisirs');
const costs = text('Bijkomende kosten', 'Additional costs', 'Nebenkosten', 'Frais annexes');
const summer = [4, 5, 6, 7, 8, 9];
const winter = [10, 11, 12, 1, 2, 3];

/** Mandatory services: always part of the price (pet cleaning only when pets come). */
export const MANDATORY_SERVICES = {
  finalCleaning: {
    id: 101,
    keyword: 'final-cleaning',
    name: text('Eindschoonmaak', 'Final cleaning', 'Endreinigung', 'Ménage de fin de séjour'),
    group: cleaning,
    costType: 'PER_STAY',
    baseCents: 4500,
    hasDatePicker: false,
  },
  energy: {
    id: 102,
    keyword: 'energy',
    name: text('Energie en water', 'Energy and water', 'Energie und Wasser', 'Énergie et eau'),
    group: costs,
    costType: 'PER_NIGHT',
    baseCents: 450,
    hasDatePicker: false,
  },
  touristTax: {
    id: 103,
    keyword: 'tourist-tax',
    name: text('Toeristenbelasting', 'Tourist tax', 'Kurtaxe', 'Taxe de séjour'),
    group: costs,
    costType: 'PER_PERSON_PER_NIGHT',
    baseCents: 0,
    hasDatePicker: false,
  },
  petCleaning: {
    id: 104,
    keyword: 'pet-cleaning',
    name: text(
      'Extra schoonmaak huisdieren',
      'Extra cleaning for pets',
      'Zusatzreinigung Haustiere',
      'Ménage supplémentaire animaux',
    ),
    group: cleaning,
    costType: 'PER_STAY',
    baseCents: 2500,
    hasDatePicker: false,
  },
} as const satisfies Record<string, ServiceDef>;

export const OPTIONAL_SERVICES: readonly ServiceDef[] = [
  {
    id: 201,
    keyword: 'baby-bed',
    name: text('Babybedje', 'Baby cot', 'Babybett', 'Lit bébé'),
    group: baby,
    costType: 'PER_PIECE',
    baseCents: 750,
    hasDatePicker: false,
  },
  {
    id: 202,
    keyword: 'high-chair',
    name: text('Kinderstoel', 'High chair', 'Hochstuhl', 'Chaise haute'),
    group: baby,
    costType: 'PER_PIECE',
    baseCents: 500,
    hasDatePicker: false,
  },
  {
    id: 203,
    keyword: 'barbecue-package',
    name: text('Barbecuepakket', 'Barbecue package', 'Grillpaket', 'Forfait barbecue'),
    group: food,
    costType: 'PER_STAY',
    baseCents: 2950,
    hasDatePicker: true,
    months: summer,
  },
  {
    id: 204,
    keyword: 'linen-package',
    name: text('Bedlinnenpakket', 'Bed linen package', 'Bettwäschepaket', 'Kit de linge de lit'),
    group: linen,
    costType: 'PER_PERSON',
    baseCents: 1295,
    hasDatePicker: false,
  },
  {
    id: 205,
    keyword: 'breakfast',
    name: text('Ontbijtservice', 'Breakfast service', 'Frühstücksservice', 'Petit-déjeuner livré'),
    group: food,
    costType: 'PER_PERSON_PER_NIGHT',
    baseCents: 1450,
    hasDatePicker: false,
  },
  {
    id: 206,
    keyword: 'towel-set',
    name: text('Handdoekenset', 'Towel set', 'Handtuchset', 'Kit de serviettes'),
    group: linen,
    costType: 'PER_PIECE',
    baseCents: 650,
    hasDatePicker: false,
  },
  {
    id: 207,
    keyword: 'extra-cleaning',
    name: text(
      'Tussentijdse schoonmaak',
      'Mid-stay cleaning',
      'Zwischenreinigung',
      'Ménage en cours de séjour',
    ),
    group: cleaning,
    costType: 'PER_STAY',
    baseCents: 4500,
    hasDatePicker: true,
  },
  {
    id: 208,
    keyword: 'late-check-out',
    name: text(
      'Laat uitchecken (tot 16:00)',
      'Late check-out (until 4 pm)',
      'Später Check-out (bis 16 Uhr)',
      'Départ tardif (jusqu’à 16 h)',
    ),
    group: leisure,
    costType: 'PER_STAY',
    baseCents: 3500,
    hasDatePicker: false,
  },
  {
    id: 209,
    keyword: 'firewood',
    name: text('Openhaardhout', 'Firewood package', 'Kaminholzpaket', 'Lot de bois de chauffage'),
    group: leisure,
    costType: 'PER_STAY',
    baseCents: 1750,
    hasDatePicker: false,
    months: winter,
  },
  {
    id: 210,
    keyword: 'bike-rental',
    name: text('Fietshuur', 'Bike rental', 'Fahrradmiete', 'Location de vélo'),
    group: leisure,
    costType: 'PER_NIGHT',
    baseCents: 950,
    hasDatePicker: false,
    months: [4, 5, 6, 7, 8, 9, 10],
  },
  {
    id: 211,
    keyword: 'kitchen-towel-set',
    name: text('Keukenlinnenset', 'Kitchen towel set', 'Küchenwäscheset', 'Kit de linge de cuisine'),
    group: linen,
    costType: 'PER_PIECE',
    baseCents: 395,
    hasDatePicker: false,
  },
  {
    id: 212,
    keyword: 'sauna-session',
    name: text(
      'Privé saunasessie',
      'Private sauna session',
      'Private Saunasitzung',
      'Séance de sauna privée',
    ),
    group: leisure,
    costType: 'PER_PERSON',
    baseCents: 1950,
    hasDatePicker: true,
  },
  {
    id: 214,
    keyword: 'extra-parking',
    name: text(
      'Extra parkeerplaats',
      'Extra parking space',
      'Zusätzlicher Parkplatz',
      'Place de parking supplémentaire',
    ),
    group: costs,
    costType: 'PER_NIGHT',
    baseCents: 350,
    hasDatePicker: false,
  },
  {
    id: 213,
    keyword: 'kids-comfort-package',
    name: text('Kindercomfortpakket', 'Kids comfort package', 'Kinderkomfortpaket', 'Pack confort enfant'),
    group: baby,
    costType: 'PER_STAY',
    baseCents: 1995,
    hasDatePicker: false,
  },
];

/** Offered by every house so each costType and a date picker always occur. */
export const CORE_OPTIONAL_IDS: readonly number[] = [201, 202, 204, 205, 206, 207, 214];

export interface PreferenceDef {
  readonly id: number;
  readonly keyword: string;
  readonly name: Text;
  readonly costType: CostType;
  readonly baseCents: number;
  readonly waterOnly?: boolean;
}

export const PET_FREE_KEYWORD = 'pet-free';

export const PREFERENCES: readonly PreferenceDef[] = [
  {
    id: 301,
    keyword: PET_FREE_KEYWORD,
    name: text(
      'Huisdiervrije accommodatie',
      'Pet-free accommodation',
      'Haustierfreie Unterkunft',
      'Hébergement sans animaux',
    ),
    costType: 'PER_STAY',
    baseCents: 1500,
  },
  {
    id: 302,
    keyword: 'patio-heater',
    name: text('Terrasverwarmer', 'Patio heater', 'Heizstrahler', 'Chauffage de terrasse'),
    costType: 'PER_NIGHT',
    baseCents: 650,
  },
  {
    id: 303,
    keyword: 'enclosed-garden',
    name: text('Omheinde tuin', 'Enclosed garden', 'Eingezäunter Garten', 'Jardin clôturé'),
    costType: 'PER_STAY',
    baseCents: 2500,
  },
  {
    id: 304,
    keyword: 'private-jetty',
    name: text('Eigen steiger', 'Private jetty', 'Eigener Steg', 'Ponton privé'),
    costType: 'PER_STAY',
    baseCents: 4500,
    waterOnly: true,
  },
  {
    id: 305,
    keyword: 'specific-house-number',
    name: text(
      'Specifiek huisnummer',
      'Specific house number',
      'Bestimmte Hausnummer',
      'Numéro de maison précis',
    ),
    costType: 'PER_STAY',
    baseCents: 1950,
  },
  {
    id: 306,
    keyword: 'shielded-terrace',
    name: text('Beschut terras', 'Shielded terrace', 'Geschützte Terrasse', 'Terrasse abritée'),
    costType: 'PER_STAY',
    baseCents: 1500,
  },
  {
    id: 307,
    keyword: 'outdoor-storage',
    name: text(
      'Buitenberging',
      'Outdoor storage room',
      'Abstellraum draußen',
      'Local de rangement extérieur',
    ),
    costType: 'PER_STAY',
    baseCents: 1000,
  },
];
