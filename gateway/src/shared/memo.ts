/**
 * `f` remembered per argument object, held weakly (gone with the object). The ETL computes a batch's
 * cells, days and notes from its row arrays while the batch before is written (the read ahead's
 * prepare), so its transaction finds them made. The object must not change after the first call.
 */
export function memoized<K extends object, V>(f: (k: K) => V): (k: K) => V {
  const memo = new WeakMap<K, V>();
  return (k) => {
    if (memo.has(k)) return memo.get(k) as V;
    const v = f(k);
    memo.set(k, v);
    return v;
  };
}

/**
 * One turn of the event loop (I/O callbacks run meanwhile): long JS work done beside a transaction
 * (the ETL's read ahead) awaits it between slices, so the transaction's replies are not kept waiting.
 */
export const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
