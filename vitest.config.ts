import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default, one file fewer than the cores, but at least two: on CI's two cores one
    // file at a time left a core idle while a camera test waited on its video playing in real time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          // Speed is measured in bench/, not asserted: a timeout only catches a hang, and CI's two
          // cores run several heavy suites side by side.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // test/electron/ holds the Electron smoke test: it runs in the real app where an Electron
          // binary is installed and is skipped, saying why, where not.
          include: ['test/e2e/**/*.e2e.ts', 'test/electron/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
