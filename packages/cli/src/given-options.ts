/**
 * The options a command line gave: those left out (undefined) dropped, so that an options object whose
 * fields are optional (`exactOptionalPropertyTypes`: absent, never undefined) takes the rest as they are.
 */
export function given<T extends Record<string, unknown>>(options: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
