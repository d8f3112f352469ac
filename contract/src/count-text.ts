/**
 * "1 video", "3 videos", "1,200 members": a count with its noun in the right number. The one helper for every count a
 * screen or an e-mail shows, so no text reads "1 videos". `many` when the plural is not the noun plus "s".
 */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
