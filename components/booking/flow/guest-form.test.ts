import { describe, expect, it } from 'vitest';
import { GUEST_FIELDS, GuestSchema } from '@/lib/booking/guest';
import { GUEST_FORM } from './guest-form';

const formFields = GUEST_FORM.flatMap((group) => group.fields);

describe('the guest form table', () => {
  it('asks for every field the guest schema checks, once each, in the schema order focus follows', () => {
    expect(formFields.map((field) => field.name)).toEqual([...GUEST_FIELDS]);
  });

  it('marks as optional exactly the text fields the schema accepts empty, and the others as required', () => {
    const empty = Object.fromEntries(GUEST_FIELDS.map((name) => [name, '']));
    const result = GuestSchema.safeParse(empty);
    const failing = new Set(result.success ? [] : result.error.issues.map((issue) => issue.path[0]));
    for (const field of formFields) {
      if (field.control !== 'text') continue;
      expect(field.optional === true, field.name).toBe(!failing.has(field.name));
      expect(field.required === true, field.name).toBe(failing.has(field.name));
    }
  });
});
