// Small console helpers so every script reports the same way.
const useColour = process.stdout.isTTY && !process.env.NO_COLOR && process.env.CI !== 'true';
const paint = (code) => (text) => (useColour ? `\u001b[${code}m${text}\u001b[0m` : text);

export const bold = paint('1');
export const dim = paint('2');
export const red = paint('31');
export const green = paint('32');
export const yellow = paint('33');
export const cyan = paint('36');

/** Announce a step. */
export function step(text) {
  console.log(`\n${bold(cyan('==>'))} ${bold(text)}`);
}

/** A warning that must not be missed. */
export function loud(text) {
  const line = '!'.repeat(78);
  console.warn(
    `${yellow(line)}\n${yellow('!!')} ${text.split('\n').join(`\n${yellow('!!')} `)}\n${yellow(line)}`,
  );
}
