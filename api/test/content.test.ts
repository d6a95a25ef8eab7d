import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { loadContent } from '../src/content/content-store.js';
import { CONTENT_ENDPOINT, DEV_CONTENT_API_KEY, registerContent } from '../src/content/register-content.js';

const API_KEY = 'content-test-key';
const APP_ROOT = '/sitecore/content/expat-portal/home';
const TEST_ROOT = '/sitecore/content/expat-portal-test/home';
const GUID = /^\{[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\}$/;
const CONTENT_DIR = fileURLToPath(new URL('../content/', import.meta.url));

const PAGE_FIELDS = 'id name path pageTitle pageDescription requiresAuth';
// The page tree query the portal sends: 4 levels of pages.
const PAGES_QUERY = `query pages($path: String!, $lang: String!) {
  item(path: $path, language: $lang) {
    pages { ${PAGE_FIELDS} pages { ${PAGE_FIELDS} pages { ${PAGE_FIELDS} pages { ${PAGE_FIELDS} } } } }
  }
}`;
const PAGE_QUERY =
  'query page($id: ID!, $lang: String!) { page(id: $id, language: $lang) { id title bodyHtml } }';
const FAQ_QUERY = `query faqCategories($lang: String!) {
  faqCategories(language: $lang) { id title questions { id question answerHtml } }
}`;
const EMERGENCY_QUERY = `query emergency($lang: String!) {
  emergency(language: $lang) { title introHtml phone phoneDisplay whatsapp email steps { title bodyHtml } }
}`;
const CONTACT_QUERY =
  'query contactCategories($lang: String!) { contactCategories(language: $lang) { id label } }';

interface PageResult {
  id: string;
  name: string;
  path: string;
  pageTitle: string;
  pageDescription: string;
  requiresAuth: boolean;
  pages?: PageResult[];
}

interface GraphQLBody<TData> {
  data?: TData;
  errors?: { message: string }[];
}

let app: FastifyInstance;

before(async () => {
  app = Fastify();
  await registerContent(app, { apiKey: API_KEY });
  await app.ready();
});

after(async () => {
  await app.close();
});

async function post<TData>(
  query: string,
  variables: Record<string, unknown>,
  key: string = API_KEY,
): Promise<{ status: number; body: GraphQLBody<TData> }> {
  const response = await app.inject({
    method: 'POST',
    url: `${CONTENT_ENDPOINT}?sc_apikey=${encodeURIComponent(key)}`,
    // What the portal's urql client accepts; with it, request errors are answered with 400 (GraphQL over HTTP).
    headers: { accept: 'application/graphql-response+json, application/graphql+json, application/json' },
    payload: { query, variables },
  });
  return { status: response.statusCode, body: response.json<GraphQLBody<TData>>() };
}

async function pageTree(root: string, lang: string): Promise<PageResult[]> {
  const { status, body } = await post<{ item: { pages: PageResult[] } | null }>(PAGES_QUERY, {
    path: root,
    lang,
  });
  assert.equal(status, 200);
  assert.equal(body.errors, undefined);
  if (!body.data?.item) throw new Error(`No item at ${root}`);
  return body.data.item.pages;
}

function flatten(pages: PageResult[]): PageResult[] {
  return pages.flatMap((page) => [page, ...flatten(page.pages ?? [])]);
}

function bySlug(pages: PageResult[], root: string): Record<string, PageResult> {
  return Object.fromEntries(flatten(pages).map((page) => [page.path.slice(root.length + 1), page]));
}

describe('content endpoint: API key', () => {
  it('should answer 401 INVALID_API_KEY without a key', async () => {
    const response = await app.inject({
      method: 'POST',
      url: CONTENT_ENDPOINT,
      payload: { query: '{ __typename }' },
    });
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { code: 'INVALID_API_KEY', message: 'A valid sc_apikey is required.' });
  });

  it('should answer 401 with a wrong key, on POST and on GET', async () => {
    const postResponse = await post('{ __typename }', {}, 'wrong-key');
    assert.equal(postResponse.status, 401);
    assert.deepEqual(postResponse.body, {
      code: 'INVALID_API_KEY',
      message: 'A valid sc_apikey is required.',
    });
    const getResponse = await app.inject({
      method: 'GET',
      url: `${CONTENT_ENDPOINT}?sc_apikey=${API_KEY}x&query=${encodeURIComponent('{ __typename }')}`,
    });
    assert.equal(getResponse.statusCode, 401);
  });

  it('should answer 401 when the key is given twice', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${CONTENT_ENDPOINT}?sc_apikey=${API_KEY}&sc_apikey=${API_KEY}`,
      payload: { query: '{ __typename }' },
    });
    assert.equal(response.statusCode, 401);
  });

  it('should answer a GET query with a valid key', async () => {
    const query = encodeURIComponent(CONTACT_QUERY);
    const variables = encodeURIComponent('{"lang":"en"}');
    const response = await app.inject({
      method: 'GET',
      url: `${CONTENT_ENDPOINT}?sc_apikey=${API_KEY}&query=${query}&variables=${variables}`,
    });
    assert.equal(response.statusCode, 200);
    const body = response.json<GraphQLBody<{ contactCategories: { id: string }[] }>>();
    assert.equal(body.data?.contactCategories.length, 3);
  });

  it('should export the documented development key', () => {
    assert.equal(DEV_CONTENT_API_KEY, 'portal-dev-content-key');
  });

  it('should refuse an empty key at start-up', async () => {
    const other = Fastify();
    await assert.rejects(registerContent(other, { apiKey: ' ' }), /apiKey must not be empty/);
    await other.close();
  });
});

describe('content endpoint: page tree', () => {
  const cases: [string, string][] = [
    [APP_ROOT, 'en'],
    [APP_ROOT, 'nl'],
    [TEST_ROOT, 'en'],
    [TEST_ROOT, 'nl'],
  ];
  for (const [root, lang] of cases) {
    it(`should list the pages under ${root} in ${lang} with their access rules`, async () => {
      const pages = await pageTree(root, lang);
      const slugs = bySlug(pages, root);

      const topLevel = pages.map((page) => page.path.slice(root.length + 1));
      for (const slug of [
        'home',
        'service-contact',
        'insurances',
        'profile',
        'invoices',
        'claims',
        'privacy',
      ]) {
        assert.ok(topLevel.includes(slug), `${slug} is a top-level page`);
      }
      assert.deepEqual(
        slugs['service-contact']?.pages?.map((page) => page.path),
        ['faq', 'contact', 'emergency', 'file-a-claim'].map((child) => `${root}/service-contact/${child}`),
      );
      const expected: Record<string, boolean> = {
        home: false,
        'service-contact': false,
        'service-contact/faq': false,
        'service-contact/contact': false,
        'service-contact/emergency': false,
        'service-contact/file-a-claim': false,
        insurances: true,
        profile: true,
        invoices: true,
        claims: true,
        privacy: false,
      };
      for (const [slug, requiresAuth] of Object.entries(expected)) {
        assert.equal(slugs[slug]?.requiresAuth, requiresAuth, `requiresAuth of ${slug}`);
      }
      for (const page of flatten(pages)) {
        assert.match(page.id, GUID);
        assert.ok(page.path.startsWith(`${root}/`), page.path);
        assert.ok(page.path.slice(root.length + 1).split('/').length <= 4, page.path);
        assert.ok(page.name && page.pageTitle && page.pageDescription, `copy of ${page.path}`);
      }
      assert.ok(!flatten(pages).some((page) => page.path === root), 'the root itself is not listed');
    });
  }

  it('should name the pages in the requested language and keep the ids', async () => {
    const en = bySlug(await pageTree(APP_ROOT, 'en'), APP_ROOT);
    const nl = bySlug(await pageTree(APP_ROOT, 'nl'), APP_ROOT);
    assert.equal(en['service-contact']?.name, 'Service & Contact');
    assert.equal(en.insurances?.name, 'My Insurance');
    assert.equal(nl.insurances?.name, 'Mijn verzekering');
    assert.deepEqual(
      Object.values(nl).map((page) => page.id),
      Object.values(en).map((page) => page.id),
    );
  });

  it('should give the test app its own ids and the demo test page', async () => {
    const appPages = bySlug(await pageTree(APP_ROOT, 'en'), APP_ROOT);
    const testPages = bySlug(await pageTree(TEST_ROOT, 'en'), TEST_ROOT);
    assert.equal(testPages['demo-pages/test']?.path, `${TEST_ROOT}/demo-pages/test`);
    assert.equal(testPages['demo-pages/test']?.requiresAuth, false);
    assert.equal(appPages['demo-pages/test'], undefined);
    const appIds = new Set(Object.values(appPages).map((page) => page.id));
    assert.deepEqual(
      Object.values(testPages).filter((page) => appIds.has(page.id)),
      [],
    );
  });

  it('should answer the children of a nested item, ignoring case and a trailing slash', async () => {
    const { body } = await post<{ item: { pages: { path: string }[] } }>(
      'query($path: String!) { item(path: $path, language: "en") { pages { path } } }',
      { path: `${APP_ROOT.toUpperCase()}/SERVICE-CONTACT/` },
    );
    assert.ok(body.data?.item.pages.some((page) => page.path === `${APP_ROOT}/service-contact/faq`));
  });

  it('should answer null, not an error, for an unknown path', async () => {
    const { status, body } = await post(PAGES_QUERY, { path: '/sitecore/content/unknown/home', lang: 'en' });
    assert.equal(status, 200);
    assert.deepEqual(body, { data: { item: null } });
  });

  it('should fall back to en for an unknown language', async () => {
    assert.deepEqual(await pageTree(APP_ROOT, 'fr'), await pageTree(APP_ROOT, 'en'));
    assert.deepEqual(await pageTree(APP_ROOT, 'nl-NL'), await pageTree(APP_ROOT, 'nl'));
    assert.notDeepEqual(await pageTree(APP_ROOT, 'nl'), await pageTree(APP_ROOT, 'en'));
  });
});

describe('content endpoint: pages, FAQ, emergency and contact', () => {
  it('should answer a page body by id in en and nl', async () => {
    const privacy = bySlug(await pageTree(APP_ROOT, 'en'), APP_ROOT).privacy;
    if (!privacy) throw new Error('No privacy page');
    type Page = { page: { id: string; title: string; bodyHtml: string } | null };
    const en = (await post<Page>(PAGE_QUERY, { id: privacy.id, lang: 'en' })).body.data?.page;
    const nl = (await post<Page>(PAGE_QUERY, { id: privacy.id, lang: 'nl' })).body.data?.page;
    assert.equal(en?.id, privacy.id);
    assert.equal(en?.title, 'Privacy statement');
    assert.match(en?.bodyHtml ?? '', /<p>/);
    assert.equal(nl?.title, 'Privacyverklaring');
    const bare = await post<Page>(PAGE_QUERY, { id: privacy.id.slice(1, -1).toLowerCase(), lang: 'en' });
    assert.equal(bare.body.data?.page?.id, privacy.id);
  });

  it('should answer null for an unknown page id', async () => {
    const { body } = await post(PAGE_QUERY, { id: '{00000000-0000-0000-0000-000000000000}', lang: 'en' });
    assert.deepEqual(body, { data: { page: null } });
  });

  it('should list at least 4 FAQ categories of 3 questions, with the same ids in en and nl', async () => {
    type Category = {
      id: string;
      title: string;
      questions: { id: string; question: string; answerHtml: string }[];
    };
    type Faq = { faqCategories: Category[] };
    const en = (await post<Faq>(FAQ_QUERY, { lang: 'en' })).body.data?.faqCategories ?? [];
    const nl = (await post<Faq>(FAQ_QUERY, { lang: 'nl' })).body.data?.faqCategories ?? [];
    assert.ok(en.length >= 4);
    for (const id of ['coverage-abroad', 'claims', 'payments-invoices', 'policy-changes']) {
      assert.ok(
        en.some((category) => category.id === id),
        `category ${id}`,
      );
    }
    for (const category of en) {
      assert.ok(category.questions.length >= 3, `questions of ${category.id}`);
      for (const question of category.questions) assert.match(question.answerHtml, /^<p>/);
    }
    const ids = (categories: Category[]) =>
      categories.map((category) => [category.id, category.questions.map((question) => question.id)]);
    assert.deepEqual(ids(nl), ids(en));
    assert.notEqual(nl[0]?.title, en[0]?.title);
  });

  it('should answer the emergency details with an E.164 number and steps', async () => {
    type Emergency = {
      emergency: {
        title: string;
        phone: string;
        phoneDisplay: string;
        whatsapp: string;
        email: string;
        steps: { title: string }[];
      };
    };
    const emergency = (await post<Emergency>(EMERGENCY_QUERY, { lang: 'en' })).body.data?.emergency;
    if (!emergency) throw new Error('No emergency details');
    assert.match(emergency.phone, /^\+[1-9]\d{6,14}$/);
    assert.match(emergency.whatsapp, /^\+[1-9]\d{6,14}$/);
    assert.equal(emergency.phoneDisplay.replace(/\s/g, ''), emergency.phone);
    assert.match(emergency.email, /^[^@\s]+@[^@\s]+$/);
    const titles = emergency.steps.map((step) => step.title);
    for (const title of ['Medical emergency', 'Theft or loss', 'Repatriation'])
      assert.ok(titles.includes(title), title);
    const nl = (await post<Emergency>(EMERGENCY_QUERY, { lang: 'nl' })).body.data?.emergency;
    assert.equal(nl?.title, 'Noodgeval in het buitenland');
    assert.equal(nl?.steps.length, emergency.steps.length);
  });

  it('should list the contact categories CLAIMS, FINANCIAL and COVERAGE with labels', async () => {
    type Contact = { contactCategories: { id: string; label: string }[] };
    const en = (await post<Contact>(CONTACT_QUERY, { lang: 'en' })).body.data?.contactCategories;
    const nl = (await post<Contact>(CONTACT_QUERY, { lang: 'nl' })).body.data?.contactCategories;
    assert.deepEqual(
      en?.map((category) => category.id),
      ['CLAIMS', 'FINANCIAL', 'COVERAGE'],
    );
    assert.deepEqual(
      nl?.map((category) => category.id),
      ['CLAIMS', 'FINANCIAL', 'COVERAGE'],
    );
    assert.equal(en?.[0]?.label, 'Claims and reimbursements');
    assert.equal(nl?.[0]?.label, 'Declaraties en vergoedingen');
  });
});

describe('content endpoint: bad requests', () => {
  it('should answer a malformed query with a GraphQL syntax error', async () => {
    const { status, body } = await post('query { item(path: ', {});
    assert.equal(status, 400);
    assert.equal(body.data, undefined);
    assert.match(body.errors?.[0]?.message ?? '', /^Syntax Error/);
  });

  it('should answer an unknown field with a validation error', async () => {
    const { status, body } = await post('{ emergency { fax } }', {});
    assert.equal(status, 400);
    assert.match(body.errors?.[0]?.message ?? '', /Cannot query field "fax"/);
  });

  it('should answer a request error with 200 to a client that accepts only application/json', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${CONTENT_ENDPOINT}?sc_apikey=${API_KEY}`,
      headers: { accept: 'application/json' },
      payload: { query: '{ item(path: ' },
    });
    assert.equal(response.statusCode, 200);
    assert.match(response.json<GraphQLBody<unknown>>().errors?.[0]?.message ?? '', /^Syntax Error/);
  });

  it('should answer a missing variable with an error', async () => {
    const { body } = await post(PAGES_QUERY, { lang: 'en' });
    assert.match(body.errors?.[0]?.message ?? '', /\$path/);
  });

  it('should answer a body that is not JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${CONTENT_ENDPOINT}?sc_apikey=${API_KEY}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"query": ',
    });
    assert.equal(response.statusCode, 400);
  });

  it('should reject a query nested deeper than 8 levels', async () => {
    const nestedQuery = (levels: number) =>
      `{ item(path: "${APP_ROOT}") { pages { id ${'pages { id '.repeat(levels)}${'} '.repeat(levels)}} } }`;
    const deepest = await post(nestedQuery(5), {});
    assert.equal(deepest.status, 200);
    assert.equal(deepest.body.errors, undefined);
    const { status, body } = await post(nestedQuery(6), {});
    assert.equal(status, 400);
    assert.equal(body.data, undefined);
    assert.equal(body.errors?.[0]?.message, 'Query depth limit of 8 exceeded, found 9.');
  });

  it('should not serve GraphiQL outside development', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `${CONTENT_ENDPOINT}?sc_apikey=${API_KEY}`,
      headers: { accept: 'text/html' },
    });
    assert.doesNotMatch(String(response.headers['content-type']), /text\/html/);
    assert.doesNotMatch(response.body, /graphiql/i);
  });
});

