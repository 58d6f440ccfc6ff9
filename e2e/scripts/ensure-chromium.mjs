// Browser tests drive Debian's Chromium, never a test tool's own download.
// When it is missing: install it with apt-get if we are root, else stop with the command to run.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's chromium with apt-get…`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `The browser tests need Debian's Chromium at ${CHROMIUM}, and it is not there.\n` +
        `Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n` +
        `(or point CHROMIUM_PATH at a Chromium binary).`,
    );
    process.exit(1);
  }
}
