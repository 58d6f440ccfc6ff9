/**
 * Debian's Chromium driven over the DevTools protocol's pipe with no more of the protocol
 * than a cold visit needs: a new browser context, the viewport, the CPU throttling, the
 * probe as a script evaluated on every new document (the Page domain), and the probe read
 * with `Runtime.evaluate`. The Runtime domain is never enabled.
 *
 * Why not Playwright for the visit: Playwright enables the Runtime domain on every page,
 * and with it V8 records a detailed stack trace, line and column, whenever an Error object
 * is created. React DOM creates three at its module's evaluation (SuspenseException and
 * its kin), so V8 parses the page script a second time for its source positions: at 4x,
 * 100 to 150 ms more in the evaluation's long task, for the widget's page and the floor
 * page alike. A visitor's browser has no inspector attached and pays none of it
 * (bench/README.md, "What the inspector cost the page's evaluation").
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import * as z from 'zod';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/launchChromium';

/** What measureLoad reads the probe through: a Playwright page or a pipe visit. */
export interface ProbeReader {
  evaluate(expression: string): Promise<unknown>;
}

export interface PipeVisit extends ProbeReader {
  /** Types into the focused field as a keyboard's text input does (Input.insertText). */
  insertText(text: string): Promise<void>;
  /** A key pressed and released (Enter, Backspace). */
  press(key: keyof typeof KEYS): Promise<void>;
  /** A left click at a point of the viewport, pressed and released as a mouse does. */
  click(x: number, y: number): Promise<void>;
  close(): Promise<void>;
}

