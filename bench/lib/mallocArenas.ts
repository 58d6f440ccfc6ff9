/**
 * What malloc holds in a process (Linux, glibc), so that memory which is neither the JS heap
 * nor outside it (`external`) can be put on malloc's arenas rather than guessed: native
 * allocations of Node and V8 (zlib and brotli contexts, compiler zones, HTTP parsers) freed
 * but kept by the allocator for reuse.
 */
import { readFileSync } from 'node:fs';

const MB = 1024;

/** glibc's per-thread arenas reserve 64 MB each, aligned to it (HEAP_MAX_SIZE on 64 bits). */
const ARENA = 64 * 1024 * 1024;

export type MappingKind = 'main arena' | 'thread arena' | 'anonymous' | 'stack' | 'file';

/** One mapping of /proc/<pid>/smaps with its resident size, in KB. */
export interface Mapping {
  start: number;
  end: number;
  perms: string;
  name: string;
  rssKB: number;
  anonHugeKB: number;
  kind: MappingKind;
}

/**
 * The process's mappings, each put on a kind: the main arena is `[heap]` (brk); a thread's
 * arena is an anonymous mapping starting on a 64 MB boundary whose read-write part and the
 * reserved rest after it make 64 MB; the other anonymous mappings are V8's pages, malloc's
 * mmapped chunks (large buffers) and thread stacks. Empty when /proc cannot be read.
 */
export function readMappings(pid: number): Mapping[] {
  const maps: Omit<Mapping, 'kind'>[] = [];
  let smaps = '';
  try {
    smaps = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    // Not Linux, or the process is gone: nothing to tell.
    return [];
  }
  for (const line of smaps.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      maps.push({
        start: Number.parseInt(head[1] ?? '0', 16),
        end: Number.parseInt(head[2] ?? '0', 16),
        perms: head[3] ?? '',
        name: head[4] ?? '',
        rssKB: 0,
        anonHugeKB: 0,
      });
      continue;
    }
    const last = maps[maps.length - 1];
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && last) last.rssKB = Number(rss[1]);
    const huge = /^AnonHugePages:\s+(\d+) kB/.exec(line);
    if (huge && last) last.anonHugeKB = Number(huge[1]);
  }
  return maps.map((map, at) => {
    const next = maps[at + 1];
    const reserved = next && next.start === map.end && next.perms === '---p' ? next.end : map.end;
    const kind: MappingKind =
      map.name === '[heap]'
        ? 'main arena'
        : map.name === '' &&
            map.perms === 'rw-p' &&
            map.start % ARENA === 0 &&
            reserved - map.start === ARENA
          ? 'thread arena'
          : map.name === '' || map.name.startsWith('[anon')
            ? 'anonymous'
            : map.name === '[stack]'
              ? 'stack'
              : 'file';
    return { ...map, kind };
  });
}

/** The RSS of malloc's arenas and of the other anonymous memory, from /proc/<pid>/smaps. */
export function mallocArenas(pid: number): {
  mainMB: number;
  threadsMB: number;
  threads: number;
  /** The other anonymous memory: V8's pages, mmapped chunks (large buffers), stacks. */
  otherAnonymousMB: number;
} {
  const maps = readMappings(pid);
  if (maps.length === 0)
    return { mainMB: Number.NaN, threadsMB: Number.NaN, threads: 0, otherAnonymousMB: Number.NaN };
  let mainKB = 0;
  let threadsKB = 0;
  let threads = 0;
  let otherKB = 0;
  for (const map of maps) {
    if (map.kind === 'main arena') mainKB += map.rssKB;
    else if (map.kind === 'thread arena') {
      threadsKB += map.rssKB;
      threads += 1;
    } else if (map.kind === 'anonymous' || map.kind === 'stack') otherKB += map.rssKB;
  }
  return {
    mainMB: mainKB / MB,
    threadsMB: threadsKB / MB,
    threads,
    otherAnonymousMB: otherKB / MB,
  };
}
