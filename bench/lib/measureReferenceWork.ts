/**
 * How fast the machine is, and how much of its CPU the hypervisor took, so a run's figures
 * in time can be read beside another run's: the goals in ms were met on one machine, and the
 * same code on a slower one (or beside a busy neighbour) misses them with every floor slower
 * too. Both are read at the start and the end of a run.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR } from './environment';
import { summarize } from './stats';

/** Runs of the reference work per reading; the median is kept. */
const RUNS = 3;

/**
 * The reference work's time (ms, median of three fresh processes): fixed JSON, brotli and
 * sorting work (`referenceWorkChild.ts`), the same on every machine.
 */
export function measureReferenceWork(): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(BENCH_DIR, 'lib/referenceWorkChild.ts')],
      { encoding: 'utf8', timeout: 60_000 },
    );
    const parsed: unknown = JSON.parse(output);
    const ms =
      typeof parsed === 'object' && parsed !== null && 'ms' in parsed ? parsed.ms : undefined;
    if (typeof ms !== 'number') throw new Error(`reference work printed ${output}`);
    times.push(ms);
  }
  return Math.round(summarize(times).median);
}

/** The CPU's time so far across its cores, in the kernel's ticks: all of it, and the stolen. */
export interface CpuTicks {
  total: number;
  steal: number;
}

/** From /proc/stat (Linux); undefined elsewhere. */
export function readCpuTicks(): CpuTicks | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal guest guest_nice (guest is in user).
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
    const steal = fields[7] ?? 0;
    return Number.isFinite(total) && total > 0 ? { total, steal } : undefined;
  } catch {
    return undefined;
  }
}

/** The share of the CPU's time the hypervisor took between two readings, in percent. */
export function stealPercent(from: CpuTicks, to: CpuTicks): number {
  const total = to.total - from.total;
  return total > 0 ? Math.round(((to.steal - from.steal) / total) * 1000) / 10 : 0;
}
