/** What the bench records: figures with their runs, each against its goal when it has one. */
import type { Summary } from './stats';

export interface Goal {
  /** The figure must be at most (`<=`) or at least (`>=`) the limit. */
  op: '<=' | '>=';
  limit: number;
  /** The goal as the issue states it, e.g. "<= 85 KB gzip". */
  text: string;
}

export interface Figure {
  id: string;
  label: string;
  unit: 'bytes' | 'ms' | 'req/s' | 'MB' | 'score' | 'ratio' | 'count';
  summary: Summary;
  goal?: Goal;
  /** Set when the figure has a goal: judged on the median. */
  met?: boolean;
  note?: string;
}

export interface Section {
  title: string;
  /** How this section was measured, in a sentence or two (goes into RESULTS.md). */
  method: string;
  figures: Figure[];
  /** Findings: causes of failed goals, anomalies seen during the run. */
  notes: string[];
}

export function figure(
  id: string,
  label: string,
  unit: Figure['unit'],
  summary: Summary,
  goal?: Goal,
  note?: string,
): Figure {
  const result: Figure = { id, label, unit, summary };
  if (goal) {
    result.goal = goal;
    result.met = goal.op === '<=' ? summary.median <= goal.limit : summary.median >= goal.limit;
  }
  if (note) result.note = note;
  return result;
}

export function formatValue(value: number, unit: Figure['unit']): string {
  switch (unit) {
    case 'bytes':
      return `${(value / 1000).toFixed(1)} KB`;
    case 'ms':
      return value < 10 ? `${value.toFixed(2)} ms` : `${value.toFixed(1)} ms`;
    case 'req/s':
      return `${Math.round(value)} req/s`;
    case 'MB':
      return `${value.toFixed(0)} MB`;
    case 'score':
      return value.toFixed(4);
    case 'ratio':
      return `${value.toFixed(2)}x`;
    case 'count':
      return String(Math.round(value));
  }
}
