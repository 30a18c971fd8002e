/** `--name value` and `--flag` command-line options; numbers are checked, unknown names refused. */
export function parseArgs<T extends Record<string, number | string | boolean | undefined>>(
  argv: string[],
  defaults: T,
): T {
  const out: Record<string, number | string | boolean | undefined> = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument "${arg}"`);
    const [rawName, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const name = rawName.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (!(name in defaults)) throw new Error(`Unknown option --${rawName} (known: ${Object.keys(defaults).join(', ')})`);
    const kind = typeof defaults[name];
    if (kind === 'boolean' && inline === undefined) {
      out[name] = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`--${rawName} needs a value`);
    if (kind === 'number') {
      const n = Number(value.replace(/_/g, '').replace(/k$/i, '000').replace(/m$/i, '000000'));
      if (!Number.isFinite(n) || n < 0) throw new Error(`--${rawName} must be a non-negative number`);
      out[name] = n;
    } else if (kind === 'boolean') {
      out[name] = value === 'true';
    } else out[name] = value;
  }
  return out as T;
}
