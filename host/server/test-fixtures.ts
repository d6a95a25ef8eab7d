// What a remote's build publishes and what the host's build prerenders, as the host server's tests
// give it: one copy for the tests of each part.

/** A remote's mf-manifest.json: its entry and the scripts of its `./pages`. */
export const MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [{ name: 'pages', path: './pages', assets: { js: { sync: ['assets/pages.1234abcd.js'] } } }],
};

/** A remote's page-assets.json: the scripts and styles of each lazy page chunk. */
export const PAGE_ASSETS = {
  'page-login': {
    js: ['assets/454.aaaa1111.js', 'assets/page-login.bbbb2222.js'],
    css: ['assets/page-login.cccc3333.css'],
  },
  'page-reset-password': { js: ['assets/page-reset-password.dddd4444.js'], css: [] },
};

const SLOT = '<template id="prerendered-page"></template>';
const shellHtml = (label: string) => `<div class="app"><header>${label}</header><main>${SLOT}</main></div>`;

/** The host's prerendered layout, per language, for a visitor and a student, by current entry. */
export const SHELL = {
  'en-GB': {
    guest: { '': shellHtml('guest'), '/login': shellHtml('guest, Log in current') },
    member: { '': shellHtml('member'), '/insurances': shellHtml('member, My Insurance current') },
  },
  nl: {
    guest: { '': shellHtml('gast'), '/login': shellHtml('gast, Inloggen huidig') },
    member: { '': shellHtml('lid'), '/insurances': shellHtml('lid, Mijn verzekering huidig') },
  },
};
