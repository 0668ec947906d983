/** Test hooks under /__sandbox/: no credentials, not counted, not rate limited. */
import { Hono } from 'hono';
import { z } from 'zod';
import { formatDay, isoDate, parseDay } from './dates';
import { FaultSchema } from './faults';
import { errorBody, jsonResponse } from './http-errors';
import type { Env } from './pipeline';
import { PREFERENCE_MODES } from './preference-rules';
import { FIELD_MODES } from './response-fields';
import { DEFAULT_PARTY } from './party';
import { NO_SELECTION, quoteStay } from './pricing';
import type { SandboxState } from './state';

async function jsonBody(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function invalid(error: z.ZodError): Response {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
  return jsonResponse(400, errorBody(400, 'Invalid hook request', errors));
}

const ClockSchema = z.object({ advanceMs: z.number().int().min(0) });
const FieldsSchema = z.object({ mode: z.enum(FIELD_MODES) });
const PreferencesSchema = z.object({ mode: z.enum(PREFERENCE_MODES) });
const BookOutSchema = z.object({
  houseId: z.number().int().positive(),
  startDate: z.string(),
  endDate: z.string(),
});

export function sandboxHooks(state: SandboxState): Hono<Env> {
  const hooks = new Hono<Env>();
  const clock = () => ({ now: new Date(state.now()).toISOString(), today: isoDate(state.today()) });

  hooks.get('/stats', (c) => c.json(state.stats.snapshot()));

  hooks.post('/reset', (c) => {
    state.reset();
    return c.json({ ok: true });
  });

  hooks.get('/faults', (c) => c.json({ faults: state.faults.list() }));
  hooks.post('/faults', async (c) => {
    const body = await jsonBody(c.req.raw);
    // One fault object, or an array of them to script a sequence in one call.
    const parsed = z.union([FaultSchema, z.array(FaultSchema).min(1)]).safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    for (const spec of Array.isArray(parsed.data) ? parsed.data : [parsed.data]) state.faults.add(spec);
    return c.json({ faults: state.faults.list() });
  });
  hooks.delete('/faults', (c) => {
    state.faults.clear();
    return c.json({ faults: [] });
  });

  hooks.get('/clock', (c) => c.json(clock()));
  hooks.post('/clock', async (c) => {
    const parsed = ClockSchema.safeParse(await jsonBody(c.req.raw));
    if (!parsed.success) return invalid(parsed.error);
    state.advanceClock(parsed.data.advanceMs);
    return c.json(clock());
  });

  // Switches between all fields and only the documented ones without a restart.
  hooks.get('/fields', (c) => c.json({ mode: state.fieldMode }));
  hooks.post('/fields', async (c) => {
    const parsed = FieldsSchema.safeParse(await jsonBody(c.req.raw));
    if (!parsed.success) return invalid(parsed.error);
    state.fieldMode = parsed.data.mode;
    return c.json({ mode: state.fieldMode });
  });

  // Switches between refusing and accepting units that lack the chosen preferences or the pets.
  hooks.get('/preferences', (c) => c.json({ mode: state.preferenceMode }));
  hooks.post('/preferences', async (c) => {
    const parsed = PreferencesSchema.safeParse(await jsonBody(c.req.raw));
    if (!parsed.success) return invalid(parsed.error);
    state.preferenceMode = parsed.data.mode;
    return c.json({ mode: state.preferenceMode });
  });

  /**
   * Books every free unit of a house for a period, as other guests booking it elsewhere would:
   * the stay is then sold out while the site may still hold an older answer in its cache.
   */
  hooks.post('/book-out', async (c) => {
    const parsed = BookOutSchema.safeParse(await jsonBody(c.req.raw));
    if (!parsed.success) return invalid(parsed.error);
    const house = state.house(parsed.data.houseId);
    const start = parseDay(parsed.data.startDate);
    const end = parseDay(parsed.data.endDate);
    if (!house || start === undefined || end === undefined || end <= start) {
      return jsonResponse(400, errorBody(400, 'Unknown house or period'));
    }
    const park = state.park(house);
    const booked: number[] = [];
    for (const unit of house.units) {
      if (!state.availability.isUnitFree(unit, start, end)) continue;
      const selection = { ...NO_SELECTION, unitId: unit.id };
      const quote = quoteStay(house, park, start, end, DEFAULT_PARTY, state.today(), selection);
      const r = state.reservations.hold({
        houseId: house.id,
        unitId: unit.id,
        start,
        end,
        party: DEFAULT_PARTY,
        selection,
        quote,
      });
      r.status = 'Confirmed';
      booked.push(unit.id);
    }
    return c.json({ booked });
  });

  hooks.get('/reservations', (c) =>
    c.json(
      state.reservations.list().map((r) => ({
        transactionId: r.transactionId,
        houseId: r.houseId,
        unitId: r.unitId,
        startDate: formatDay(r.start),
        endDate: formatDay(r.end),
        status: r.status,
        finalizeCalls: r.finalizeCalls,
      })),
    ),
  );

  /** Default target of the redirect fault, so a client that follows redirects shows up here. */
  hooks.all('/redirected', (c) => c.json({ redirected: true }));
  return hooks;
}
