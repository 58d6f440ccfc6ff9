/**
 * The behaviour every PartnerStore adapter must show. An adapter's test file calls
 * describeStoreContract('name', openEmptyStore) with a function that opens a fresh,
 * empty store on a real database.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SearchCriteria } from '@partners-network/contract';
import { SearchService } from '../../service/SearchService';
import { DirectoryImportError } from '../DirectoryImportError';
import type { PartnerStore } from '../PartnerStore';
import {
  BANKING,
  BESANCON,
  FILLER_COUNT,
  GOLD,
  MAIN,
  OTHER,
  RETAIL,
  SAO_PAULO,
  SILVER,
  ZURICH,
  intoMain,
  storeFixture,
  techPartner,
} from './storeFixture';

const TECH_COUNT = 3 + FILLER_COUNT;

function criteria(overrides: Partial<SearchCriteria> = {}): SearchCriteria {
  return {
    globalFilter: 'tech',
    text: '',
    filterItemIds: [],
    offset: 0,
    resultsPerPage: 100,
    ...overrides,
  };
}

export function describeStoreContract(
  name: string,
  openEmptyStore: () => Promise<PartnerStore>,
): void {
  describe(`PartnerStore contract: ${name}`, () => {
    let store: PartnerStore;

    async function titles(overrides: Partial<SearchCriteria> = {}, locale = 'en-US') {
      const result = await store.search(MAIN, criteria(overrides), locale);
      return result?.partners.map((partner) => partner.title);
    }

    beforeEach(async () => {
      store = await openEmptyStore();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('empty store', () => {
      it('is empty and knows no scope', async () => {
        expect(await store.isEmpty()).toBe(true);
        expect(await store.hasScope(MAIN)).toBe(false);
        expect(await store.getFilterDefinitions(MAIN, 'en-US')).toBeNull();
        expect(await store.search(MAIN, criteria(), 'en-US')).toBeNull();
      });
    });

    describe('with the fixture directory', () => {
      beforeEach(async () => {
        await store.importDirectory(storeFixture());
      });

      it('is no longer empty and knows exactly the imported scopes', async () => {
        expect(await store.isEmpty()).toBe(false);
        expect(await store.hasScope(MAIN)).toBe(true);
        expect(await store.hasScope(OTHER)).toBe(true);
        expect(await store.hasScope({ companyId: 'acme', scopeGroupId: 'nope' })).toBe(false);
        expect(await store.hasScope({ companyId: 'main', scopeGroupId: 'acme' })).toBe(false);
      });

      describe('filter definitions', () => {
        it('lists global filters, the named default and the default filter groups', async () => {
          expect(await store.getFilterDefinitions(MAIN, 'en-US')).toEqual({
            globalFilters: [
              { name: 'tech', label: 'Technology Partners' },
              { name: 'solutions', label: 'Solution Partners' },
            ],
            defaultGlobalFilter: 'solutions',
            filterGroups: [
              {
                name: 'Partner level',
                filterItems: [
                  { id: GOLD, name: 'Gold' },
                  { id: SILVER, name: 'Silver' },
                ],
              },
              {
                name: 'Region',
                filterItems: [
                  { id: ZURICH, name: 'Zürich' },
                  { id: SAO_PAULO, name: 'São Paulo' },
                  { id: BESANCON, name: 'Besançon' },
                ],
              },
            ],
          });
        });

        it('answers in the locale, falling back to en-US per text', async () => {
          const french = await store.getFilterDefinitions(MAIN, 'fr-FR');
          expect(french?.globalFilters).toEqual([
            { name: 'tech', label: 'Partenaires technologiques' },
            { name: 'solutions', label: 'Solution Partners' },
          ]);
          expect(french?.filterGroups.map((group) => group.name)).toEqual(['Niveau', 'Région']);
          expect(french?.filterGroups[1]?.filterItems.map((item) => item.name)).toEqual([
            'Zurich',
            'São Paulo',
            'Besançon',
          ]);
        });

        it('accepts the portal form fr_FR and any case', async () => {
          const underscore = await store.getFilterDefinitions(MAIN, 'fr_FR');
          const lower = await store.getFilterDefinitions(MAIN, 'fr-fr');
          expect(underscore?.filterGroups[0]?.name).toBe('Niveau');
          expect(lower?.filterGroups[0]?.name).toBe('Niveau');
        });

        it('falls back to en-US for an unknown or empty locale', async () => {
          const english = await store.getFilterDefinitions(MAIN, 'en-US');
          expect(await store.getFilterDefinitions(MAIN, 'xx-YY')).toEqual(english);
          expect(await store.getFilterDefinitions(MAIN, '')).toEqual(english);
        });

        it('never mixes sites', async () => {
          const other = await store.getFilterDefinitions(OTHER, 'en-US');
          expect(other).toEqual({
            globalFilters: [{ name: 'tech', label: 'Other Tech' }],
            defaultGlobalFilter: 'tech',
            filterGroups: [],
          });
        });
      });

      describe('search without text', () => {
        it('lists every partner of the global filter in editorial order', async () => {
          const result = await store.search(MAIN, criteria({ resultsPerPage: 5 }), 'en-US');
          expect(result?.totalFound).toBe(TECH_COUNT);
          expect(result?.partners.map((partner) => partner.title)).toEqual([
            'Müller Cloud GmbH',
            'São Paulo Digital',
            'Société Générale Conseil',
            'Filler Partner 1',
            'Filler Partner 2',
          ]);
        });

        it('answers cards with url, image, summary and level badges in the locale', async () => {
          const result = await store.search(MAIN, criteria({ resultsPerPage: 1 }), 'fr-FR');
          expect(result?.partners).toEqual([
            {
              title: 'Müller Cloud GmbH',
              summary: 'Data platforms',
              url: '/partners/muller-cloud',
              image: { url: '/logos/muller.svg' },
              categories: [{ name: 'Argent' }],
            },
          ]);
        });

        it('falls back to en-US per field', async () => {
          const german = await store.search(MAIN, criteria({ resultsPerPage: 3 }), 'de-DE');
          expect(german?.partners.map(({ title, summary }) => ({ title, summary }))).toEqual([
            { title: 'Müller Wolke GmbH', summary: 'Datenplattformen' },
            { title: 'São Paulo Digital', summary: 'Commerce in Latin America' },
            { title: 'Société Générale Conseil', summary: 'Cloud consulting for banks' },
          ]);
          const unknown = await store.search(MAIN, criteria({ resultsPerPage: 1 }), 'pt-BR');
          expect(unknown?.partners[0]?.title).toBe('Müller Cloud GmbH');
        });

        it('treats text without any letter or digit as no text', async () => {
          expect(await titles({ text: "- _ '" })).toHaveLength(TECH_COUNT);
        });

        it('answers the filter groups of the chosen global filter in the locale', async () => {
          const result = await store.search(MAIN, criteria(), 'fr-FR');
          expect(result?.filterGroups.map((group) => group.name)).toEqual([
            'Région',
            'Niveau',
            'Secteur',
          ]);
        });
      });

      describe('search text', () => {
        it('ignores case and diacritics', async () => {
          expect(await titles({ text: 'societe' })).toEqual(['Société Générale Conseil']);
          expect(await titles({ text: 'SOCIÉTÉ' })).toEqual(['Société Générale Conseil']);
          expect(await titles({ text: 'muller' })).toEqual(['Müller Cloud GmbH']);
          expect(await titles({ text: 'Sao Paulo Digital' })).toEqual(['São Paulo Digital']);
        });

        it('takes the last term as a prefix', async () => {
          expect(await titles({ text: 'clou' })).toEqual(
            expect.arrayContaining(['Müller Cloud GmbH', 'Société Générale Conseil']),
          );
          expect(await titles({ text: 'clou' })).toHaveLength(2);
          expect(await titles({ text: 'generale cons' })).toEqual(['Société Générale Conseil']);
          // Only the last term is a prefix.
          expect(await titles({ text: 'gener conseil' })).toEqual([]);
        });

        it('requires every term to match', async () => {
          expect(await titles({ text: 'cloud banks' })).toEqual(['Société Générale Conseil']);
          expect(await titles({ text: 'cloud latin' })).toEqual([]);
        });

        it('matches summaries and category names in the locale', async () => {
          expect(await titles({ text: 'latin america' })).toEqual(['São Paulo Digital']);
          expect(await titles({ text: 'banking' })).toEqual(['Société Générale Conseil']);
          expect(await titles({ text: 'argent' }, 'fr-FR')).toEqual(['Müller Cloud GmbH']);
          expect(await titles({ text: 'argent' }, 'en-US')).toEqual([]);
          expect(await titles({ text: 'wolke' }, 'de-DE')).toEqual(['Müller Wolke GmbH']);
        });

        it('ranks the better match first', async () => {
          // "cloud" is in Müller's title but only in Société's summary.
          expect((await titles({ text: 'cloud' }))?.[0]).toBe('Müller Cloud GmbH');
        });

        it('never lets text act as query syntax', async () => {
          // Operators, quotes and field names are plain words (or nothing) to match.
          const everyTech = await titles();
          expect(everyTech).toHaveLength(TECH_COUNT);
          for (const [text, expected] of [
            ['cloud" OR "data', []],
            ['NEAR(cloud data)', []],
            ['cloud*', ['Müller Cloud GmbH', 'Société Générale Conseil']],
            ['title:cloud', []],
            ['AND', []],
            ['"', everyTech],
          ] as const) {
            expect(await titles({ text })).toEqual(expected);
          }
          expect(await titles({ text: 'cloud OR banks' })).toEqual([]);
          expect(await titles({ text: 'title:muller' })).toEqual([]);
        });

        it('keeps to the global filter', async () => {
          expect(await titles({ text: 'horlogerie' })).toEqual([]);
          expect(await titles({ text: 'horlogerie', globalFilter: 'solutions' })).toEqual([
            'Besançon Horlogerie Numérique',
          ]);
        });
      });

      describe('filter items', () => {
        it('ORs items of one group', async () => {
          const result = await store.search(
            MAIN,
            criteria({ filterItemIds: [SAO_PAULO, BESANCON] }),
            'en-US',
          );
          // São Paulo: Müller and São Paulo Digital; Besançon: odd fillers (12 of 23).
          expect(result?.totalFound).toBe(2 + 12);
        });

        it('ANDs across groups', async () => {
          expect(await titles({ filterItemIds: [SAO_PAULO, RETAIL] })).toEqual([
            'Müller Cloud GmbH',
            'São Paulo Digital',
          ]);
          expect(await titles({ filterItemIds: [SAO_PAULO, RETAIL, GOLD] })).toEqual([
            'São Paulo Digital',
          ]);
          expect(await titles({ filterItemIds: [ZURICH, SAO_PAULO, GOLD, BANKING] })).toEqual([
            'Société Générale Conseil',
          ]);
        });

        it('combines with text', async () => {
          expect(await titles({ text: 'clou', filterItemIds: [GOLD] })).toEqual([
            'Société Générale Conseil',
          ]);
        });

        it('ignores and does not echo ids outside the global filter groups', async () => {
          const result = await store.search(
            MAIN,
            criteria({
              globalFilter: 'solutions',
              filterItemIds: [BANKING, 99999, GOLD, GOLD],
            }),
            'en-US',
          );
          // BANKING is not a group of "solutions": only GOLD applies.
          expect(result?.appliedCriteria.filterItemIds).toEqual([GOLD]);
          expect(result?.partners.map((partner) => partner.title)).toEqual([
            'São Paulo Digital',
            'Société Générale Conseil',
          ]);
        });
      });

      describe('typos, counts, highlights and ways out', () => {
        it('forgives one typo from 4 letters, two from 8, the last word a prefix', async () => {
          // Replace, delete, swap, insert; "clud" is a prefix of "cloud" with one typo.
          expect(await titles({ text: 'sosiete' })).toEqual(['Société Générale Conseil']);
          expect(await titles({ text: 'muler' })).toEqual(['Müller Cloud GmbH']);
          expect(await titles({ text: 'consiel' })).toEqual(['Société Générale Conseil']);
          expect(await titles({ text: 'clud' })).toEqual([
            'Müller Cloud GmbH',
            'Société Générale Conseil',
          ]);
          expect(await titles({ text: 'cloux' })).toEqual(await titles({ text: 'clud' }));
          // Three letters get no typo: "clo" is a prefix only, "cld" finds nothing.
          expect(await titles({ text: 'cld' })).toEqual([]);
          // Two typos only from 8 letters: "platfrms" (8) yes, "pltfrm" (6) no.
          expect(await titles({ text: 'platfroms' })).toEqual(['Müller Cloud GmbH']);
          expect(await titles({ text: 'pltfrm' })).toEqual([]);
        });

        it('ranks exact before typo matches and an exact title first', async () => {
          // "digital" exactly in São Paulo Digital's title; "digitel" is a typo of it.
          expect((await titles({ text: 'sao paulo digital' }))?.[0]).toBe('São Paulo Digital');
          const answer = await store.search(MAIN, criteria({ text: 'commerce' }), 'en-US');
          expect(answer?.partners.map((partner) => partner.title)).toEqual(['São Paulo Digital']);
        });

        it('counts each item as if it were the only one ticked in its group', async () => {
          const counts = async (filterItemIds: number[], text = '') => {
            const answer = await store.search(MAIN, criteria({ filterItemIds, text }), 'en-US');
            return new Map(
              answer?.filterGroups.flatMap((group) =>
                group.filterItems.map((item) => [item.id, item.count]),
              ),
            );
          };
          const all = await counts([]);
          expect(all.get(ZURICH)).toBe(12);
          expect(all.get(SAO_PAULO)).toBe(2);
          expect(all.get(BESANCON)).toBe(12);
          expect(all.get(GOLD)).toBe(2);
          expect(all.get(SILVER)).toBe(1);
          // Zurich ticked: its own group keeps its counts, the others narrow.
          const zurich = await counts([ZURICH]);
          expect(zurich.get(SAO_PAULO)).toBe(2);
          expect(zurich.get(GOLD)).toBe(1);
          expect(zurich.get(SILVER)).toBe(0);
          expect(zurich.get(RETAIL)).toBe(0);
          // With text: only partners that match it count.
          const cloud = await counts([], 'cloud');
          expect(cloud.get(ZURICH)).toBe(1);
          expect(cloud.get(SAO_PAULO)).toBe(1);
          expect(cloud.get(BESANCON)).toBe(0);
        });

        it('counts the partners matching the text in each global filter', async () => {
          const answer = await store.search(MAIN, criteria({ text: 'cloud' }), 'en-US');
          expect(answer?.globalFilterCounts).toEqual([
            { name: 'tech', count: 2 },
            { name: 'solutions', count: 1 },
          ]);
          const noText = await store.search(MAIN, criteria(), 'en-US');
          expect(noText?.globalFilterCounts).toEqual([
            { name: 'tech', count: TECH_COUNT },
            { name: 'solutions', count: 3 },
          ]);
        });

        it('highlights exact, prefix and typo matches as UTF-16 ranges of the text', async () => {
          const answer = await store.search(MAIN, criteria({ text: 'clou' }), 'en-US');
          const muller = answer?.partners.find((partner) => partner.title.startsWith('Müller'));
          expect(muller?.highlights).toEqual({ title: [[7, 11]], summary: [] });
          const typo = await store.search(MAIN, criteria({ text: 'sosiete banks' }), 'en-US');
          expect(typo?.partners[0]?.highlights).toEqual({
            title: [[0, 7]],
            summary: [[21, 26]],
          });
        });

        it('says how many partners each single step back finds when nothing is found', async () => {
          const answer = await store.search(
            MAIN,
            criteria({ text: 'cloud', filterItemIds: [SILVER, BANKING] }),
            'en-US',
          );
          expect(answer?.totalFound).toBe(0);
          expect(answer?.zeroResultSteps).toEqual([
            {
              remove: { filterItemId: SILVER },
              text: 'cloud',
              filterItemIds: [BANKING],
              totalFound: 1,
            },
            {
              remove: { filterItemId: BANKING },
              text: 'cloud',
              filterItemIds: [SILVER],
              totalFound: 1,
            },
            {
              remove: { text: 'cloud' },
              text: '',
              filterItemIds: [SILVER, BANKING],
              totalFound: 0,
            },
          ]);
          const words = await store.search(MAIN, criteria({ text: 'cloud xyzzy' }), 'en-US');
          expect(words?.zeroResultSteps).toEqual([
            {
              remove: { text: 'cloud xyzzy' },
              text: '',
              filterItemIds: [],
              totalFound: TECH_COUNT,
            },
            { remove: { word: 'cloud' }, text: 'xyzzy', filterItemIds: [], totalFound: 0 },
            { remove: { word: 'xyzzy' }, text: 'cloud', filterItemIds: [], totalFound: 2 },
          ]);
          const found = await store.search(MAIN, criteria({ text: 'cloud' }), 'en-US');
          expect(found?.zeroResultSteps).toBeUndefined();
        });
      });

      describe('global filter choice', () => {
        it('echoes the criteria as applied', async () => {
          const result = await store.search(
            MAIN,
            criteria({ text: 'clou', filterItemIds: [GOLD], offset: 0, resultsPerPage: 7 }),
            'en-US',
          );
          expect(result?.appliedCriteria).toEqual({
            globalFilter: 'tech',
            text: 'clou',
            filterItemIds: [GOLD],
            offset: 0,
            resultsPerPage: 7,
          });
        });

        it('uses the default global filter for an unknown name and says so', async () => {
          const result = await store.search(MAIN, criteria({ globalFilter: 'nope' }), 'en-US');
          expect(result?.appliedCriteria.globalFilter).toBe('solutions');
          expect(result?.totalFound).toBe(3);
          expect(result?.filterGroups.map((group) => group.name)).toEqual([
            'Partner level',
            'Region',
          ]);
        });

        it('matches a global filter name regardless of case', async () => {
          const result = await store.search(MAIN, criteria({ globalFilter: 'TECH' }), 'en-US');
          expect(result?.appliedCriteria.globalFilter).toBe('tech');
        });
      });

      describe('paging', () => {
        async function allPages(overrides: Partial<SearchCriteria>, pageSize: number) {
          const seen: string[] = [];
          for (let offset = 0; offset < 200; offset += pageSize) {
            const result = await store.search(
              MAIN,
              criteria({ ...overrides, offset, resultsPerPage: pageSize }),
              'en-US',
            );
            if (!result || result.partners.length === 0) break;
            seen.push(...result.partners.map((partner) => partner.url));
          }
          return seen;
        }

        it.each([
          ['without text', {}, TECH_COUNT],
          ['with text of equal rank', { text: 'filler' }, FILLER_COUNT],
          // The fillers of even number are in Zürich.
          ['with text and filters', { text: 'generic', filterItemIds: [ZURICH] }, 11],
        ])('never repeats or skips a partner across pages %s', async (_, overrides, count) => {
          const everything = await store.search(MAIN, criteria(overrides), 'en-US');
          const expected = everything?.partners.map((partner) => partner.url) ?? [];
          expect(expected).toHaveLength(count);
          for (const pageSize of [1, 4, 10]) {
            const paged = await allPages(overrides, pageSize);
            expect(paged).toEqual(expected);
            expect(new Set(paged).size).toBe(paged.length);
          }
        });

        it('keeps totalFound on a page past the end', async () => {
          for (const text of ['', 'filler']) {
            const result = await store.search(
              MAIN,
              criteria({ text, offset: 500, resultsPerPage: 10 }),
              'en-US',
            );
            expect(result?.partners).toEqual([]);
            expect(result?.totalFound).toBe(text === '' ? TECH_COUNT : FILLER_COUNT);
          }
        });
      });

      describe('tenancy', () => {
        it('never answers partners of another site', async () => {
          expect(await titles({ text: 'secret' })).toEqual([]);
          const other = await store.search(OTHER, criteria({ text: 'cloud' }), 'en-US');
          expect(other?.partners.map((partner) => partner.title)).toEqual(['Secret Cloud Partner']);
          expect(other?.totalFound).toBe(1);
        });

        it('answers null for an unknown company or site', async () => {
          expect(
            await store.search({ companyId: 'other', scopeGroupId: 'main' }, criteria(), 'en-US'),
          ).toBeNull();
          expect(
            await store.getFilterDefinitions({ companyId: 'acme', scopeGroupId: 'x' }, 'en-US'),
          ).toBeNull();
        });
      });

      describe('contact channels (issue 26)', () => {
        const contactOf = async (text: string) =>
          (await store.search(MAIN, criteria({ text }), 'en-US'))?.partners.map((partner) => [
            partner.title,
            partner.contact,
          ]);

        it('keeps each channel and says only whether a partner can be contacted', async () => {
          await store.importDirectory(
            intoMain(
              {
                ...techPartner('mail-one', 'Contactable Mailbox'),
                contact: { emails: ['sales@mail-one.example', 'ops@mail-one.example'] },
              },
              {
                ...techPartner('hook-one', 'Contactable Hook'),
                contact: { webhook: 'https://hooks.example/in' },
              },
              techPartner('mute-one', 'Contactable Never'),
            ),
          );
          expect(await contactOf('contactable')).toEqual([
            ['Contactable Mailbox', { slug: 'mail-one' }],
            ['Contactable Hook', { slug: 'hook-one' }],
            ['Contactable Never', undefined],
          ]);
          const answer = JSON.stringify(await store.search(MAIN, criteria(), 'en-US'));
          expect(answer).not.toContain('mail-one.example');
          expect(answer).not.toContain('hooks.example');
          if (store instanceof SearchService) {
            expect((await store.getPartner(MAIN, 'mail-one'))?.contact).toEqual({
              emails: ['sales@mail-one.example', 'ops@mail-one.example'],
            });
            expect((await store.getPartner(MAIN, 'hook-one'))?.contact).toEqual({
              webhook: 'https://hooks.example/in',
            });
            expect((await store.getPartner(MAIN, 'mute-one'))?.contact).toBeUndefined();
          }
        });

        it('drops the action when a channel is removed, and refuses a bad channel', async () => {
          const partner = {
            ...techPartner('mail-two', 'Reachable Once'),
            contact: { emails: ['a@b.example'] },
          };
          await store.importDirectory(intoMain(partner));
          expect(await contactOf('reachable')).toEqual([['Reachable Once', { slug: 'mail-two' }]]);
          await store.importDirectory(intoMain(techPartner('mail-two', 'Reachable Once')));
          expect(await contactOf('reachable')).toEqual([['Reachable Once', undefined]]);
          for (const contact of [
            { emails: ['sales@example.com\r\nBcc: all@example.com'] },
            { emails: [] },
            { webhook: 'http://hooks.example/in' },
            { emails: ['a@b.example'], webhook: 'https://hooks.example/in' },
          ]) {
            await expect(
              store.importDirectory(
                intoMain({ ...techPartner('mail-two', 'Reachable Once'), contact }),
              ),
            ).rejects.toBeInstanceOf(DirectoryImportError);
          }
          expect(await contactOf('reachable')).toEqual([['Reachable Once', undefined]]);
        });
      });

      describe('import', () => {
        it('updates a partner by slug and keeps others', async () => {
          const summary = await store.importDirectory({
            sites: [
              {
                ...MAIN,
                partners: [
                  {
                    slug: 'muller-cloud',
                    title: { 'en-US': 'Müller Edge GmbH' },
                    url: '/partners/muller-cloud',
                    imageUrl: '/logos/muller.svg',
                    globalFilters: ['tech'],
                    filterItemIds: [SILVER],
                  },
                ],
              },
            ],
          });
          expect(summary).toMatchObject({ partnersCreated: 0, partnersUpdated: 1 });
          expect(await titles({ text: 'edge' })).toEqual(['Müller Edge GmbH']);
          expect(await titles({ text: 'wolke' }, 'de-DE')).toEqual([]);
          expect((await store.search(MAIN, criteria(), 'en-US'))?.totalFound).toBe(TECH_COUNT);
          // The position was kept: still first.
          expect((await titles())?.[0]).toBe('Müller Edge GmbH');
        });

        it('adds a new partner after the others when no position is given', async () => {
          await store.importDirectory({
            sites: [
              {
                ...MAIN,
                partners: [
                  {
                    slug: 'zeta',
                    title: { 'en-US': 'Zeta Newcomer' },
                    url: '/partners/zeta',
                    imageUrl: '/logos/zeta.svg',
                    globalFilters: ['tech'],
                  },
                ],
              },
            ],
          });
          const all = await titles();
          expect(all).toHaveLength(TECH_COUNT + 1);
          expect(all?.at(-1)).toBe('Zeta Newcomer');
          expect(await titles({ text: 'newcomer' })).toEqual(['Zeta Newcomer']);
        });

        it('keeps the editorial order for equal ranks and filters after positions change', async () => {
          const filler = (index: number, position: number) => ({
            slug: `filler-partner-${index}`,
            title: { 'en-US': `Filler Partner ${index}` },
            summary: { 'en-US': 'Generic services' },
            url: `/partners/filler-partner-${index}`,
            imageUrl: `/logos/filler-partner-${index}.svg`,
            position,
            globalFilters: ['tech'],
            filterItemIds: [index % 2 === 0 ? ZURICH : BESANCON],
          });
          // Filler 1 moves to the end; a new filler goes first of all.
          await store.importDirectory({
            sites: [{ ...MAIN, partners: [filler(1, 5000), filler(99, 1)] }],
          });
          const expected = [
            'Filler Partner 99',
            ...Array.from(
              { length: FILLER_COUNT - 1 },
              (_, index) => `Filler Partner ${index + 2}`,
            ),
            'Filler Partner 1',
          ];
          // Equal rank: all fillers share the same words and length.
          expect(await titles({ text: 'filler' })).toEqual(expected);
          expect(await titles({ text: 'generic services' })).toEqual(expected);
          const besancon = expected.filter((title) => Number(title.split(' ')[2]) % 2 === 1);
          expect(await titles({ filterItemIds: [BESANCON] })).toEqual(besancon);
          expect((await titles())?.slice(0, 2)).toEqual(['Filler Partner 99', 'Müller Cloud GmbH']);
        });

        it('changes nothing when any partner is wrong, and says which', async () => {
          const before = await store.search(MAIN, criteria(), 'en-US');
          const attempt = store.importDirectory({
            sites: [
              {
                ...MAIN,
                partners: [
                  {
                    slug: 'good-one',
                    title: { 'en-US': 'Good One' },
                    url: '/partners/good-one',
                    imageUrl: '/logos/good.svg',
                    globalFilters: ['tech'],
                  },
                  {
                    slug: 'muller-cloud',
                    title: { 'en-US': 'Renamed' },
                    url: '/partners/muller-cloud',
                    imageUrl: '/logos/muller.svg',
                    globalFilters: ['tech', 'no-such-filter'],
                    filterItemIds: [424242],
                  },
                ],
              },
            ],
          });
          await expect(attempt).rejects.toBeInstanceOf(DirectoryImportError);
          const error: unknown = await attempt.catch((caught: unknown) => caught);
          expect(error instanceof DirectoryImportError && error.issues).toEqual([
            {
              path: ['sites', 0, 'partners', 1, 'globalFilters'],
              message: 'unknown global filter "no-such-filter"',
            },
            {
              path: ['sites', 0, 'partners', 1, 'filterItemIds'],
              message: 'unknown filter item id 424242',
            },
          ]);
          expect(await store.search(MAIN, criteria(), 'en-US')).toEqual(before);
          // Not "good": with one typo allowed it finds the Gold partners.
          expect(await titles({ text: 'good one' })).toEqual([]);
        });

        it('refuses unsafe links and missing en-US titles before writing', async () => {
          const attempt = store.importDirectory({
            sites: [
              {
                ...MAIN,
                partners: [
                  {
                    slug: 'evil',
                    title: { 'fr-FR': 'Méchant' },
                    url: 'javascript:alert(1)',
                    imageUrl: '//elsewhere.test/x.svg',
                    globalFilters: ['tech'],
                  },
                ],
              },
            ],
          });
          const error: unknown = await attempt.catch((caught: unknown) => caught);
          expect(error).toBeInstanceOf(DirectoryImportError);
          const paths =
            error instanceof DirectoryImportError
              ? error.issues.map((issue) => issue.path.join('.'))
              : [];
          expect(paths).toEqual(
            expect.arrayContaining([
              'sites.0.partners.0.title',
              'sites.0.partners.0.url',
              'sites.0.partners.0.imageUrl',
            ]),
          );
          expect(await titles({ text: 'mechant' }, 'fr-FR')).toEqual([]);
        });

        it('refuses the NUL character in any text, in every database alike', async () => {
          const attempt = store.importDirectory({
            sites: [
              {
                ...MAIN,
                partners: [
                  {
                    slug: 'nul-partner',
                    title: { 'en-US': 'Nul\u0000Partner' },
                    url: '/partners/nul\u0000',
                    imageUrl: '/logos/nul.svg',
                    globalFilters: ['tech'],
                  },
                ],
              },
            ],
          });
          const error: unknown = await attempt.catch((caught: unknown) => caught);
          expect(error instanceof DirectoryImportError && error.issues).toEqual([
            {
              path: ['sites', 0, 'partners', 0, 'title', 'en-US'],
              message: 'text must not contain NUL (\\u0000)',
            },
            {
              path: ['sites', 0, 'partners', 0, 'url'],
              message: 'url must be a path starting with / or an http(s) address',
            },
          ]);
          expect(await titles({ text: 'nul' })).toEqual([]);
        });

        it('renaming a filter item renames badges and what text finds', async () => {
          await store.importDirectory({
            sites: [
              {
                ...MAIN,
                filterGroups: [
                  {
                    key: 'level',
                    name: { 'en-US': 'Partner level' },
                    showAsCategory: true,
                    filterItems: [
                      { id: GOLD, name: { 'en-US': 'Premier' } },
                      { id: SILVER, name: { 'en-US': 'Silver' } },
                    ],
                  },
                ],
              },
            ],
          });
          expect((await titles({ text: 'premier' }))?.sort()).toEqual([
            'Société Générale Conseil',
            'São Paulo Digital',
          ]);
          expect(await titles({ text: 'gold' })).toEqual([]);
          const result = await store.search(MAIN, criteria({ text: 'sao' }), 'en-US');
          expect(result?.partners[0]?.categories).toEqual([{ name: 'Premier' }]);
        });
      });
    });
  });
}
