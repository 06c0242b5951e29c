import type { GridSpaceState } from './grid-state';
import type { ZoneSpaceState } from './zone-state';

/** Where creatures are: a square grid or theatre-of-the-mind zones, told apart by `kind`. */
export type SpaceState = GridSpaceState | ZoneSpaceState;

// Compile-time proof that space state is plain JSON data and can be stored as-is in encounter
// state: this fails to build if a state type gains a class, a Map, undefined or a function.
type PlainJson = null | boolean | number | string | PlainJson[] | { [key: string]: PlainJson };
type AssertPlainJson<T extends PlainJson> = T;
export type _SpaceStateIsPlainJson = AssertPlainJson<SpaceState>;
