import { t } from '@comanda/shared-schema';

/** Field checks shown before anything is sent; the server checks the same rules again. */
export const required = (v: string) => (v.trim() ? null : t.requiredField);

export const emailValid = (v: string) => {
  if (!v.trim()) return t.requiredField;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : t.invalidEmail;
};

export const MIN_PASSWORD = 8;
export const passwordValid = (v: string) => {
  if (!v) return t.requiredField;
  return v.length >= MIN_PASSWORD ? null : t.passwordTooShort;
};
