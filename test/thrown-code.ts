// What a typed error says went wrong, for tests that check the code a call is refused with.

/** The `code` of what `run` throws (a SpaceError, a SetupError, …), or undefined when it returns. */
export function thrownCode<C extends string>(run: () => unknown): C | undefined {
  try {
    run();
  } catch (error) {
    return (error as { code?: C }).code;
  }
  return undefined;
}
