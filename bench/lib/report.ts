/** Writes results.json (every run of every figure) and RESULTS.md (tables, goals, notes). */
import { writeFileSync } from 'node:fs';
import type { Environment } from './environment';
import type { Section } from './figures';
import { formatValue } from './figures';

export interface BenchResults {
  environment: Environment;
  options: { quick: boolean; runs: number; sections: string[] };
  durationSeconds: number;
  loadAverageAtEnd: number[];
  /**
   * The machine's speed: the reference work's time at the run's start and end
   * (`measureReferenceWork.ts`), and the share of the CPU the hypervisor took meanwhile.
   */
  machineSpeed?: { referenceWorkMs: { atStart: number; atEnd: number }; stealPercent?: number };
  sections: Section[];
}

const verdict = (met: boolean | undefined) =>
  met === undefined ? '' : met ? 'met' : '**not met**';

export function renderMarkdown(results: BenchResults): string {
  const { environment: env } = results;
  const lines: string[] = [];
  lines.push('# Benchmark results');
  lines.push('');
  lines.push(
    `Written by \`npm run bench\`${results.options.quick ? ' -- --quick (smoke run: fewer runs, smaller sizes; not the figures to quote)' : ''} on ${env.date} in ${Math.round(results.durationSeconds)} s. How each figure is measured: [README.md](README.md). Every figure is the median of ${results.options.runs} runs, with the smallest and largest run; goals are judged on the median.`,
  );
  lines.push('');
  lines.push('## Machine');
  lines.push('');
  const speed = results.machineSpeed;
  lines.push(
    '| CPU | Cores | Memory | Platform | Load average at start (1, 5, 15 min) | At end | Reference work at start, at end | CPU taken by the hypervisor |',
  );
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- |');
  lines.push(
    `| ${env.machine.cpuModel} | ${env.machine.cores} | ${env.machine.memoryGB} GB | ${env.machine.platform} | ${env.loadAverageAtStart.join(', ')} | ${results.loadAverageAtEnd.join(', ')} | ${speed ? `${speed.referenceWorkMs.atStart} ms, ${speed.referenceWorkMs.atEnd} ms` : 'not measured'} | ${speed?.stealPercent === undefined ? 'not read' : `${speed.stealPercent} %`} |`,
  );
  lines.push('');
  lines.push(
    "The reference work is the same fixed work on every machine and every run (JSON made and read, brotli, a sort, in a fresh Node process; `lib/referenceWorkChild.ts`), none of it the project's code: a run whose reference work took twice another's ran on a machine about half as fast, and its figures in time (and its floors') are slower with it. The hypervisor's share is the CPU time stolen by other guests of the host during the run (`steal` in /proc/stat).",
  );
  lines.push('');
  lines.push(
    `Load average above the core count means other work (other engineers' builds and browser tests) shared the CPU during the run: figures in time are then noisier and slower than on an idle machine. Commit ${env.git.commit}${env.git.dirty ? ' with uncommitted changes in the working tree' : ''}.`,
  );
  lines.push('');
  lines.push('## Versions');
  lines.push('');
  lines.push(
    Object.entries(env.versions)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ') + '.',
  );
  lines.push('');
  lines.push('## Goals');
  lines.push('');
  lines.push('| Goal | Median (min to max) | Verdict |');
  lines.push('| --- | --- | --- |');
  for (const section of results.sections) {
    for (const entry of section.figures.filter((candidate) => candidate.goal)) {
      const { median, min, max } = entry.summary;
      lines.push(
        `| ${entry.label} ${entry.goal?.text ?? ''} | ${formatValue(median, entry.unit)} (${formatValue(min, entry.unit)} to ${formatValue(max, entry.unit)}) | ${verdict(entry.met)} |`,
      );
    }
  }
  for (const section of results.sections) {
    lines.push('');
    lines.push(`## ${section.title}`);
    lines.push('');
    lines.push(section.method);
    lines.push('');
    lines.push('| Figure | Median | Min | Max | Goal | Verdict |');
    lines.push('| --- | --- | --- | --- | --- | --- |');
    for (const entry of section.figures) {
      const { median, min, max } = entry.summary;
      lines.push(
        `| ${entry.label} | ${formatValue(median, entry.unit)} | ${formatValue(min, entry.unit)} | ${formatValue(max, entry.unit)} | ${entry.goal?.text ?? ''} | ${verdict(entry.met)} |`,
      );
    }
    if (section.notes.length > 0) {
      lines.push('');
      for (const note of section.notes) lines.push(`- ${note}`);
    }
  }
  lines.push('');
  return lines.join('\n');
}

export function writeResults(results: BenchResults, markdownPath: string, jsonPath: string): void {
  writeFileSync(jsonPath, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(markdownPath, renderMarkdown(results));
}
