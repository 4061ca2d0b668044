/**
 * The lab's spin lock: one 32-bit word of an `Int32Array` (over a `SharedArrayBuffer` when threads
 * share it), 0 when free and 1 when held, taken with `Atomics.compareExchange`.
 */

/**
 * Takes the lock in word `index` of `array`, spinning until it is free: test and test-and-set (a
 * waiting thread reads the word until the lock looks free, and only then tries to take it, so that
 * it does not pull the cache line from the holder at each try). After 1000 reads it gives the core
 * away for 50 µs (`Atomics.wait`, so `array` must be shared when the lock can be held by another
 * thread): with more threads than cores the holder may be descheduled.
 */
export function spinLock(array: Int32Array, index: number): void {
	let spins = 0;
	while (Atomics.compareExchange(array, index, 0, 1) !== 0) {
		while (Atomics.load(array, index) !== 0) {
			if (++spins > 1000) {
				Atomics.wait(array, index, 1, 0.05);
				spins = 0;
			}
		}
	}
}

/** Releases the lock in word `index` of `array` (taken by `spinLock`). */
export function spinUnlock(array: Int32Array, index: number): void {
	Atomics.store(array, index, 0);
}
