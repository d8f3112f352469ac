/**
 * The organization code a phone last signed in with (not a secret: it is printed on every sheet of the organization),
 * so an operator types only their employee number and password the next time.
 */
const KEY = 'mm.organization-code';

export function rememberedOrganizationCode(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberOrganizationCode(code: string): void {
  try {
    localStorage.setItem(KEY, code.replace(/[\s-]/g, '').toUpperCase());
  } catch {
    // Storage refused (private mode): the code is typed again next time.
  }
}
