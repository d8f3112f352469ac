/** The browser's IANA time zone, sent with sign-in and registration. */
export function browserTimezone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
