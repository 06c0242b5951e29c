import { SetupError } from '@fray/engine';

/** The SetupError `make` throws (issue 18 item 6); anything else thrown, or nothing, fails the test. */
export function setupRefusal(make: () => unknown): SetupError {
  try {
    make();
  } catch (e) {
    if (e instanceof SetupError) return e;
    throw e;
  }
  throw new Error('the set-up was accepted');
}
