// Loads the join rules (zod and the shared schema, ~25 KB gz) as their own chunk. Imports nothing
// else, so the form can start the load without pulling zod into its own chunk.
export const loadJoinRules = () => import("./join-rules.ts");
