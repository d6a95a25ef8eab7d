/** @jest-environment node */
import { createFrameRenderer } from './frame-renderer';
import type { ExposedPages, RemoteRoutes } from '@portal/shared';
import { useApiResource } from '@portal/shared';
import { useAuthStore } from '@portal/shared';
import { contentClient } from '@portal/shared/content';
import { gql, Provider, useQuery } from '@portal/shared/urql';
import type { TypedDocumentNode } from '@portal/shared/urql';
import { i18n } from '@portal/shared';
import { contentLanguage } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import { SanitizedHtml } from '@portal/ui';
import { NOBODY, renderPage } from './render-page';

// A page as a remote writes one: its first read may have come with the page.
function PoliciesPage() {
  const profileId = useAuthStore((state) => state.profileId) ?? '';
  const path = `api/en/profiles/${profileId}/policies`;
  const resource = useApiResource(() => Promise.resolve([] as string[]), [profileId], {
    path,
    read: (body) => {
      if (!Array.isArray(body)) throw new Error('not a list');
      return body.map(String);
    },
  });
  if (resource.state.status !== 'success') return <p>Loading your policies…</p>;
  return (
    <ul>
      {resource.state.data.map((number) => (
        <li key={number}>
          {number} <button type="button">Show details</button>
        </li>
      ))}
    </ul>
  );
}

const pages = { policies: PoliciesPage } as unknown as ExposedPages;
const routes = {
  namespace: 'test',
  routes: [
    {
      name: 'policies',
      path: '/policies',
      titleKey: 'title',
      requiresAuth: true,
      page: 'policies',
      preloadApi: ['api/en/profiles/{profileId}/policies'],
    },
    { name: 'plain', path: '/plain', titleKey: 'title', requiresAuth: false, page: 'policies' },
  ],
} as unknown as RemoteRoutes;

describe('createFrameRenderer', () => {
  const renderer = createFrameRenderer({ pages, routes });

  it('renders only the routes that declare their first api reads', () => {
    expect([...renderer.routes.keys()]).toEqual(['policies']);
  });

  it('renders the student’s page with her answers, its buttons waiting for the app', async () => {
    const html = await renderer.render({
      route: 'policies',
      locale: 'en-GB',
      profileId: 'P-1',
      answers: { 'api/en/profiles/P-1/policies': ['TR-2026-1', 'ST-2026-2'] },
    });
    expect(html).toContain('TR-2026-1');
    expect(html).toContain('ST-2026-2');
    expect(html).toContain('<button type="button" inert="">Show details</button>');
  });

  it('keeps students apart when their renders overlap', async () => {
    const [anna, bob] = await Promise.all(
      ['P-1', 'P-2'].map((profileId) =>
        renderer.render({
          route: 'policies',
          locale: 'nl',
          profileId,
          answers: { [`api/en/profiles/${profileId}/policies`]: [`number of ${profileId}`] },
        }),
      ),
    );
    expect(anna).toContain('number of P-1');
    expect(anna).not.toContain('P-2');
    expect(bob).toContain('number of P-2');
    expect(bob).not.toContain('P-1');
    expect(renderer.waiting()).toBe(0);
  });

  it('escapes what the answers hold', async () => {
    const html = await renderer.render({
      route: 'policies',
      locale: 'en-GB',
      profileId: 'P-1',
      answers: { 'api/en/profiles/P-1/policies': ['<img src=x onerror=alert(1)>'] },
    });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
  });

  it('refuses a route without first reads, answers of another student, and an unknown language', async () => {
    await expect(
      renderer.render({ route: 'plain', locale: 'en-GB', profileId: 'P-1', answers: {} }),
    ).rejects.toThrow('No page with first api reads is named "plain".');
    await expect(
      renderer.render({
        route: 'policies',
        locale: 'en-GB',
        profileId: 'P-1',
        answers: { 'api/en/profiles/P-2/policies': [] },
      }),
    ).rejects.toThrow('The answers must be those of api/en/profiles/P-1/policies.');
    await expect(
      renderer.render({
        route: 'policies',
        locale: 'de' as 'nl',
        profileId: 'P-1',
        answers: { 'api/en/profiles/P-1/policies': [] },
      }),
    ).rejects.toThrow('"de" is not a language of the portal.');
  });

  it('drops a render whose turn comes after its deadline, and renders the next in time', async () => {
    const request = {
      route: 'policies',
      locale: 'en-GB' as const,
      profileId: 'P-1',
      answers: { 'api/en/profiles/P-1/policies': ['TR-2026-1'] },
    };
    await expect(renderer.render(request, { deadline: Date.now() - 1 })).rejects.toThrow(
      'The frame waited too long for its turn',
    );
    await expect(renderer.render(request, { deadline: Date.now() + 60_000 })).resolves.toContain('TR-2026-1');
    expect(renderer.waiting()).toBe(0);
  });

  it('fails each render, rather than the server, when its pages cannot load', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = {
      policies: Object.assign(() => <p>never</p>, { preload: () => Promise.reject(new Error('no chunk')) }),
    } as unknown as ExposedPages;
    const failing = createFrameRenderer({ pages: broken, routes });
    await expect(
      failing.render({ route: 'policies', locale: 'en-GB', profileId: 'P-1', answers: {} }),
    ).rejects.toThrow('no chunk');
    expect(error).toHaveBeenCalledWith('The pages of the frame renderer could not load:', expect.any(Error));
    error.mockRestore();
  });
});

