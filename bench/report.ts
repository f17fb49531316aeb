// One JSON object per line (SPEC §7): the figure, its unit, its budget and what it was compared with.
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  budget: number;
  /** "<=" budgets are ceilings; every budget in SPEC §8 is one. */
  comparedWith: string;
}

/** run.ts names the figures taken on the desktop app's Node (not this shell's) with this suffix. */
const SUFFIX = process.env.BATON_BENCH_SUFFIX ?? '';

export function report(figure: BenchFigure): void {
  const withinBudget = figure.value <= figure.budget;
  const name = figure.name + SUFFIX;
  const comparedWith = `${figure.comparedWith}; Node ${process.version}`;
  process.stdout.write(JSON.stringify({ ...figure, name, value: round(figure.value), comparedWith, withinBudget }) + '\n');
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
