import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import builtIn from '@/content/site-content.json';
import { getLogger } from '@/lib/log';
import { getLoadedSiteContent, getSiteContent, loadSiteContentFile } from './read';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'site-content-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function writeContent(name: string, content: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const OWN = {
  company: { name: 'Duinpark Beheer B.V.', phone: '+31 222 123 456', chamberOfCommerce: '87654321' },
  locales: { nl: { company: { openingHours: ['Elke dag 08:00–20:00'] } } },
};

describe('loadSiteContentFile', () => {
  it('uses the committed example content when SITE_CONTENT_FILE is not set', () => {
    const loaded = loadSiteContentFile({});
    expect(loaded).toMatchObject({ source: null, problems: [] });
    expect(loaded.file.company.name).toBe(builtIn.company.name);
  });

  it('uses the file SITE_CONTENT_FILE names, a relative path taken from the working directory', () => {
    writeContent('own.json', OWN);
    const loaded = loadSiteContentFile({ SITE_CONTENT_FILE: 'own.json' }, { cwd: dir });
    expect(loaded).toMatchObject({ source: path.join(dir, 'own.json'), problems: [] });
    expect(loaded.file.company.name).toBe('Duinpark Beheer B.V.');
  });

  it('falls back to the built-in content and reports a file that cannot be read', () => {
    const loaded = loadSiteContentFile({ SITE_CONTENT_FILE: path.join(dir, 'missing.json') });
    expect(loaded.file.company.name).toBe(builtIn.company.name);
    expect(loaded.source).toBeNull();
    expect(loaded.problems).toEqual([expect.stringMatching(/cannot read .*missing\.json \(ENOENT\)/)]);
  });

  it('falls back to the built-in content and reports a file that is not JSON', () => {
    const file = writeContent('broken.json', '{ "company": { "name": "Half');
    const loaded = loadSiteContentFile({ SITE_CONTENT_FILE: file });
    expect(loaded.file.company.name).toBe(builtIn.company.name);
    expect(loaded.problems).toEqual([expect.stringContaining('is not valid JSON')]);
  });

  it('falls back to the built-in content and reports every field the schema refuses', () => {
    const file = writeContent('invalid.json', { company: { name: 'X', email: 'nope', website: 'https://x.example' } });
    const loaded = loadSiteContentFile({ SITE_CONTENT_FILE: file });
    expect(loaded.file.company.name).toBe(builtIn.company.name);
    expect(loaded.problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^company\.email:/), expect.stringMatching(/^company: .*website/)]),
    );
  });
});

describe('getSiteContent (the pages’ reading, once per process)', () => {
  it('shows the content of SITE_CONTENT_FILE with its locale overrides', () => {
    vi.stubEnv('SITE_CONTENT_FILE', writeContent('pages.json', OWN));
    expect(getSiteContent('nl').company).toMatchObject({
      name: 'Duinpark Beheer B.V.',
      chamberOfCommerce: '87654321',
      openingHours: ['Elke dag 08:00–20:00'],
    });
    expect(getSiteContent('en').company.openingHours).toEqual([]);
  });

  it('logs an invalid file once, with its problems, and keeps serving the built-in content', () => {
    const error = vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined);
    vi.stubEnv('SITE_CONTENT_FILE', writeContent('logged.json', { company: { name: '' } }));
    expect(getSiteContent('fr').company.name).toBe(builtIn.company.name);
    expect(getSiteContent('de').company.name).toBe(builtIn.company.name);
    expect(getLoadedSiteContent().problems).toEqual([expect.stringMatching(/^company\.name:/)]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toMatchObject({
      event: 'site-content.invalid',
      problems: [expect.stringMatching(/^company\.name:/)],
    });
  });
});
