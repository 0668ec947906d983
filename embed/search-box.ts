/**
 * `<holiday-search>`: the site's search box for partner pages, without an iframe or framework.
 * Built by embed/build.ts into the script the site serves at /embed/search.js.
 *
 * It must run under a partner's strict content security policy that allows only this script's
 * origin: no inline style attributes, no `<style>` text and no eval. Styles are constructable
 * stylesheets adopted by the shadow root (not covered by style-src), colours are checked with
 * CSS.supports before they enter one, and every element is made with the DOM API.
 *
 * Attributes: locale (en, de, fr, nl; default the page's language, else en), house-type, park,
 * campaign (utm_campaign), campaign-id (cid), utm-source (default: the page's host name),
 * utm-medium (default: search-box), utm-campaign (wins over campaign), accent-color,
 * background-color, text-color. The colours can also come from the partner's CSS through
 * --holiday-search-accent, --holiday-search-background and --holiday-search-text, and the
 * button's text colour through --holiday-search-accent-text.
 *
 * The site puts its brand (the site content's name and colours) around the script when it serves
 * it (app/embed/search.js): the box then says the site's name and uses the brand's colours unless
 * the partner's attributes or CSS choose others.
 */
import { getToday } from '../lib/booking/dates';
import { MAX_STAY_NIGHTS } from '../lib/booking/deep-link';
import { DEFAULT_PARTY, MAX_PERSONS, PARTY_FIELDS, PARTY_LIMITS, type PartyField } from '../lib/booking/party';
import { LOCALES, type Locale } from '../lib/i18n/locales';
import { getDateBounds, type SearchFormField } from '../components/search/search-form-schema';
import { fillMessage, type EmbedBrand, type EmbedMessages } from './messages';
import { buildEmbedSearchUrl, validateEmbedForm } from './search-link';

/** Put in by embed/build.ts from the site's message files. */
declare const EMBED_MESSAGES: Record<Locale, EmbedMessages>;

/** The site's brand, declared around the script by the site that serves it; absent without one. */
declare const EMBED_BRAND: EmbedBrand | undefined;
const BRAND: EmbedBrand = typeof EMBED_BRAND === 'object' && EMBED_BRAND !== null ? EMBED_BRAND : {};

/** The site's origin: the script's own, so the box works wherever the partner's page lives. */
const script = document.currentScript;
const SITE_ORIGIN = script instanceof HTMLScriptElement && script.src ? new URL(script.src).origin : location.origin;

const STYLES = `:host{display:block;max-width:40rem}
.box{--hs-a:var(--holiday-search-accent,${BRAND.primary ?? '#0b5566'});--hs-o:var(--holiday-search-accent-text,${BRAND.onPrimary ?? '#fff'});--hs-b:var(--holiday-search-background,#fff);--hs-t:var(--holiday-search-text,#1e293b);background:var(--hs-b);color:var(--hs-t);font:inherit;border:1px solid #94a3b8;border-radius:.75rem;padding:1rem}
.title{font-weight:700;font-size:1.125rem;margin:0 0 .75rem}
.brand{font-weight:700;margin:0 0 .25rem}
.row{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.75rem}
.field{display:flex;flex-direction:column;gap:.25rem}
label{font-weight:600}
.hint{font-size:.875rem;margin:0}
.error{color:#b91c1c;font-size:.875rem;font-weight:600;margin:0}
.error:empty{display:none}
input{font:inherit;color:inherit;background:#fff;color:#1e293b;border:1px solid #64748b;border-radius:.375rem;padding:.375rem .5rem;min-height:2.5rem;box-sizing:border-box;width:100%}
input[aria-invalid=true]{border-color:#b91c1c;border-width:2px}
fieldset{border:0;margin:1rem 0 0;padding:0}
legend{font-weight:700;margin-bottom:.5rem;padding:0}
button{font:inherit;font-weight:700;margin-top:1rem;background:var(--hs-a);color:var(--hs-o);border:0;border-radius:.5rem;padding:.625rem 1.25rem;min-height:2.75rem;cursor:pointer}
:focus-visible{outline:3px solid var(--hs-a);outline-offset:2px}
.status{margin:.75rem 0 0}`;

let sharedSheet: CSSStyleSheet | undefined;