describe('content files', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'content-'));
    cpSync(CONTENT_DIR, dir, { recursive: true });
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function edit(file: string, change: (source: string) => string): void {
    const target = path.join(dir, file);
    const before = readFileSync(target, 'utf8');
    const changed = change(before);
    assert.notEqual(changed, before, `the edit of ${file} changes it`);
    writeFileSync(target, changed);
  }

  it('should load the content shipped with the project', () => {
    assert.equal(loadContent(dir).contactCategories('en').length, 3);
  });

  it('should name the file and field of an invalid value', () => {
    edit('nl/emergency.yaml', (source) => source.replace("phone: '+31200000000'", "phone: '020 000 0000'"));
    assert.throws(() => loadContent(dir), /nl\/emergency\.yaml is invalid:[\s\S]*phone[\s\S]*E\.164/);
  });

  it('should name the file when a translation misses a page', () => {
    edit('nl/pages.yaml', (source) => source.replace(/^privacy:/m, 'privacy-old:'));
    assert.throws(() => loadContent(dir), /nl\/pages\.yaml has no copy for: privacy/);
  });

  it('should name the file when a translation misses an FAQ question', () => {
    edit('nl/faq.yaml', (source) => source.replace('id: late-payment', 'id: paying-late'));
    assert.throws(() => loadContent(dir), /nl\/faq\.yaml: questions of payments-invoices differ from en/);
  });

  it('should reject a page id used twice', () => {
    edit('page-tree.yaml', (source) =>
      source.replace('{547F308A-7B6A-4D27-9400-6C9FCF40D698}', '{48124D5A-0DBD-47A0-AE8F-9E7ED32741A2}'),
    );
    assert.throws(() => loadContent(dir), /page-tree\.yaml: ids used more than once: \{48124D5A/);
  });

  it('should name the file when it is not valid YAML', () => {
    edit('en/contact-categories.yaml', (source) => `${source}\n  - { id: [\n`);
    assert.throws(() => loadContent(dir), /en\/contact-categories\.yaml is not valid YAML/);
  });
});