/** The keys the visits press, as Chromium's input events name them. */
const KEYS = {
  Enter: { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' },
  Backspace: { key: 'Backspace', code: 'Backspace', windowsVirtualKeyCode: 8 },
};

const answerSchema = z.object({
  id: z.number(),
  result: z.unknown().optional(),
  error: z.object({ message: z.string() }).optional(),
});
const contextSchema = z.object({ browserContextId: z.string() });
const targetSchema = z.object({ targetId: z.string() });
const sessionSchema = z.object({ sessionId: z.string() });
const evaluationSchema = z.object({
  result: z.object({ value: z.unknown().optional() }),
  exceptionDetails: z.object({ text: z.string() }).optional(),
});

/** Chromium's own flags beside the tests' (Playwright passes the same ones that matter). */
const VISIT_ARGS = [
  '--headless',
  '--remote-debugging-pipe',
  '--disable-field-trial-config',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-ipc-flooding-protection',
  '--disable-back-forward-cache',
  '--disable-extensions',
  '--force-color-profile=srgb',
  '--hide-scrollbars',
  '--mute-audio',
];

export class PipeChromium {
  readonly #process: ChildProcess;
  readonly #toBrowser: Writable;
  readonly #profile: string;
  readonly #waiting = new Map<
    number,
    { resolve: (answer: z.infer<typeof answerSchema>) => void; reject: (error: Error) => void }
  >();
  /** Set once Chromium has gone: every call then fails instead of waiting for ever. */
  #gone: Error | null = null;
  #nextId = 0;
  #buffered = '';

  private constructor(child: ChildProcess, profile: string) {
    this.#process = child;
    this.#profile = profile;
    const toBrowser = child.stdio[3];
    const fromBrowser = child.stdio[4];
    if (!isWritable(toBrowser) || !isReadable(fromBrowser)) throw new Error('no DevTools pipe');
    this.#toBrowser = toBrowser;
    fromBrowser.setEncoding('utf8');
    fromBrowser.on('data', (chunk: string) => this.#receive(chunk));
    child.once('exit', (code, signal) => {
      this.#gone = new Error(`Chromium exited (${signal ?? code ?? 'unknown'})`);
      for (const { reject } of this.#waiting.values()) reject(this.#gone);
      this.#waiting.clear();
    });
    child.once('error', (error) => {
      this.#gone = error;
      for (const { reject } of this.#waiting.values()) reject(error);
      this.#waiting.clear();
    });
  }

  static launch(): PipeChromium {
    const profile = mkdtempSync(join(tmpdir(), 'pn-pipe-chromium-'));
    const child = spawn(
      CHROMIUM_PATH,
      [...CHROMIUM_ARGS, ...VISIT_ARGS, `--user-data-dir=${profile}`, 'about:blank'],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    return new PipeChromium(child, profile);
  }

  /** A new browser context (cold cache), throttled, the probe in, at `url`. */
  async openCold(
    url: string,
    probe: string,
    viewport: { width: number; height: number },
    cpuThrottlingRate: number,
  ): Promise<PipeVisit> {
    const { browserContextId } = contextSchema.parse(
      await this.#send('Target.createBrowserContext'),
    );
    const { targetId } = targetSchema.parse(
      await this.#send('Target.createTarget', { url: 'about:blank', browserContextId }),
    );
    const { sessionId } = sessionSchema.parse(
      await this.#send('Target.attachToTarget', { targetId, flatten: true }),
    );
    const send = (method: string, params: object = {}) => this.#send(method, params, sessionId);
    await send('Page.enable');
    await send('Emulation.setDeviceMetricsOverride', {
      ...viewport,
      deviceScaleFactor: 1,
      mobile: false,
    });
    await send('Emulation.setCPUThrottlingRate', { rate: cpuThrottlingRate });
    await send('Page.addScriptToEvaluateOnNewDocument', { source: probe });
    await send('Page.navigate', { url });
    return {
      evaluate: async (expression) => {
        const answer = evaluationSchema.parse(
          await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }),
        );
        if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.text);
        return answer.result.value;
      },
      insertText: async (text) => {
        await send('Input.insertText', { text });
      },
      press: async (key) => {
        await send('Input.dispatchKeyEvent', { type: 'keyDown', ...KEYS[key] });
        await send('Input.dispatchKeyEvent', { type: 'keyUp', ...KEYS[key] });
      },
      click: async (x, y) => {
        const at = { x, y, button: 'left', clickCount: 1 };
        await send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
        await send('Input.dispatchMouseEvent', { type: 'mousePressed', ...at });
        await send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...at });
      },
      close: async () => {
        await this.#send('Target.disposeBrowserContext', { browserContextId });
      },
    };
  }

  /** The browser's product and version, e.g. "HeadlessChrome/142.0.7444.59". */
  async version(): Promise<string> {
    return z.object({ product: z.string() }).parse(await this.#send('Browser.getVersion')).product;
  }

  async close(): Promise<void> {
    if (!this.#gone) {
      const exited = new Promise((resolve) => this.#process.once('exit', resolve));
      this.#process.kill();
      await exited;
    }
    rmSync(this.#profile, { recursive: true, force: true });
  }

  #send(method: string, params: object = {}, sessionId?: string): Promise<unknown> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = (this.#nextId += 1);
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, {
        resolve: (answer) => {
          if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
          else resolve(answer.result);
        },
        reject,
      });
      this.#toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  }

  /** The pipe carries JSON messages, each ended by a NUL. */
  #receive(chunk: string): void {
    const parts = (this.#buffered + chunk).split('\0');
    this.#buffered = parts.pop() ?? '';
    for (const part of parts) {
      const parsed = answerSchema.safeParse(JSON.parse(part));
      // Events (no id) are not asked for; they are left unread.
      if (!parsed.success) continue;
      const waiter = this.#waiting.get(parsed.data.id);
      this.#waiting.delete(parsed.data.id);
      waiter?.resolve(parsed.data);
    }
  }
}

function isWritable(stream: unknown): stream is Writable {
  return typeof stream === 'object' && stream !== null && 'write' in stream;
}

function isReadable(stream: unknown): stream is Readable {
  return typeof stream === 'object' && stream !== null && 'setEncoding' in stream;
}
