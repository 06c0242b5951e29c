import { VIEW_PART_DEPTH } from './view-patch';

/**
 * One audience's view as it was last sent, held as a tree of its parts (the cut of view-patch.ts:
 * plain objects split down to VIEW_PART_DEPTH, everything else one part), each part with its JSON
 * text. Bringing it up to a new view walks the new value and writes into a diff only the parts whose
 * text changed and the paths that went away: the same patch as `diffViewParts(cutView(prev),
 * cutView(next))`, without building the whole map of parts again for every push.
 *
 * Why a tree: a push used to cut every audience's whole view into a fresh Map (a key string built for
 * every part, hashed again on every lookup) and compare it with the last one. That was a third of
 * the memory a GM command allocated, and the garbage collector's pauses are the round trip's tail.
 * Here a part's path text is made once, when the part first appears, and a part whose text did not
 * change costs one string comparison.
 */

/** The JSON texts of a patch's `del` paths and `set` entries (patchJson makes the message). */
export interface ViewDiff {
  del: string[];
  set: string[];
}

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && (Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null);

/** A part's value when it is not a primitive (its text is then compared). */
const COMPOUND = Symbol('compound');

class PartNode {
  /** this path's JSON text when it is a part; null when it is an object cut further (or nothing yet) */
  text: string | null = null;
  /** the part's value when it is a primitive: an unchanged number or string is not serialized again */
  prim: unknown = COMPOUND;
  /**
   * The object this node was last brought up to (a part's value, or the object cut into its
   * children). The engine never writes into an object once a state holds it (a command copies what it
   * changes, working-copy.ts), and the views it makes from a state share those objects or are frozen,
   * so the same object has the same parts: nothing under it is serialized or compared again.
   */
  ref: object | null = null;
  children: Map<string, PartNode> | null = null;
  constructor(
    /** the path as JSON without its brackets (`"fight","view","round"`), as view-patch.ts writes it */
    readonly key: string,
  ) {}

  child(name: string): PartNode {
    this.children ??= new Map();
    let c = this.children.get(name);
    if (!c) {
      const sub = JSON.stringify(name);
      this.children.set(name, (c = new PartNode(this.key ? `${this.key},${sub}` : sub)));
    }
    return c;
  }
}

/** Every part under `node` goes away: their paths are deleted, and the nodes dropped. */
function dropAll(node: PartNode, diff: ViewDiff): void {
  if (node.text !== null) diff.del.push(`[${node.key}]`);
  node.text = null;
  node.prim = COMPOUND;
  node.ref = null;
  if (node.children) {
    for (const c of node.children.values()) dropAll(c, diff);
    node.children = null;
  }
}

/** Brings `node` (at `depth` from the view's root) up to `value`, writing what changed into `diff`. */
function update(node: PartNode, value: unknown, depth: number, diff: ViewDiff): void {
  // The same object as last time: nothing under it changed (see PartNode.ref).
  if (node.ref !== null && node.ref === value) return;
  if (depth < VIEW_PART_DEPTH && isPlainObject(value)) {
    let any = 0;
    for (const k in value) {
      const v = value[k];
      if (v === undefined || !Object.hasOwn(value, k)) continue;
      if (!any++) {
        // It was one part (a leaf, an empty object): that part goes, its new sub-parts are set.
        if (node.text !== null) {
          diff.del.push(`[${node.key}]`);
          node.text = null;
          node.prim = COMPOUND;
          node.ref = null;
        }
      }
      update(node.child(k), v, depth + 1, diff);
    }
    if (any) {
      // Keys the value no longer has: their parts go away. Every key it has has a node, so there are
      // such keys only when there are more nodes than keys.
      const children = node.children!;
      if (children.size > any) {
        for (const [k, c] of children) {
          if (Object.hasOwn(value, k) && value[k] !== undefined) continue;
          dropAll(c, diff);
          children.delete(k);
        }
      }
      node.ref = value;
      return;
    }
  }
  // One part: it replaces whatever was at or below this path.
  if (node.children) {
    for (const c of node.children.values()) dropAll(c, diff);
    node.children = null;
  }
  const primitive = value === null || typeof value !== 'object';
  if (primitive && node.text !== null && node.prim === value) return;
  node.prim = primitive ? value : COMPOUND;
  node.ref = primitive ? null : (value as object);
  const text = JSON.stringify(value) ?? 'null';
  if (text !== node.text) {
    diff.set.push(`[[${node.key}],${text}]`);
    node.text = text;
  }
}

/**
 * An audience's view, section by section (the view's top-level keys: `table`, `campaign`, `fight`,
 * `prompts`, `versions`). A section whose source has not moved since the last push (the same
 * `version` text) is not walked at all.
 */
export class ViewTree {
  private readonly root = new PartNode('');
  private readonly versions = new Map<string, string>();

  /**
   * Brings the section `name` up to `value()`, adding what changed to `diff`. With `version` (the
   * source's version, e.g. the fight's id and event count), `value` is called only when it differs
   * from the one given last time; null always looks.
   */
  section(name: string, version: string | null, value: () => unknown, diff: ViewDiff): void {
    if (version !== null) {
      if (this.versions.get(name) === version) return;
      this.versions.set(name, version);
    }
    update(this.root.child(name), value(), 1, diff);
  }
}
