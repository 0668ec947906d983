/** House types, features and name parts the seeded houses draw from. */
import { same, text, type Text } from './i18n';

export interface HouseTypeDef {
  readonly id: number;
  readonly name: Text;
  readonly minCapacity: number;
  readonly maxCapacity: number;
  readonly baseCents: number;
  readonly perPersonCents: number;
  readonly weight: number;
}

export const HOUSE_TYPES: readonly HouseTypeDef[] = [
  {
    id: 1,
    name: same('Bungalow'),
    minCapacity: 4,
    maxCapacity: 8,
    baseCents: 4500,
    perPersonCents: 1300,
    weight: 30,
  },
  {
    id: 2,
    name: same('Villa'),
    minCapacity: 6,
    maxCapacity: 12,
    baseCents: 8500,
    perPersonCents: 1800,
    weight: 15,
  },
  {
    id: 3,
    name: text('Appartement', 'Apartment', 'Ferienwohnung', 'Appartement'),
    minCapacity: 2,
    maxCapacity: 6,
    baseCents: 3500,
    perPersonCents: 1200,
    weight: 15,
  },
  {
    id: 4,
    name: same('Chalet'),
    minCapacity: 2,
    maxCapacity: 6,
    baseCents: 3000,
    perPersonCents: 1200,
    weight: 15,
  },
  {
    id: 5,
    name: text('Groepsaccommodatie', 'Group accommodation', 'Gruppenunterkunft', 'Gîte de groupe'),
    minCapacity: 12,
    maxCapacity: 20,
    baseCents: 12000,
    perPersonCents: 1500,
    weight: 10,
  },
  {
    id: 6,
    name: text('Boslodge', 'Forest lodge', 'Waldlodge', 'Lodge forestier'),
    minCapacity: 4,
    maxCapacity: 8,
    baseCents: 6000,
    perPersonCents: 1500,
    weight: 15,
  },
];

export const GROUP_TYPE_ID = 5;
export const VILLA_TYPE_ID = 2;

export interface FeatureDef {
  readonly keyword: string;
  readonly name: Text;
}

export const FEATURES: readonly FeatureDef[] = [
  {
    keyword: 'parking',
    name: text(
      'Parkeerplaats bij de woning',
      'Parking at the house',
      'Parkplatz am Haus',
      'Parking près de la maison',
    ),
  },
  { keyword: 'wifi', name: text('Gratis wifi', 'Free Wi-Fi', 'Kostenloses WLAN', 'Wi-Fi gratuit') },
  {
    keyword: 'playground',
    name: text(
      'Speeltoestel in de tuin',
      'Play equipment in the garden',
      'Spielgerät im Garten',
      'Jeux dans le jardin',
    ),
  },
  { keyword: 'bathtub', name: text('Ligbad', 'Bathtub', 'Badewanne', 'Baignoire') },
  { keyword: 'sauna', name: text('Eigen sauna', 'Private sauna', 'Eigene Sauna', 'Sauna privé') },
  { keyword: 'fireplace', name: text('Open haard', 'Fireplace', 'Kamin', 'Cheminée') },
  { keyword: 'dishwasher', name: text('Vaatwasser', 'Dishwasher', 'Geschirrspüler', 'Lave-vaisselle') },
  { keyword: 'washing-machine', name: text('Wasmachine', 'Washing machine', 'Waschmaschine', 'Lave-linge') },
  { keyword: 'hot-tub', name: text('Hottub', 'Hot tub', 'Whirlpool', 'Bain nordique') },
  {
    keyword: 'air-conditioning',
    name: text('Airconditioning', 'Air conditioning', 'Klimaanlage', 'Climatisation'),
  },
  { keyword: 'garden', name: text('Eigen tuin', 'Private garden', 'Eigener Garten', 'Jardin privé') },
];

/** Two halves that make Dutch-sounding house names such as "Heiderust" or "Duinzicht". */
export const NAME_PREFIXES = [
  'Bos',
  'Duin',
  'Heide',
  'Zon',
  'Meer',
  'Wind',
  'Berken',
  'Eiken',
  'Linde',
  'Wilgen',
  'Vennen',
  'Hazel',
] as const;
export const NAME_SUFFIXES = [
  'rust',
  'zicht',
  'hof',
  'hoeve',
  'nest',
  'hut',
  'wei',
  'kamp',
  'laan',
  'hoek',
] as const;
