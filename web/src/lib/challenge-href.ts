/** The challenge link as an address to open: https:// is added when it has no scheme (member spec, section 4). */
export function challengeHref(link: string): string {
  const trimmed = link.trim();
  return /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
}
