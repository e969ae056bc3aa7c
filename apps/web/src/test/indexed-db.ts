import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { deserialize, serialize } from 'node:v8';

// IndexedDB for the tests of what the browser keeps (the till's offline copy and
// queue). fake-indexeddb copies values with structuredClone, which jsdom lacks:
// Node's serializer is the same algorithm.
globalThis.structuredClone ??= <T>(value: T): T => deserialize(serialize(value)) as T;

/** An empty IndexedDB for the next test; opening the same database again plays a browser restart. */
export function freshIndexedDb(): void {
  globalThis.indexedDB = new IDBFactory();
}
