'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { addDays, type CalendarDate } from '@/lib/booking/dates';
import { MAX_STAY_NIGHTS } from '@/lib/booking/deep-link';
import { DEFAULT_PARTY, MAX_PERSONS, PARTY_FIELDS, PARTY_LIMITS, type Party } from '@/lib/booking/party';
import { LOCALES, isLocale, type Locale } from '@/lib/i18n/locales';
import { CAMPAIGN_PARAMS, MAX_CAMPAIGN_TAG_LENGTH, type CampaignParam, type CampaignTags } from '@/lib/attribution/campaign-rule';
import type { LinkCheck } from '@/lib/marketing/check-link';
import { LINK_PAGES, buildEmbedSnippet, buildPartnerLink, checkPartnerLinkOptions, type LinkPage } from '@/lib/marketing/partner-link';
import { encodeQr, renderQrSvg } from '@/lib/marketing/qr';
import { Notice } from '@/components/ui/notice';
import { buttonPrimary, buttonSecondary, card, fieldError, fieldInput, fieldLabel } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { Section } from '@/components/ui/section';
import { CheckResult, ENDONYMS } from './link-check-result';
import { SearchBoxPreview } from './search-box-preview';

interface Named {
  id: number;
  name: string;
}

const TAG_LABELS: Record<CampaignParam, 'utmSource' | 'utmMedium' | 'utmCampaign' | 'cid'> = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  cid: 'cid',
};
/** How long the builder waits after the last change before it asks the site to check the link. */
const CHECK_DELAY_MS = 700;
const cardHeading = 'text-lg font-semibold text-slate-950';

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** Copies text, with the old selection-based command where the clipboard API is not allowed. */
async function copyText(text: string, fallbackInput: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!fallbackInput) return false;
    fallbackInput.focus();
    fallbackInput.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** The check of one link; a result for an earlier link is not shown. */
type CheckState = { link: string } & ({ kind: 'running' } | { kind: 'done'; check: LinkCheck } | { kind: 'failed' });

