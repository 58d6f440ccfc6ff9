/**
 * Data issues in words, for console messages and errors. Apart from `parseData`, which a
 * page runs on every answer: a bundle keeps these words out of the page's script and puts
 * them with the code that writes them (the widget's console texts, a chunk).
 */
import type { DataIssue } from './parseData';

/** `path: reason` of the first issues, for console messages. */
export function describeDataIssues(issues: readonly DataIssue[], max = 3): string {
  return issues
    .slice(0, max)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${describeIssue(issue)}`)
    .join('; ');
}

/** An issue's reason in words. */
export function describeIssue(issue: DataIssue): string {
  switch (issue.keyword) {
    case 'required':
      return 'is missing';
    case 'type':
      return `expected ${[issue.expected]
        .flat()
        .map((type) => type ?? 'anything')
        .join(' or ')}, got ${issue.got}`;
    case 'const':
      return `expected ${String(issue.expected)}`;
    case 'pattern':
      return `does not match /${issue.expected}/`;
    case 'minLength':
      return `shorter than ${issue.expected} characters`;
    case 'maxLength':
      return `longer than ${issue.expected} characters`;
    case 'minimum':
      return `less than ${issue.expected}`;
    case 'minItems':
      return `fewer than ${issue.expected} items`;
    case 'maximum':
      return `more than ${issue.expected}`;
    case 'maxItems':
      return `more than ${issue.expected} items`;
  }
}
