import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { FairTurns, useFairTurns } from '../FairTurns';

/** Takes a turn for each connection, in this order, in one task; resolves with the order served. */
function takeTogether(turns: FairTurns, connections: object[], names: Map<object, string>) {
  const served: string[] = [];
  return new Promise<string[]>((resolve) => {
    for (const connection of connections) {
      turns.take(connection, () => {
        served.push(names.get(connection) ?? '?');
        if (served.length === connections.length) resolve(served);
      });
    }
  });
}

describe('FairTurns', () => {
  it('serves the requests taken in together, the connection answered least lately first', async () => {
    const turns = new FairTurns();
    const [a, b, c] = [{}, {}, {}];
    const names = new Map<object, string>([
      [a, 'a'],
      [b, 'b'],
      [c, 'c'],
    ]);
    // Arrival order among connections never answered.
    expect(await takeTogether(turns, [a, b], names)).toEqual(['a', 'b']);
    // b was answered after a, and c never: the kernel's order (b, a, c) would serve c last.
    expect(await takeTogether(turns, [b, a, c], names)).toEqual(['c', 'a', 'b']);
    expect(await takeTogether(turns, [b, c], names)).toEqual(['c', 'b']);
    // A connection left out of a round goes first in the next.
    expect(await takeTogether(turns, [c, b, a], names)).toEqual(['a', 'c', 'b']);
  });

  it("lets a turn's promised work finish before the next turn begins", async () => {
    const turns = new FairTurns();
    const steps: string[] = [];
    await new Promise<void>((resolve) => {
      turns.take({}, () => {
        steps.push('first begins');
        void Promise.resolve()
          .then(() => steps.push('first goes on'))
          .then(() => steps.push('first answers'));
      });
      turns.take({}, () => {
        steps.push('second begins');
        resolve();
      });
    });
    expect(steps).toEqual(['first begins', 'first goes on', 'first answers', 'second begins']);
  });

  it('takes a request in later than the current turns when it arrives during them', async () => {
    const turns = new FairTurns();
    const [a, b] = [{}, {}];
    const steps: string[] = [];
    await new Promise<void>((resolve) => {
      turns.take(a, () => {
        steps.push('a');
        // b's next request arrives while a is answered: it waits for the turns already ordered.
        turns.take(b, () => {
          steps.push('b again');
          resolve();
        });
      });
      turns.take(b, () => steps.push('b'));
    });
    expect(steps).toEqual(['a', 'b', 'b again']);
  });
});

describe('useFairTurns', () => {
  it('answers every request, its hooks and handler run in its turn', async () => {
    const app = Fastify();
    useFairTurns(app);
    const order: string[] = [];
    app.addHook('onRequest', (request, _reply, done) => {
      order.push(`hook ${request.url}`);
      done();
    });
    app.post('/echo', async (request) => ({ got: request.body }));
    const answers = await Promise.all(
      ['1', '2', '3'].map((id) =>
        app.inject({ method: 'POST', url: `/echo?${id}`, payload: { id } }),
      ),
    );
    expect(answers.map((answer) => answer.json())).toEqual([
      { got: { id: '1' } },
      { got: { id: '2' } },
      { got: { id: '3' } },
    ]);
    expect(order).toEqual(['hook /echo?1', 'hook /echo?2', 'hook /echo?3']);
    await app.close();
  });
});
