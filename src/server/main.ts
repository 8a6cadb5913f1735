// Process entry: one server node with the product's own handlers (run-node.ts).
import { runNode } from "./run-node.ts";

runNode().catch((error) => {
  process.stderr.write(
    `nextline: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
