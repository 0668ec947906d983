import { describe, expect, it } from 'vitest';
import { incoming } from '../testing/incoming';
import { hasMalformedRouterState, loadRouterStateCheck } from './router-state';

describe('the router-state check', () => {
  it('finds a router-state header Next.js could not parse, and passes the ones its router sends', () => {
    const check = loadRouterStateCheck(process.cwd());
    const valid = encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }, null, null]));
    expect(hasMalformedRouterState(incoming('127.0.0.1', ['next-router-state-tree', valid]), check)).toBe(false);
    expect(hasMalformedRouterState(incoming('127.0.0.1', []), check)).toBe(false);
    for (const bad of ["'", '%7B', encodeURIComponent('{"a":1}'), encodeURIComponent('[1]'), 'x'.repeat(50_000)]) {
      expect(hasMalformedRouterState(incoming('127.0.0.1', ['next-router-state-tree', bad]), check), bad.slice(0, 20)).toBe(true);
    }
  });

});
