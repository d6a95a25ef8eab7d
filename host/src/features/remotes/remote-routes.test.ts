import { useRouteTables } from './remote-routes';

const TABLE = {
  version: 1,
  namespace: 'billing',
  routes: [
    {
      name: 'invoices',
      contentPage: 'invoices',
      titleKey: 't',
      requiresAuth: true,
      page: 'invoices',
      title: { 'en-GB': 'Invoices' },
    },
  ],
};

describe('useRouteTables', () => {
  let fetchMock: jest.SpyInstance;
  beforeEach(() => {
    fetchMock = jest.spyOn(globalThis, 'fetch');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("should fetch each configured remote's routes.json beside its manifest, and mark the rest absent", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(TABLE)));
    await useRouteTables.getState().load({ billing: 'http://billing.test/mf-manifest.json' });
    expect(fetchMock).toHaveBeenCalledWith('http://billing.test/routes.json', expect.anything());
    const { tables } = useRouteTables.getState();
    expect(tables.billing).toEqual({ state: 'loaded', routes: TABLE });
    expect(tables.account).toEqual({ state: 'absent' });
  });

  it('should take a valid table the server embedded, and fetch instead of an invalid one', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(TABLE)));
    await useRouteTables
      .getState()
      .load(
        { billing: 'http://billing.test/mf-manifest.json', service: 'http://service.test/mf-manifest.json' },
        { billing: TABLE, service: { version: 99 } },
      );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('http://service.test/routes.json', expect.anything());
    expect(useRouteTables.getState().tables.billing?.state).toBe('loaded');
  });

  it('should mark a remote that cannot be reached as failed, and load it on retry', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await useRouteTables.getState().load({ billing: 'http://billing.test/mf-manifest.json' });
    expect(useRouteTables.getState().tables.billing).toEqual({ state: 'failed' });
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(TABLE)));
    await useRouteTables.getState().retryFailed();
    expect(useRouteTables.getState().tables.billing?.state).toBe('loaded');
  });
});
