/** "Name Last-name" as people read it (either part may be empty). */
export const fullName = (person: { name: string; last_name: string }): string => `${person.name} ${person.last_name}`.trim();
