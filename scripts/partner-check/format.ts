import type { CheckReport } from './types';

/** The report for a person reading a terminal, section by section. */

function pad(text: string, width: number): string {
  return text.length >= width ? `${text} ` : text + ' '.repeat(width - text.length);
}

function header(report: CheckReport): string[] {
  const where = report.target.sandboxStarted
    ? `a sandbox started for this check, ${report.target.fields ?? 'full'} fields`
    : report.target.mode === 'sandbox'
      ? 'the sandbox'
      : 'the partner';
  const expiry =
    report.key.daysLeft === null
      ? 'expiry date not configured'
      : `expires ${report.key.expires} (${report.key.daysLeft} days left)`;
  const accepted = report.key.accepted === null ? 'not known' : report.key.accepted ? 'accepted' : 'REFUSED';
  return [`Partner check: ${report.target.url} (${where})`, `Key: ${accepted}; ${expiry}`];
}

function operationTable(report: CheckReport): string[] {
  const lines = [`${pad('operation', 22)}${pad('reachable', 11)}${pad('shape', 9)}fields`];
  for (const op of report.operations) {
    const reachable = op.skipped ? '-' : op.reachable ? 'yes' : 'NO';
    const shape = op.shapeValid === null ? '-' : op.shapeValid ? 'valid' : 'INVALID';
    let detail: string;
    if (op.skipped) detail = op.skipped;
    else if (op.error) detail = op.error;
    else if (op.items === 0) detail = 'empty list: its fields cannot be checked';
    else if (op.missing.length === 0) detail = `all ${op.present.length} read fields present`;
    else {
      detail = `missing ${op.missing
        .map((m) => {
          const note = m.sometimes
            ? '; sent only in some cases'
            : m.coveredBy
              ? `; read from ${m.coveredBy}`
              : '';
          return `${m.field} (${m.feature}${note})`;
        })
        .join(', ')}`;
    }
    lines.push(`${pad(op.operation, 22)}${pad(reachable, 11)}${pad(shape, 9)}${detail}`);
  }
  return lines;
}

function writeProbes(report: CheckReport): string[] {
  const lines = ['Write paths (one request each that the partner must refuse; nothing is booked):'];
  for (const probe of report.writeProbes) {
    const verdict =
      probe.outcome === 'refused' ? `${probe.detail}: the method and path reach the operation` : probe.detail;
    lines.push(`  ${pad(probe.operation, 24)}${pad(`${probe.method} ${probe.path}`, 56)}${verdict}`);
  }
  return lines;
}

function language(report: CheckReport): string {
  const lang = report.language;
  const pair = `${lang.operation} ${lang.languages.join(' vs ')}`;
  return `Language header: ${
    lang.changesTranslatedFields === null
      ? 'not compared'
      : lang.changesTranslatedFields
        ? `changes translated texts (${pair}: ${lang.differing} of ${lang.compared} differ)`
        : `changes no translated text (${pair}: 0 of ${lang.compared} differ)`
  }`;
}

function petFree(report: CheckReport): string {
  const p = report.petFree;
  if (!p.checked) return 'Pet-free preference: not checked (no house page was read)';
  if (p.matches.length > 0) {
    return `Pet-free preference: ${p.matches
      .map(
        (m) =>
          `"${m.name ?? m.keyword}" (keyword "${m.keyword}") of house ${p.houseId} matches petFreeKeywords "${m.entry}"`,
      )
      .join('; ')}: the site refuses pets together with it`;
  }
  if (p.note) return `Pet-free preference: not known (${p.note})`;
  const builtIn = p.builtIn[0];
  if (builtIn) {
    return `Pet-free preference: no petFreeKeywords entry matches; only the site's built-in keyword marks "${builtIn.name ?? builtIn.keyword}" (keyword "${builtIn.keyword}") pet-free (see the warning)`;
  }
  return `Pet-free preference: none of house ${p.houseId}'s preferences matches petFreeKeywords (see the warning)`;
}

function reference(report: CheckReport): string {
  const r = report.reference;
  switch (r.status) {
    case 'not-configured':
      return "API reference: not compared (set PARTNER_SWAGGER_USER to compare the profile with the partner's Swagger)";
    case 'skipped':
      return `API reference: ${r.url} not read: the check stopped`;
    case 'unreadable':
      return `API reference: ${r.url} could not be read (see the problem below)`;
    case 'compared': {
      const breaking = r.mismatches.filter((m) => m.breaks).length;
      const summary =
        r.mismatches.length === 0
          ? 'the profile matches it'
          : `${r.mismatches.length} mismatch${r.mismatches.length === 1 ? '' : 'es'}, ${breaking} breaking (listed below)`;
      return `API reference: ${r.url} (${r.version}, user ${r.user}): ${r.operations} operations compared; ${summary}`;
    }
  }
}

function calls(report: CheckReport): string {
  const perOp = Object.entries(report.calls.byOperation)
    .map(([op, n]) => `${op} ${n}`)
    .join(', ');
  const probes = report.writeProbes.filter((p) => p.outcome !== 'skipped').length;
  const writes =
    probes === 0
      ? 'no booking write'
      : `${probes} write probe${probes === 1 ? '' : 's'} the partner must refuse, no booking`;
  return `Partner calls: ${report.calls.total} of at most ${report.calls.budget} (${perOp}); ${writes}`;
}

function verdict(report: CheckReport): string[] {
  const lines: string[] = [];
  for (const warning of report.warnings) lines.push(`warning: ${warning}`);
  for (const problem of report.problems) lines.push(`PROBLEM: ${problem}`);
  lines.push(
    report.ok
      ? `Result: the site can serve guests${
          report.warnings.length
            ? ` (${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'})`
            : ''
        }.`
      : 'Result: the site cannot serve guests with this partner configuration.',
  );
  return lines;
}

export function formatReport(report: CheckReport): string {
  return [
    ...header(report),
    '',
    ...operationTable(report),
    '',
    ...writeProbes(report),
    '',
    language(report),
    petFree(report),
    reference(report),
    `Not checked (only a booking returns them): ${report.writeOnly
      .map((f) => `${f.operation}.${f.field} (${f.feature})`)
      .join(', ')}`,
    calls(report),
    '',
    ...verdict(report),
  ].join('\n');
}
