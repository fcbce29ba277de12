/**
 * `work` for every entry of `entries`, at most `limit` at a time, the results in the entries' order. After a
 * failure no new run starts; the first failure is what the returned promise rejects with, once the runs under way
 * have ended.
 */
export async function mapPooled<T, R>(
	entries: readonly T[],
	limit: number,
	work: (entry: T, index: number) => Promise<R>,
): Promise<R[]> {
	const results: R[] = new Array(entries.length);
	let next = 0;
	let failed = false;
	const worker = async (): Promise<void> => {
		while (!failed && next < entries.length) {
			const index = next++;
			results[index] = await work(entries[index], index).catch((error: unknown) => {
				failed = true;
				return Promise.reject(error);
			});
		}
	};
	const runs = Array.from({ length: Math.max(1, Math.min(limit, entries.length)) }, worker);
	const settled = await Promise.allSettled(runs);
	const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
	return failure ? await Promise.reject(failure.reason) : results;
}
