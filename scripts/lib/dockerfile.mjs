// Reads the parts of a Dockerfile that the images check needs, with dockerfile-ast (the parser of the
// Dockerfile language server): its stages, and in the runtime stage the ENV pairs, WORKDIR, USER,
// EXPOSE, COPY --from, and CMD and HEALTHCHECK in exec form. The parser joins continued lines, drops
// comments, follows the escape directive and reads heredocs, quoted ENV values and FROM flags.
import { Copy, DockerfileParser, Env, From, Healthcheck } from 'dockerfile-ast';

/** @typedef {import('dockerfile-ast').Instruction} Instruction */

/**
 * @typedef {object} Stage
 * @property {string} from      base image
 * @property {string | null} name   `AS name`, if any
 * @property {Instruction[]} instructions   everything after FROM up to the next FROM
 */

/** The stages of a Dockerfile, in order. @param {string} text @returns {Stage[]} */
export function stages(text) {
  /** @type {Stage[]} */
  const list = [];
  for (const instruction of DockerfileParser.parse(text).getInstructions()) {
    const keyword = instruction.getKeyword();
    if (instruction instanceof From) {
      const from = instruction.getImage();
      if (!from) throw new Error(`Cannot read "FROM ${instruction.getArgumentsContent() ?? ''}".`);
      list.push({ from, name: instruction.getBuildStage(), instructions: [] });
    } else {
      if (list.length === 0) throw new Error(`${keyword} before the first FROM.`);
      list[list.length - 1]?.instructions.push(instruction);
    }
  }
  if (list.length === 0) throw new Error('The Dockerfile has no FROM.');
  return list;
}

/** An exec-form argument list (`["node", "main.js"]`); the shell form is refused. */
/** @param {string} args @param {string} what @returns {string[]} */
function execForm(args, what) {
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
  for (const instruction of final.instructions) {
    const keyword = instruction.getKeyword();
    const args = instruction.getArgumentsContent() ?? '';
    if (instruction instanceof Env) {
      for (const property of instruction.getProperties()) {
        const value = property.getValue();
        if (value === null) throw new Error(`Cannot read "ENV ${args}" (use KEY=value pairs).`);
        runtime.env[property.getName()] = value;
      }
    } else if (keyword === 'WORKDIR') runtime.workdir = args;
    else if (keyword === 'USER') runtime.user = args;
    else if (keyword === 'EXPOSE')
      runtime.expose.push(...instruction.getArguments().map((port) => port.getValue().split('/')[0] ?? ''));
    else if (keyword === 'CMD') runtime.cmd = execForm(args, 'CMD');
    else if (instruction instanceof Healthcheck) {
      // The arguments start after the options, with the subcommand.
      const subcommand = instruction.getSubcommand()?.getValue();
      if (subcommand?.toUpperCase() !== 'CMD')
        throw new Error(`HEALTHCHECK must be "[options] CMD [...]", got: ${args}`);
      runtime.healthcheck = execForm(args.slice(subcommand.length).trim(), 'HEALTHCHECK CMD');
    } else if (instruction instanceof Copy) {
      const from = instruction.getFromFlag()?.getValue();
      if (from) runtime.copiesFrom.push(from);
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
    for (const instruction of stage.instructions) {
      if (instruction.getKeyword() !== 'RUN') continue;
      // The parser's words, without the comments and line continuations between them.
      const line = instruction
        .getArguments()
        .map((word) => word.getValue())
        .join(' ');
      for (const command of line.split(/&&|;/).map((part) => part.trim())) {
        const words = command.split(/\s+/).map((word) => word.replace(/^"(.*)"$/, '$1'));
        if (words[0] === 'pnpm' && words.includes('deploy') && words.includes('--prod'))
          return words.slice(1);
      }
    }
  }
  return null;
}
