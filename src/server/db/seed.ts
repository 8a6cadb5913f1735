// TEMPORARY during bootstrap; replaced by the demo seed.
import type { Db } from "./client.ts";
export async function seedDemoData(_db: Db): Promise<void> {}
export async function seedDemoDataIfEmpty(_db: Db): Promise<boolean> {
  return false;
}
