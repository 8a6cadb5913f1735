// A place's short ticket (decision 0022): the service's prefix and the place's number in its
// location's day, the join's statement writes the same form in SQL.

/** "A-042"; past 999 the number is written in full ("A-1000"). */
export function formatTicket(prefix: string, number: number): string {
  return `${prefix}-${String(number).padStart(3, "0")}`;
}
