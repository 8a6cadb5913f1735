// Who may read a location's lobby board: anyone when the location is public or the vendor made
// private locations' boards public (`board.private_boards_public`); with the board link's token
// otherwise. Used by the open board endpoint and the location's realtime channel.
import { secretTokenMatches } from "../security/secret-token.ts";

export type BoardGate = { visibility: "public" | "private"; boardToken: string | null };

export function mayReadBoard(
  location: BoardGate,
  token: string | undefined,
  settings: { private_boards_public: boolean },
): boolean {
  // The comparison runs for public locations too, so the answer takes as long either way.
  const tokenMatches = secretTokenMatches(location.boardToken, token);
  return location.visibility === "public" || settings.private_boards_public || tokenMatches;
}

/** The board's address on the vendor's host: the location's visitor page in TV mode, with the token. */
export function boardPath(locationId: number, token: string): string {
  return `/callback-service/${locationId}?mode=tv&token=${encodeURIComponent(token)}`;
}
