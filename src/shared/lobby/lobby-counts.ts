// The lobby's head counts, as its lists show the line: waiting (in line, not called yet), called (on
// their way to the desk that called them) and in progress. The server's answer and the lobby's own
// copy after an action count the same way.
type Counted = { attributes: { status: string; call: object | null } };

export function lobbyCounts(entries: readonly Counted[]) {
  let waiting = 0;
  let called = 0;
  let inProgress = 0;
  for (const { attributes } of entries) {
    if (attributes.status === "in_progress") inProgress += 1;
    else if (attributes.status === "waiting") {
      if (attributes.call) called += 1;
      else waiting += 1;
    }
  }
  return { waiting, called, in_progress: inProgress };
}
