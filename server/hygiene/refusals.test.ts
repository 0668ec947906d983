import { describe, expect, it } from 'vitest';
import { incoming } from '../testing/incoming';
import { isPageWriteWithoutAction } from './refusals';

describe('the methods a page takes', () => {
  it('refuses a form post to a page that is no server action, and lets reads, actions and the API through', () => {
    const request = (method: string, url: string, headers: string[] = []) => {
      const req = incoming('127.0.0.1', headers);
      req.method = method;
      req.url = url;
      return req;
    };
    expect(isPageWriteWithoutAction(request('POST', '/en/search', ['content-type', 'multipart/form-data; boundary=x']))).toBe(true);
    expect(isPageWriteWithoutAction(request('DELETE', '/en/houses/1005'))).toBe(true);
    expect(isPageWriteWithoutAction(request('POST', '/en/search', ['next-action', 'abc123']))).toBe(false);
    expect(isPageWriteWithoutAction(request('GET', '/en/search'))).toBe(false);
    expect(isPageWriteWithoutAction(request('HEAD', '/en'))).toBe(false);
    expect(isPageWriteWithoutAction(request('POST', '/api/booking/pre-register'))).toBe(false);
    expect(isPageWriteWithoutAction(request('POST', '/api'))).toBe(false);
    expect(isPageWriteWithoutAction(request('POST', '/apix'))).toBe(true);
  });
});
