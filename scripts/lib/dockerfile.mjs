// Reads the parts of a Dockerfile that the images check needs: its stages, and per stage the
// instructions with their arguments (ENV pairs, CMD and HEALTHCHECK in exec form, USER, RUN...).
// Enough for the Dockerfiles of this repository; not a full Dockerfile parser (no ARG expansion,
// no heredocs, no escape directive).

/**
 * @typedef {object} Instruction
 * @property {string} keyword   upper case (FROM, RUN, ENV, CMD, ...)
 * @property {string} args      the rest of the (joined) line
 */

/**
 * @typedef {object} Stage
 * @property {string} from      base image
 * @property {string | null} name   `AS name`, if any
 * @property {Instruction[]} instructions   everything after FROM up to the next FROM
 */

/** Splits a Dockerfile into instructions: comments dropped, `\` continuations joined. */
/** @param {string} text @returns {Instruction[]} */
export function instructions(text) {
  /** @type {Instruction[]} */
  const result = [];
  let pending = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    // A comment line inside a continued instruction is skipped, as Docker does.
    if (pending !== '' && line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    const whole = `${pending}${line}`.trim();
    pending = '';
    if (whole === '') continue;
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/s.exec(whole) ?? [];
    result.push({ keyword: keyword.toUpperCase(), args: args.trim() });
  }
  if (pending.trim() !== '') throw new Error('The Dockerfile ends inside a continued line.');
  return result;
}

/** The stages of a Dockerfile, in order. @param {string} text @returns {Stage[]} */
export function stages(text) {
  /** @type {Stage[]} */
  const list = [];
  for (const instruction of instructions(text)) {
    if (instruction.keyword === 'FROM') {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!match) throw new Error(`Cannot read "FROM ${instruction.args}".`);
      list.push({ from: match[1], name: match[2] ?? null, instructions: [] });
    } else {
      if (list.length === 0) throw new Error(`${instruction.keyword} before the first FROM.`);
      list[list.length - 1]?.instructions.push(instruction);
    }
  }
  if (list.length === 0) throw new Error('The Dockerfile has no FROM.');
  return list;
}

/** `ENV A=1 B="two words"` (and the legacy `ENV A 1`) as an object. */
/** @param {string} args @returns {Record<string, string>} */
export function envPairs(args) {
  const legacy = /^([A-Za-z_][A-Za-z0-9_]*)\s+([^=]*)$/.exec(args);
  if (legacy) return { [legacy[1]]: legacy[2].trim() };
  /** @type {Record<string, string>} */
  const env = {};
  const pattern = /([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g;
  for (const match of args.matchAll(pattern)) {
    env[match[1]] = match[2].startsWith('"') ? JSON.parse(match[2]) : match[2];
  }
  if (args.replace(pattern, '').trim() !== '')
    throw new Error(`Cannot read "ENV ${args}" (use KEY=value pairs).`);
  return env;
}

/** An exec-form argument list (`["node", "main.js"]`); the shell form is refused. */
/** @param {string} args @param {string} what @returns {string[]} */
export function execForm(args, what) {
  let argv;
  try {
    argv = JSON.parse(args);
  } catch {
    throw new Error(`${what} must use the exec form (a JSON array), got: ${args}`);
  }
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((part) => typeof part === 'string'))
    throw new Error(`${what} must be a non-empty JSON array of strings, got: ${args}`);
  return argv;
}

/**
 * What the final (runtime) stage of an image declares: its environment, working folder, user,
 * exposed ports, start command and health check command (both as argv).
 */
/**
 * @typedef {object} Runtime
 * @property {Stage[]} stages
 * @property {string} from
 * @property {Record<string, string>} env
 * @property {string} workdir
 * @property {string | null} user
 * @property {string[]} expose
 * @property {string[] | null} cmd
 * @property {string[] | null} healthcheck
 * @property {string[]} copiesFrom
 */

/** @param {string} text @returns {Runtime} */
export function runtimeOf(text) {
  const all = stages(text);
  // stages() throws on a Dockerfile without FROM, so there is a last stage.
  const final = /** @type {Stage} */ (all[all.length - 1]);
  /** @type {Runtime} */
  const runtime = {
    stages: all,
    from: final.from,
    env: {},
    workdir: '/',
    user: null,
    expose: [],
    cmd: null,
    healthcheck: null,
    copiesFrom: [],
  };
  for (const { keyword, args } of final.instructions) {
    if (keyword === 'ENV') Object.assign(runtime.env, envPairs(args));
    else if (keyword === 'WORKDIR') runtime.workdir = args;
    else if (keyword === 'USER') runtime.user = args;
    else if (keyword === 'EXPOSE')
      runtime.expose.push(...args.split(/\s+/).map((port) => port.split('/')[0]));
    else if (keyword === 'CMD') runtime.cmd = execForm(args, 'CMD');
    else if (keyword === 'HEALTHCHECK') {
      const match = /^((?:--[a-z-]+=\S+\s+)*)CMD\s+(.*)$/s.exec(args);
      if (!match) throw new Error(`HEALTHCHECK must be "[options] CMD [...]", got: ${args}`);
      runtime.healthcheck = execForm(match[2], 'HEALTHCHECK CMD');
    } else if (keyword === 'COPY') {
      const from = /--from=(\S+)/.exec(args);
      if (from) runtime.copiesFrom.push(from[1]);
    }
  }
  return runtime;
}

const ROOT_USERS = new Set(['root', '0', '0:0', 'root:root']);

/** Problems of a runtime stage (an empty list when it is what ops should run). */
export function imageProblems(runtime, deployCommand) {
  const problems = [];
  if (runtime.stages.length < 2) problems.push('it has one stage: build and runtime are not separated');
  if (!deployCommand) problems.push('no build stage runs "pnpm … deploy --prod"');
  if (runtime.copiesFrom.length === 0) problems.push('the runtime stage copies nothing from the build stage');
  if (!runtime.user || ROOT_USERS.has(runtime.user))
    problems.push('the runtime stage runs as root (no USER)');
  if (!runtime.healthcheck) problems.push('the runtime stage has no HEALTHCHECK');
  // The image runs the Node the project is tested on (docs/versions.md): the exact version, not a tag
  // that moves.
  for (const stage of runtime.stages)
    if (/^node:/.test(stage.from) && !/^node:\d+\.\d+\.\d+(-[\w.-]+)?$/.test(stage.from))
      problems.push(`the stage FROM ${stage.from} names no exact Node version`);
  if (!runtime.cmd) problems.push('the runtime stage has no CMD');
  else if (runtime.cmd.some((part) => /\b(tsx|pnpm|npm)\b/.test(part)))
    problems.push(`the CMD runs through a tool instead of node: ${runtime.cmd.join(' ')}`);
  return problems;
}

/** The `pnpm … deploy --prod … <folder>` part of a build stage's RUN, as argv without `pnpm`. */
export function deployCommandOf(stages) {
  for (const stage of stages.slice(0, -1)) {
    for (const { keyword, args } of stage.instructions) {
      if (keyword !== 'RUN') continue;
      for (const command of args.split(/&&|;/).map((part) => part.trim())) {
        const words = command.split(/\s+/).map((word) => word.replace(/^"(.*)"$/, '$1'));
        if (words[0] === 'pnpm' && words.includes('deploy') && words.includes('--prod'))
          return words.slice(1);
      }
    }
  }
  return null;
}
