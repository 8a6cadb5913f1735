// A small deterministic random source (mulberry32) so every seeding produces the same demo
// people, services and timings; only confirm codes use the CSPRNG.

export type SeededRandom = {
  /** a float in [0, 1) */
  next(): number;
  /** an integer in [min, max], both included */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
};

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error("cannot pick from an empty list");
      return items[int(0, items.length - 1)]!;
    },
    chance: (probability) => next() < probability,
  };
}
