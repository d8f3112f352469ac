/**
 * The letters an avatar shows when a person has no picture: the first letter of the first and of the last word of
 * their name ("Oscar Ortiz" and "Oscar de la Ortiz" are "OO", "Oscar" is "O"). Every avatar uses it, so the header and
 * the profile never show different initials for the same person (Mantine's own takes "OS" from "Oscar").
 */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return `${Array.from(first)[0] ?? ''}${Array.from(last)[0] ?? ''}`.toUpperCase();
}
