import { z } from 'zod';
import { LOCALES, type Locale } from '@/lib/i18n/locales';
import { BrandOverrideSchema, BrandSchema } from './brand-schema';

/**
 * The site's own content that differs per operator: the company behind the site (contact page,
 * footer), the cancellation summary and extra paragraphs on the help and legal pages. It lives in
 * a JSON file (content/site-content.json, or the file SITE_CONTENT_FILE names) so an operator
 * changes it without touching code. The file has base values and per-locale overrides; a page
 * sees the values resolved for its locale.
 *
 * Pure (no file or environment access), so the pages' components may import its types and the
 * tests can check files without a server.
 */

export const LEGAL_PAGES = ['contact', 'help', 'privacy', 'terms', 'cancellation', 'accessibility'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

const line = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
const lines = (maxLength: number, maxCount: number) => z.array(line(maxLength)).min(1).max(maxCount);

/** Digits with the usual separators; at least six digits, so a typo like "n/a" is refused. */
const PhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()./-]{6,30}$/, 'a phone number: digits, spaces and + ( ) . / -')
  .refine((value) => value.replace(/\D/g, '').length >= 6, 'a phone number needs at least six digits');

const COMPANY_FIELDS = {
  name: line(120),
  /** Postal address, one line per entry (street, postcode and town, country). */
  address: lines(120, 6),
  phone: PhoneSchema,
  email: z.email('an e-mail address'),
  /** When guests can call or write, one line per entry. */
  openingHours: lines(120, 10),
  /** Chamber-of-commerce (trade register) number. */
  chamberOfCommerce: line(40),
  vatNumber: line(40),
};

const CompanySchema = z.strictObject({
  name: COMPANY_FIELDS.name,
  address: COMPANY_FIELDS.address.optional(),
  phone: COMPANY_FIELDS.phone.optional(),
  email: COMPANY_FIELDS.email.optional(),
  openingHours: COMPANY_FIELDS.openingHours.optional(),
  chamberOfCommerce: COMPANY_FIELDS.chamberOfCommerce.optional(),
  vatNumber: COMPANY_FIELDS.vatNumber.optional(),
});

const ParagraphsSchema = lines(2000, 12);

const CancellationSchema = z.strictObject({
  /** Replaces the site's generic cancellation summary. */
  summary: ParagraphsSchema.optional(),
});

/** Extra paragraphs at the end of a page, e.g. a privacy officer or a complaints procedure. */
const NotesSchema = z.strictObject(
  Object.fromEntries(LEGAL_PAGES.map((page) => [page, ParagraphsSchema.optional()])) as Record<
    LegalPage,
    z.ZodOptional<typeof ParagraphsSchema>
  >,
);

/** What one locale changes: any field, replacing the base value (lists are replaced, not merged). */
const LocaleOverrideSchema = z.strictObject({
  company: CompanySchema.partial().strict().optional(),
  cancellation: CancellationSchema.optional(),
  notes: NotesSchema.optional(),
  brand: BrandOverrideSchema.optional(),
});

export const SiteContentFileSchema = z.strictObject({
  /** Free text for the person editing the file. */
  $comment: z.string().optional(),
  /** Marks placeholder data: the contact page then says these are example details. */
  example: z.boolean().default(false),
  company: CompanySchema,
  cancellation: CancellationSchema.optional(),
  notes: NotesSchema.optional(),
  /** The partner's name, logo, icons and colours (./brand-schema.ts). */
  brand: BrandSchema.optional(),
  locales: z
    .strictObject(
      Object.fromEntries(LOCALES.map((locale) => [locale, LocaleOverrideSchema.optional()])) as Record<
        Locale,
        z.ZodOptional<typeof LocaleOverrideSchema>
      >,
    )
    .optional(),
});

export type SiteContentFile = z.infer<typeof SiteContentFileSchema>;

export interface CompanyDetails {
  name: string;
  address: string[];
  phone?: string;
  email?: string;
  openingHours: string[];
  chamberOfCommerce?: string;
  vatNumber?: string;
}

/** The content one page shows: the file's values with its locale's overrides applied. */
export interface SiteContent {
  example: boolean;
  company: CompanyDetails;
  /** The operator's cancellation summary; empty = the site's generic one. */
  cancellationSummary: string[];
  notes: Record<LegalPage, string[]>;
}

export type ParseResult = { ok: true; file: SiteContentFile } | { ok: false; problems: string[] };

/** Checks a parsed JSON value; each problem names the field it is about ("company.email: …"). */
export function parseSiteContentFile(input: unknown): ParseResult {
  const parsed = SiteContentFileSchema.safeParse(input);
  if (parsed.success) return { ok: true, file: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`),
  };
}

export function resolveSiteContent(file: SiteContentFile, locale: Locale): SiteContent {
  const override = file.locales?.[locale];
  const company = { ...file.company, ...override?.company };
  return {
    example: file.example,
    company: {
      name: company.name,
      address: company.address ?? [],
      phone: company.phone,
      email: company.email,
      openingHours: company.openingHours ?? [],
      chamberOfCommerce: company.chamberOfCommerce,
      vatNumber: company.vatNumber,
    },
    cancellationSummary: override?.cancellation?.summary ?? file.cancellation?.summary ?? [],
    notes: Object.fromEntries(
      LEGAL_PAGES.map((page) => [page, override?.notes?.[page] ?? file.notes?.[page] ?? []]),
    ) as Record<LegalPage, string[]>,
  };
}

/** The site's name in one locale from the brand section, or undefined for the site's own. */
export function resolveBrandName(file: SiteContentFile, locale: Locale): string | undefined {
  return file.locales?.[locale]?.brand?.name ?? file.brand?.name;
}

/**
 * A `tel:` address: the number without its separators, so every phone can dial it. A "(0)" after
 * the country code is the trunk prefix dialled only from inside the country, so it is dropped.
 */
export function toTelHref(phone: string): string {
  const international = phone.trim().startsWith('+');
  const digits = (international ? phone.replace(/\(0\)/g, '') : phone).replace(/\D/g, '');
  return `tel:${international ? '+' : ''}${digits}`;
}
