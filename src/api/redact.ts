/** Returns a function that replaces every secret (and any Bearer token) in a string. */
export function redactor(secrets: (string | undefined)[]): (s: string) => string {
  const list = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4);
  return (s: string) => {
    let out = s;
    for (const secret of list) out = out.split(secret).join('[redacted]');
    return out.replace(/Bearer\s+(?!\[redacted\])\S+/gi, 'Bearer [redacted]');
  };
}

/** Last four characters, for `profiles list`. */
export function maskKey(key: string): string {
  return key.length <= 4 ? '****' : `****${key.slice(-4)}`;
}
