// Web Worker: solves a store access puzzle off the main thread and reports progress.
import { type PuzzleToSolve, solvePuzzle } from '@/lib/store-access/solve-puzzle';

export type PowWorkerMessage = { type: 'progress'; tried: number } | { type: 'done'; solution: number | null };

const scope = self as unknown as { postMessage(message: PowWorkerMessage): void };

self.onmessage = (event: MessageEvent<PuzzleToSolve>) => {
  const solution = solvePuzzle(event.data, (tried) => scope.postMessage({ type: 'progress', tried }), 20_000);
  scope.postMessage({ type: 'done', solution });
};