export function LinkBuilder({
  siteOrigin,
  today,
  houseTypes,
  parks,
  houses,
}: {
  siteOrigin: string;
  today: CalendarDate;
  houseTypes: Named[];
  parks: Named[];
  houses: Named[];
}) {
  const t = useTranslations('partners.links');
  const labels = useTranslations('party.labels');
  const pageLocale = useLocale();
  const id = useId();
  const [page, setPage] = useState<LinkPage>('search');
  const [targetId, setTargetId] = useState('');
  const [fixedDates, setFixedDates] = useState(false);
  const [startDate, setStartDate] = useState(addDays(today, 14));
  const [endDate, setEndDate] = useState(addDays(today, 21));
  const [party, setParty] = useState<Party>({ ...DEFAULT_PARTY });
  const [houseType, setHouseType] = useState('');
  const [locale, setLocale] = useState<Locale>(isLocale(pageLocale) ? pageLocale : 'en');
  const [campaign, setCampaign] = useState<CampaignTags>({ utm_medium: 'partner' });
  const [accent, setAccent] = useState('#1d6b57');
  const [copyStatus, setCopyStatus] = useState('');
  const [checked, setCheck] = useState<CheckState | null>(null);
  const linkInput = useRef<HTMLInputElement>(null);
  const snippetInput = useRef<HTMLTextAreaElement>(null);

  const options = {
    origin: siteOrigin,
    locale,
    page,
    targetId: /^\d+$/.test(targetId) ? Number(targetId) : undefined,
    stay: fixedDates ? { startDate, endDate } : null,
    party,
    houseType: houseType ? Number(houseType) : undefined,
    campaign,
  };
  const problems = checkPartnerLinkOptions(options, today);
  const link = problems.length === 0 ? buildPartnerLink(options) : null;
  const qr = link ? renderQrSvg(encodeQr(link), t('result.qr')) : null;
  const check = checked && checked.link === link ? checked : null;
  const snippet = buildEmbedSnippet({
    origin: siteOrigin,
    locale,
    houseType: page !== 'house' && houseType ? Number(houseType) : undefined,
    parkId: page === 'park' ? options.targetId : undefined,
    campaign,
    accentColor: accent,
  });

  useEffect(() => {
    if (!link) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setCheck({ link, kind: 'running' });
      fetch(`/api/partners/link-check?url=${encodeURIComponent(link)}`, { signal: controller.signal })
        .then(async (res) =>
          setCheck(res.ok ? { link, kind: 'done', check: (await res.json()) as LinkCheck } : { link, kind: 'failed' }),
        )
        .catch(() => {
          if (!controller.signal.aborted) setCheck({ link, kind: 'failed' });
        });
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [link]);

  const problemText = (problem: string) =>
    problem.startsWith('invalid_utm') || problem === 'invalid_cid'
      ? t('problems.invalid_tag', {
          field: t(`form.${TAG_LABELS[problem.slice('invalid_'.length) as CampaignParam]}`),
          max: MAX_CAMPAIGN_TAG_LENGTH,
        })
      : t(`problems.${problem as 'target_required'}`, { maxNights: MAX_STAY_NIGHTS, maxPersons: MAX_PERSONS });

  const targets = page === 'house' ? houses : page === 'park' ? parks : [];

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form className={cx(card, 'space-y-4 p-4')} aria-labelledby={`${id}-form`} onSubmit={(event) => event.preventDefault()}>
        <h2 id={`${id}-form`} className={cardHeading}>
          {t('form.heading')}
        </h2>
        <fieldset>
          <legend className={fieldLabel}>{t('form.page')}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {LINK_PAGES.map((value) => (
              <label key={value} className="inline-flex min-h-11 items-center gap-2">
                <input type="radio" name="page" value={value} checked={page === value} onChange={() => { setPage(value); setTargetId(''); }} />
                {t(`form.pages.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {page !== 'search' ? (
          targets.length > 0 ? (
            <Field id={`${id}-target`} label={t(page === 'house' ? 'form.house' : 'form.park')}>
              <select id={`${id}-target`} className={cx(fieldInput, 'mt-1')} value={targetId} onChange={(e) => setTargetId(e.target.value)}>
                <option value="">—</option>
                {targets.map((target) => (
                  <option key={target.id} value={target.id}>
                    {target.name} ({target.id})
                  </option>
                ))}
              </select>
            </Field>
          ) : (
            <Field id={`${id}-target`} label={t(page === 'house' ? 'form.houseId' : 'form.parkId')}>
              <input id={`${id}-target`} inputMode="numeric" className={cx(fieldInput, 'mt-1')} value={targetId} onChange={(e) => setTargetId(e.target.value.trim())} />
            </Field>
          )
        ) : null}
        <fieldset>
          <legend className={fieldLabel}>{t('form.dates')}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            <label className="inline-flex min-h-11 items-center gap-2">
              <input type="radio" name="dates" checked={!fixedDates} onChange={() => setFixedDates(false)} />
              {t('form.datesNext')}
            </label>
            <label className="inline-flex min-h-11 items-center gap-2">
              <input type="radio" name="dates" checked={fixedDates} onChange={() => setFixedDates(true)} />
              {t('form.datesChosen')}
            </label>
          </div>
          {fixedDates ? (
            <div className="mt-2 grid grid-cols-2 gap-3">
              <Field id={`${id}-start`} label={t('form.startDate')}>
                <input id={`${id}-start`} type="date" className={cx(fieldInput, 'mt-1')} value={startDate} min={addDays(today, 1)} onChange={(e) => setStartDate(e.target.value)} />
              </Field>
              <Field id={`${id}-end`} label={t('form.endDate')}>
                <input id={`${id}-end`} type="date" className={cx(fieldInput, 'mt-1')} value={endDate} min={addDays(today, 2)} onChange={(e) => setEndDate(e.target.value)} />
              </Field>
            </div>
          ) : null}
        </fieldset>
        <fieldset>
          <legend className={fieldLabel}>
            <PartyLegend />
          </legend>
          <div className="mt-1 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {PARTY_FIELDS.map((field) => (
              <Field key={field} id={`${id}-${field}`} label={labels(field)}>
                <input
                  id={`${id}-${field}`}
                  type="number"
                  min={PARTY_LIMITS[field].min}
                  max={PARTY_LIMITS[field].max}
                  step={1}
                  className={cx(fieldInput, 'mt-1')}
                  value={Number.isFinite(party[field]) ? party[field] : ''}
                  onChange={(e) => setParty((current) => ({ ...current, [field]: e.target.value === '' ? NaN : Number(e.target.value) }))}
                />
              </Field>
            ))}
          </div>
        </fieldset>
        {page !== 'house' ? (
          <Field id={`${id}-type`} label={t('form.houseType')}>
            {houseTypes.length > 0 ? (
              <select id={`${id}-type`} className={cx(fieldInput, 'mt-1')} value={houseType} onChange={(e) => setHouseType(e.target.value)}>
                <option value="">{t('form.allTypes')}</option>
                {houseTypes.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.name}
                  </option>
                ))}
              </select>
            ) : (
              <input id={`${id}-type`} inputMode="numeric" className={cx(fieldInput, 'mt-1')} value={houseType} onChange={(e) => setHouseType(e.target.value.trim())} />
            )}
          </Field>
        ) : null}
        <Field id={`${id}-locale`} label={t('form.language')}>
          <select id={`${id}-locale`} className={cx(fieldInput, 'mt-1')} value={locale} onChange={(e) => isLocale(e.target.value) && setLocale(e.target.value)}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {ENDONYMS[code]}
              </option>
            ))}
          </select>
        </Field>
        <fieldset className="space-y-3">
          <legend className={fieldLabel}>{t('form.campaign')}</legend>
          <p id={`${id}-tag-hint`} className="text-sm text-slate-700">
            {t('form.tagHint', { max: MAX_CAMPAIGN_TAG_LENGTH })}
          </p>
          {CAMPAIGN_PARAMS.map((param) => (
            <Field key={param} id={`${id}-${param}`} label={t(`form.${TAG_LABELS[param]}`)}>
              <input
                id={`${id}-${param}`}
                maxLength={MAX_CAMPAIGN_TAG_LENGTH + 20}
                aria-describedby={`${id}-tag-hint`}
                aria-invalid={problems.includes(`invalid_${param}`) || undefined}
                className={cx(fieldInput, 'mt-1')}
                value={campaign[param] ?? ''}
                onChange={(e) => setCampaign((current) => ({ ...current, [param]: e.target.value }))}
              />
            </Field>
          ))}
        </fieldset>
        {problems.length > 0 ? (
          <div role="alert" className={fieldError}>
            <p>{t('result.fixFirst')}</p>
            <ul className="list-disc pl-5">
              {problems.map((problem) => (
                <li key={problem}>{problemText(problem)}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </form>

      <div className="space-y-6">
        <Section id={`${id}-result`} heading={t('result.heading')} headingClassName={cardHeading} className={cx(card, 'space-y-3 p-4')}>
          <Field id={`${id}-link`} label={t('result.link')}>
            <input id={`${id}-link`} ref={linkInput} readOnly className={cx(fieldInput, 'mt-1 font-mono text-sm')} value={link ?? ''} />
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={buttonPrimary}
              disabled={!link}
              onClick={async () => setCopyStatus((await copyText(link ?? '', linkInput.current)) ? t('result.copied') : t('result.copyFailed'))}
            >
              {t('result.copy')}
            </button>
            {qr ? (
              <a className={buttonSecondary} download="link-qr.svg" href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`}>
                {t('result.download')}
              </a>
            ) : null}
          </div>
          <p role="status" className="text-sm text-slate-800">
            {copyStatus}
          </p>
          {qr ? (
            // eslint-disable-next-line @next/next/no-img-element -- a data URL the image optimizer cannot and need not handle
            <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`} alt={t('result.qr')} width={192} height={192} className="border border-slate-200" />
          ) : null}
        </Section>

        <Section id={`${id}-check`} heading={t('check.heading')} headingClassName={cardHeading} className={cx(card, 'space-y-3 p-4')}>
          <div aria-live="polite" aria-busy={check?.kind === 'running'}>
            {check?.kind === 'running' ? <p>{t('check.running')}</p> : null}
            {check?.kind === 'failed' ? <Notice tone="error">{t('check.failed')}</Notice> : null}
            {check?.kind === 'done' ? <CheckResult check={check.check} /> : null}
          </div>
        </Section>

        <Section id={`${id}-embed`} heading={t('embed.heading')} headingClassName={cardHeading} className={cx(card, 'space-y-3 p-4')}>
          <p className="text-sm text-slate-700">{t('embed.intro')}</p>
          <Field id={`${id}-accent`} label={t('form.accentColor')}>
            <input id={`${id}-accent`} type="color" className="mt-1 block h-11 w-20" value={accent} onChange={(e) => setAccent(e.target.value)} />
          </Field>
          <Field id={`${id}-snippet`} label={t('embed.snippet')}>
            <textarea id={`${id}-snippet`} ref={snippetInput} readOnly rows={4} className={cx(fieldInput, 'mt-1 font-mono text-sm')} value={snippet} />
          </Field>
          <button
            type="button"
            className={buttonSecondary}
            onClick={async () => setCopyStatus((await copyText(snippet, snippetInput.current)) ? t('result.copied') : t('result.copyFailed'))}
          >
            {t('embed.copy')}
          </button>
          <h3 className="font-semibold text-slate-900">{t('embed.preview')}</h3>
          <SearchBoxPreview
            attributes={{
              locale,
              'house-type': page !== 'house' ? houseType : undefined,
              park: page === 'park' ? targetId : undefined,
              campaign: campaign.utm_campaign,
              'campaign-id': campaign.cid,
              'utm-source': campaign.utm_source,
              'utm-medium': campaign.utm_medium,
              'accent-color': accent,
            }}
          />
        </Section>
      </div>
    </div>
  );
}

function PartyLegend() {
  const t = useTranslations('party');
  return <>{t('title')}</>;
}
