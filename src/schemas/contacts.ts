// A campaign contact (reference 2.3): phone_number (E.164) dialled at attempt 1, optional contact_attempts
// for attempts 2 and later (each at least a phone_number, plus fields overriding the contact's for that
// attempt), and free fields mapped to agent prompt variables.
import * as z from 'zod/mini';
import { E164 } from './common.js';

const ContactAttempt = z.looseObject({ phone_number: E164 });

export const Contact = z.looseObject({
  phone_number: E164,
  contact_attempts: z.optional(z.array(ContactAttempt)),
});
export type Contact = z.infer<typeof Contact>;