function createSheet(text: string): CSSStyleSheet | undefined {
  if (typeof CSSStyleSheet !== 'function' || !('replaceSync' in CSSStyleSheet.prototype)) return undefined;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  return sheet;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

const COLOUR_ATTRIBUTES = { 'accent-color': '--hs-a', 'background-color': '--hs-b', 'text-color': '--hs-t' } as const;

export class HolidaySearch extends HTMLElement {
  static observedAttributes = ['locale', ...Object.keys(COLOUR_ATTRIBUTES)];

  private readonly root: ShadowRoot;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
  }

  connectedCallback(): void {
    this.render();
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.render();
  }

  private get locale(): Locale {
    const wanted = (this.getAttribute('locale') ?? document.documentElement.lang ?? '').toLowerCase().slice(0, 2);
    return (LOCALES as readonly string[]).includes(wanted) ? (wanted as Locale) : 'en';
  }

  /** The colour attributes that are real CSS colours, as one rule; anything else is ignored. */
  private colourRule(): string {
    const declarations: string[] = [];
    for (const [attribute, property] of Object.entries(COLOUR_ATTRIBUTES)) {
      const value = this.getAttribute(attribute)?.trim();
      if (value && !/[;{}<>\\]/.test(value) && CSS.supports('color', value)) declarations.push(`${property}:${value}`);
    }
    // The partner's own accent keeps the white button text it was chosen for.
    if (this.getAttribute('accent-color')?.trim()) declarations.push('--hs-o:#fff');
    return declarations.length > 0 ? `.box{${declarations.join(';')}}` : '';
  }

  private render(): void {
    const t = EMBED_MESSAGES[this.locale];
    sharedSheet ??= createSheet(STYLES);
    const colours = this.colourRule();
    const own = colours ? createSheet(colours) : undefined;
    this.root.adoptedStyleSheets = [sharedSheet, own].filter((sheet): sheet is CSSStyleSheet => sheet !== undefined);

    const today = getToday();
    const bounds = getDateBounds(today);
    const form = el('form', { class: 'box', novalidate: '', 'aria-labelledby': 'title', lang: this.locale });
    const siteName = BRAND.name?.[this.locale];
    if (siteName) form.append(el('p', { class: 'brand' }, siteName));
    form.append(el('p', { class: 'title', id: 'title' }, t.title));

    const errorNodes = new Map<SearchFormField, { input: HTMLInputElement; error: HTMLElement }>();
    const field = (name: SearchFormField, label: string, input: HTMLInputElement, hint?: string): HTMLElement => {
      const box = el('div', { class: 'field' });
      const described = [];
      input.id = name;
      box.append(el('label', { for: name }, label));
      if (hint) {
        box.append(el('p', { class: 'hint', id: `${name}-hint` }, hint));
        described.push(`${name}-hint`);
      }
      const error = el('p', { class: 'error', id: `${name}-error` });
      described.push(`${name}-error`);
      input.setAttribute('aria-describedby', described.join(' '));
      box.append(input, error);
      errorNodes.set(name, { input, error });
      return box;
    };

    const start = el('input', { type: 'date', name: 'startDate', min: bounds.start.min, max: bounds.start.max });
    const end = el('input', { type: 'date', name: 'endDate', min: bounds.start.min, max: bounds.end.max });
    const dates = el('div', { class: 'row' });
    dates.append(field('startDate', t.startDate, start), field('endDate', t.endDate, end));
    form.append(dates, el('p', { class: 'hint' }, t.anyDates));

    const party = el('fieldset');
    party.append(el('legend', {}, t.party));
    const counts = el('div', { class: 'row' });
    const countInputs = {} as Record<PartyField, HTMLInputElement>;
    for (const name of PARTY_FIELDS) {
      const { min, max } = PARTY_LIMITS[name];
      const input = el('input', {
        type: 'number',
        name,
        min: String(min),
        max: String(max),
        step: '1',
        inputmode: 'numeric',
        value: String(DEFAULT_PARTY[name]),
      });
      countInputs[name] = input;
      counts.append(field(name, t.labels[name], input, t.hints[name]));
    }
    party.append(counts, el('p', { class: 'hint' }, fillMessage(t.limits, { maxPersons: MAX_PERSONS })));
    form.append(party);

    const status = el('p', { class: 'status error', role: 'alert' });
    form.append(status, el('button', { type: 'submit' }, t.submit));

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const values = {
        startDate: start.value,
        endDate: end.value,
        party: Object.fromEntries(PARTY_FIELDS.map((name) => [name, countInputs[name].value])) as Record<PartyField, string>,
      };
      const { errors, party: chosen } = validateEmbedForm(values, today);
      let first: HTMLInputElement | undefined;
      for (const [name, { input, error }] of errorNodes) {
        const key = errors[name];
        if (key) {
          const { min, max } = name in PARTY_LIMITS ? PARTY_LIMITS[name as PartyField] : { min: 0, max: 0 };
          error.textContent = fillMessage(t.errors[key], { min, max, maxNights: MAX_STAY_NIGHTS, maxPersons: MAX_PERSONS });
          input.setAttribute('aria-invalid', 'true');
          first ??= input;
        } else {
          error.textContent = '';
          input.removeAttribute('aria-invalid');
        }
      }
      // The alert is emptied first so the same text is announced again on a second try.
      status.textContent = '';
      if (first) {
        status.textContent = t.fixErrors;
        first.focus();
        return;
      }
      const attr = (name: string) => this.getAttribute(name);
      const url = buildEmbedSearchUrl(
        {
          origin: SITE_ORIGIN,
          locale: this.locale,
          houseType: attr('house-type'),
          park: attr('park'),
          campaign: {
            utm_source: attr('utm-source') ?? location.hostname,
            utm_medium: attr('utm-medium') ?? 'search-box',
            utm_campaign: attr('utm-campaign') ?? attr('campaign') ?? undefined,
            cid: attr('campaign-id') ?? undefined,
          },
        },
        values,
        chosen,
      );
      // The whole partner page is left for the results, also when the box sits in a frame.
      try {
        (window.top ?? window).location.assign(url);
      } catch {
        window.location.assign(url);
      }
    });

    this.root.replaceChildren(form);
  }
}

if (!customElements.get('holiday-search')) customElements.define('holiday-search', HolidaySearch);
