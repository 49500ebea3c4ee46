import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time on this machine's two cores (Vitest's default is one less than the
    // cores): a camera test mostly waits on its video playing in real time, a unit file mostly
    // computes, so side by side they keep both cores busy.
    maxWorkers: 2,
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
