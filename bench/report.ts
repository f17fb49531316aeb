// One JSON object per line (SPEC §7): the figure, its unit, its budget and what it was compared with.
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  budget: number;
  /** "<=" budgets are ceilings; every budget in SPEC §8 is one. */
  comparedWith: string;
}

export function report(figure: BenchFigure): void {
  const withinBudget = figure.value <= figure.budget;
  process.stdout.write(JSON.stringify({ ...figure, value: round(figure.value), withinBudget }) + '\n');
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