// A content page as the service remote writes one: its query through the shared content client.
type Answer = { id: string; question: string; answerHtml: string };
const AnswersQuery: TypedDocumentNode<{ answers: Answer[] }, { lang: string }> = gql`
  query answers($lang: String!) {
    answers(language: $lang) {
      id
      question
      answerHtml
    }
  }
`;

function AnswersList({ qaId }: PageProps) {
  const [{ data }] = useQuery({ query: AnswersQuery, variables: { lang: contentLanguage(i18n.language) } });
  if (!data) return <p>Loading the answers…</p>;
  return (
    <ul>
      {data.answers.map((answer) => (
        <li key={answer.id} data-open={answer.id === qaId}>
          {answer.question}
          {answer.id === qaId ? <SanitizedHtml html={answer.answerHtml} /> : null}
        </li>
      ))}
    </ul>
  );
}

function AnswersPage(props: PageProps) {
  return (
    <Provider value={contentClient}>
      <AnswersList {...props} />
    </Provider>
  );
}

describe('createFrameRenderer with content pages', () => {
  const contentRoutes = {
    namespace: 'test',
    routes: [
      {
        name: 'answers',
        path: '/answers',
        titleKey: 'title',
        requiresAuth: false,
        page: 'answers',
        children: [
          { name: 'answer', path: ':qaId', titleKey: 'title', requiresAuth: false, page: 'answers' },
        ],
      },
    ],
  } as unknown as RemoteRoutes;
  const renderer = createFrameRenderer({
    pages: { answers: AnswersPage } as unknown as ExposedPages,
    routes: contentRoutes,
    content: { answers: [AnswersQuery], answer: [AnswersQuery] },
  });
  const answers = [
    {
      id: 'where',
      question: 'Where am I covered?',
      answerHtml:
        '<p>Worldwide<script>alert(1)</script> <a href="javascript:alert(1)" onclick="x()">x</a></p>',
    },
    { id: 'doctor', question: 'Do I pay the doctor?', answerHtml: '<p>Yes, then file a claim.</p>' },
  ];

  it('publishes the content queries of its content pages, by operation name', () => {
    expect(renderer.routes.get('answer')).toMatchObject({
      page: 'answers',
      preloadApi: [],
      path: '/answers/:qaId',
      content: { answers: expect.stringContaining('query answers($lang: String!)') },
    });
  });

  it('renders the page with its content and the URL’s parameters, the HTML sanitised', async () => {
    const html = await renderer.render({
      route: 'answer',
      locale: 'en-GB',
      pathname: '/answers/where',
      answers: {},
      content: { answers: { answers } },
    });
    expect(html).toContain('Where am I covered?');
    expect(html).toContain('Do I pay the doctor?');
    expect(html).toContain('<p>Worldwide <a>x</a></p>');
    expect(html).not.toMatch(/script|javascript|onclick/);
    expect(html).not.toContain('Yes, then file a claim.');
  });

  it('renders each request with its own content, in its language, and forgets it afterwards', async () => {
    const renamed = [{ ...answers[1]!, question: 'Betaal ik de dokter?' }];
    const dutch = await renderer.render({
      route: 'answers',
      locale: 'nl',
      pathname: '/answers',
      answers: {},
      content: { answers: { answers: renamed } },
    });
    expect(dutch).toContain('Betaal ik de dokter?');
    expect(dutch).not.toContain('Where am I covered?');
    // Nothing kept: the page rendered without the frame renderer shows its loading state.
    expect(await renderPage(AnswersPage, NOBODY)).toContain('Loading the answers…');
  });

  it('refuses a path of another page, missing or extra content, and api answers', async () => {
    const base = {
      route: 'answer',
      locale: 'en-GB' as const,
      answers: {},
      content: { answers: { answers } },
    };
    await expect(renderer.render({ ...base, pathname: '/other/where' })).rejects.toThrow(
      'The path is not one of the page’s (/answers/:qaId).',
    );
    await expect(renderer.render({ ...base, pathname: '/answers/where', content: {} })).rejects.toThrow(
      'The content must be that of answers.',
    );
    await expect(
      renderer.render({ ...base, pathname: '/answers/where', content: { answers: {}, other: {} } }),
    ).rejects.toThrow('The content must be that of answers.');
    await expect(
      renderer.render({ ...base, pathname: '/answers/where', answers: { 'api/en/x': [] } }),
    ).rejects.toThrow('A content page takes no api answers, only its content.');
  });

  it('refuses content queries for a route it does not have', () => {
    expect(() =>
      createFrameRenderer({ pages: {}, routes: contentRoutes, content: { nowhere: [AnswersQuery] } }),
    ).toThrow('No route "nowhere" to render content frames for.');
  });
});
