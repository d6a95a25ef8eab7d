// Which shared module a federation provide or consume module stands for, read through public APIs
// only: a consume module's `options` (the options it was created with) and a provide module's
// `libIdent()` (the stable identifier webpack builds module ids from). The start-up plugins need this
// to know which chunk provides what another chunk consumes.

/** Module types of the federation's provide and consume modules (@module-federation/enhanced). */
const PROVIDE_SHARED_MODULE_TYPE = 'provide-module';
const CONSUME_SHARED_MODULE_TYPE = 'consume-shared-module';

/** `webpack/sharing/provide/<scope>/<key>`, after an optional `(<layer>)/`. */
const PROVIDE_IDENT = /^(?:\([^)]*\)\/)?webpack\/sharing\/provide\/([^/]+)\/(.+)$/;

/** @param {string | string[]} scope @param {string} key */
const shareIds = (scope, key) => (Array.isArray(scope) ? scope : [scope]).map((name) => `${name}|${key}`);

/**
 * `scope|shareKey` of what a provide module registers. Throws, failing the build, when the module's
 * identifier is not of the form this reads: a start-up plan built on a wrong reading would make the
 * page wait for itself.
 * @param {any} module a module of type {@link PROVIDE_SHARED_MODULE_TYPE}
 * @param {string} context the compiler's context
 * @returns {string[]}
 */
function providedShareIds(module, context) {
  const ident = module.libIdent({ context });
  const match = typeof ident === 'string' ? PROVIDE_IDENT.exec(ident) : null;
  if (!match) {
    throw new Error(
      `configs/share-modules.cjs cannot read the provided shared module "${ident}": ` +
        '@module-federation/enhanced or webpack changed how provide modules identify themselves ' +
        '(expected "webpack/sharing/provide/<scope>/<key>"). Check the versions in docs/versions.md.',
    );
  }
  return shareIds((match[1] ?? '').split(','), match[2] ?? '');
}

/**
 * `scope|shareKey` of what a consume module asks for.
 * @param {any} module a module of type {@link CONSUME_SHARED_MODULE_TYPE}
 * @returns {string[]}
 */
function consumedShareIds(module) {
  const { shareScope, shareKey } = module.options;
  return shareIds(shareScope, shareKey);
}

module.exports = {
  PROVIDE_SHARED_MODULE_TYPE,
  CONSUME_SHARED_MODULE_TYPE,
  providedShareIds,
  consumedShareIds,
};
