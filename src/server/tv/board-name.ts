// How a person is named on the public lobby board: first name and last initial ("Ada L."), so a
// screen in a waiting room never shows a full name.

/** "Ada L." from "Ada" and "Lovelace"; the first name alone when there is no last name. */
export function boardName(firstName: string, lastName: string): string {
  const first = firstName.trim().replace(/\s+/g, " ");
  // The first code point, not UTF-16 unit, so a name starting outside the BMP is not split.
  const initial = Array.from(lastName.trim())[0]?.toLocaleUpperCase();
  if (!initial) return first;
  if (!first) return `${initial}.`;
  return `${first} ${initial}.`;
}
