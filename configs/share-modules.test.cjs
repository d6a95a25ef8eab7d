// The start-up plan reads shared modules through public APIs; a change in how they identify
// themselves must fail the build loudly, never plan a start-up that waits for itself.
const assert = require('node:assert/strict');
const { test } = require('node:test');
const { providedShareIds, consumedShareIds } = require('./share-modules.cjs');

const provideModule = (ident) => ({ libIdent: () => ident });

test('should read the scope and key of a provided module, keys with slashes and layers included', () => {
  assert.deepEqual(providedShareIds(provideModule('webpack/sharing/provide/default/react'), '/'), [
    'default|react',
  ]);
  assert.deepEqual(
    providedShareIds(provideModule('(client)/webpack/sharing/provide/default/@portal/shared/router'), '/'),
    ['default|@portal/shared/router'],
  );
  assert.deepEqual(providedShareIds(provideModule('webpack/sharing/provide/a,b/react/jsx-runtime'), '/'), [
    'a|react/jsx-runtime',
    'b|react/jsx-runtime',
  ]);
});

test('should fail with a clear message when a provided module no longer reads as expected', () => {
  assert.throws(
    () => providedShareIds(provideModule('provide module (default) react@19.2.0 = react'), '/'),
    /changed how provide modules identify themselves/,
  );
  assert.throws(() => providedShareIds(provideModule(null), '/'), /cannot read the provided shared module/);
});

test('should read the scope and key a consume module asks for', () => {
  assert.deepEqual(consumedShareIds({ options: { shareScope: 'default', shareKey: 'zustand' } }), [
    'default|zustand',
  ]);
  assert.deepEqual(consumedShareIds({ options: { shareScope: ['default', 'x'], shareKey: 'react' } }), [
    'default|react',
    'x|react',
  ]);
});
